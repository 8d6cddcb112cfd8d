/**
 * Issue 27's measures of whether the interviewer listens, defined here once so that the "before"
 * and the "after" are counted alike. Each reads only the messages (and, for the record, the turn's
 * review), never the interviewer's own reasons, so a model's wording is judged as the rules' is.
 */
import { pointOf } from "../../packages/ai/src/interview/readback";
import { READ_BACK_OPENING } from "../../packages/ai/src/interview/state";
import { sense } from "../../packages/ai/src/interview/text";
import { FAREWELL } from "../../packages/ai/src/interview/vocabulary";
import { analyze, isContent, type Token, tokensOf } from "../../packages/ai/src/text";
import { lexnamesOf } from "../../packages/ai/src/text/lexicon";
import { findNeeds } from "../../packages/ai/src/writer/needs";
import type { Replay } from "./replay";

const lemmasOf = (text: string, min = 4) =>
  new Set(
    tokensOf(text)
      .filter((t) => (isContent(t) || t.pos === "NUM") && t.text.length >= min)
      .map((t) => t.lemma),
  );

const sentencesOf = (text: string) => analyze(text).map((s) => s.text.trim());

/** A span in double quotes (straight, curly or guillemets). */
const QUOTED = /["“«]([^"”»]{2,80})["”»]/g;

/** Leads that only announce an echo: "You mentioned …", "You said …", "Noted: …". */
const ECHO_LEAD = /^(?:so,?\s+)?(?:you (?:mentioned|said|noted|told me)|noted:?|you're saying|i heard)\b/i;

/**
 * A mechanical quote-back: the reply opens with a statement (not the question) that only echoes
 * the last answer: a quoted span copied from it, or an echo lead followed by a fragment of it that
 * is not a noun phrase ("You mentioned three ski resorts located."). A term quoted inside the
 * question ('What do you mean by "X"?') is not one: there its meaning is the question.
 */
export function mechanicalQuoteBack(reply: string, answer: string): boolean {
  const first = sentencesOf(reply)[0] ?? "";
  if (!first || first.endsWith("?")) return false;
  const said = answer.toLowerCase();
  for (const m of first.matchAll(QUOTED)) if (said.includes(m[1]!.toLowerCase().trim())) return true;
  if (!ECHO_LEAD.test(first)) return false;
  const rest = first.replace(ECHO_LEAD, "").replace(/^[\s:,]+|[.!\s]+$/g, "");
  if (!rest || !said.includes(rest.toLowerCase())) return false;
  const last = tokensOf(rest)
    .filter((t) => t.pos !== "PUNCT")
    .at(-1);
  return !last || !["NOUN", "PROPN", "NUM"].includes(last.pos);
}

/** The question a message asks: its last sentence ending with "?", or null. */
export const questionIn = (text: string) =>
  sentencesOf(text)
    .filter((s) => s.endsWith("?"))
    .at(-1) ?? null;

/**
 * A question's frame: its words with what it is about taken out. Quoted spans, and content words
 * the participant used in their last answer or that name the project (its brief and plan topics),
 * become one slot; the rest is the frame ("What would X change for the business, if anything?").
 */
export function frameOf(question: string, answer: string, projectWords: ReadonlySet<string>): string {
  const about = new Set([...lemmasOf(answer, 1), ...projectWords]);
  const text = question.replace(QUOTED, " SLOT ");
  const words: string[] = [];
  for (const t of tokensOf(text)) {
    if (t.pos === "PUNCT") continue;
    const slot = t.text === "SLOT" || ((isContent(t) || t.pos === "NUM") && about.has(t.lemma));
    const word = slot ? "X" : t.normal;
    if (word === "X" && words.at(-1) === "X") continue;
    words.push(word);
  }
  return words.join(" ");
}

/**
 * How a participant's message asks the interviewer something, or null when it asks nothing:
 * to repeat, to explain what was meant, to confirm a guess at what was meant ("so you mean …?"),
 * for the interviewer's own view ("would that be a solution for you?"), for help, for a summary,
 * or anything else (a question of fact).
 */
export type AskKind = "repeat" | "meaning" | "check" | "opinion" | "help" | "summary" | "other";

const SUMMARY = /\b(?:summary|summari[sz]e|recap)\b/i;

const REPEAT = /\b(?:repeat (?:that|the question|it)|say (?:that|it) again|come again|pardon)\b/i;
const MEANING =
  /\b(?:what do you mean|what does (?:that|this|it) mean|what is meant|i don'?t understand|do not understand|not sure what you mean|what are you asking)\b/i;
const CHECK =
  /\b(?:(?:do|did) you mean|you mean|you(?:'re| are) asking|are you asking|is that what you (?:mean|meant))\b/i;
/** Asking the interviewer's own view: "what would you prefer", "what do you think". */
const OPINION =
  /\b(?:do you think|what do you think|what would you (?:prefer|suggest|recommend|advise|do)|your (?:opinion|view|preference))\b/i;
/** The same, only when the sentence asks: "would that be a solution for you?", "is that better?". */
const OPINION_ASKED =
  /\b(?:would (?:that|this|it) be|is (?:that|this|it) (?:a |an )?(?:good|better|ok|okay|fine|right|enough|solution|idea)|(?:would|do) you (?:prefer|like|recommend|suggest|choose))\b/i;
const HELP =
  /\b(?:(?:could|can|would|will) you help|help me (?:with|decide|choose|out)|any (?:ideas|suggestions))\b/i;
const ASKING_OPENING =
  /^(?:can|could|would|will|do|does|is|are|should|what|how|why|which|who|where|when)\b.*\b(?:you|we)\b/i;

/** The sentence of an answer that asks the interviewer something, and how, or null. */
export function participantAsks(answer: string): { sentence: string; kind: AskKind } | null {
  for (const sentence of sentencesOf(answer)) {
    const asking = sentence.endsWith("?") || ASKING_OPENING.test(sentence);
    const kind: AskKind | null = REPEAT.test(sentence)
      ? "repeat"
      : SUMMARY.test(sentence) && asking
        ? "summary"
        : MEANING.test(sentence)
          ? "meaning"
          : HELP.test(sentence)
            ? "help"
            : CHECK.test(sentence) && asking
              ? "check"
              : OPINION.test(sentence) || (OPINION_ASKED.test(sentence) && asking)
                ? "opinion"
                : asking
                  ? "other"
                  : null;
    if (kind) return { sentence, kind };
  }
  return null;
}

/** What a reply says before its question: the statements an answer to the participant would be in. */
const statementsOf = (reply: string) => sentencesOf(reply).filter((s) => !s.endsWith("?"));

const NEEDS_MORE_ASKED = /\b(?:you need|need from me|brauchen sie|benötigen sie|sie von mir)\b/i;
const NEEDS_MORE_ANSWERED =
  /\b(?:nothing (?:more|else)|no(?:thing)? more (?:is )?needed|that'?s all i need)\b/i;
const CLOSING_ONLY = /'End Interview'|thanks again/i;
/** The stock reply for a question of fact nobody can answer yet: no answer to any other kind. */
const STOCK = /\b(?:the team will|i don'?t know that)\b/i;
const ADMITS =
  /\b(?:i don'?t know|i can'?t (?:say|tell|decide|promise)|the team will|not something i can)\b/i;
/** Handing a judgement back to the participant: it is theirs (and the team's) to make. */
const HANDS_BACK =
  /\b(?:up to you|your (?:call|decision|choice)|for you(?: and the team)? to (?:judge|decide|say)|you (?:and the team )?(?:know|decide|judge) best|whether it would work for you)\b/i;

/**
 * Whether a reply answers the participant's question, by what was asked; a statement is one of
 * the reply's sentences before its question, not the closing line and not an echo of the asking:
 *  - repeat: the reply asks the previous question again (60% of its content words);
 *  - summary: the reply is the read-back;
 *  - meaning, check: a statement restates the previous question (half of its content words), or
 *    with no previous question says three things of substance; the stock line does not count;
 *  - opinion: a statement hands the judgement back to the participant ("for you and the team to
 *    judge", "up to you", "your call"); the stock line does not count;
 *  - help: a statement of three content words or more, the stock line not counting;
 *  - other (a question of fact): a statement takes up the question's words, or says plainly that
 *    the interviewer does not know and who will (the stock line: "I don't know that …; the team will").
 * The previous question is the last one the interviewer asked before, in whichever message.
 */
export function answersQuestion(
  ask: { sentence: string; kind: AskKind },
  reply: string,
  previousQuestion: string | null,
): boolean {
  if (ask.kind === "repeat" && previousQuestion) {
    const again = lemmasOf(previousQuestion);
    const own = lemmasOf(reply);
    return [...again].filter((l) => own.has(l)).length >= Math.ceil(again.size * 0.6);
  }
  // Only a request for a summary is answered by the read-back.
  if (reply.startsWith(READ_BACK_OPENING)) return ask.kind === "summary";
  if (ask.kind === "summary") return false;
  // "Do you need anything else from me?" is answered by whether anything is needed (the readers
  // judged "the team will know" to it meaningless, which the checks below counted as an answer).
  if (NEEDS_MORE_ASKED.test(ask.sentence)) return NEEDS_MORE_ANSWERED.test(reply);
  const asked = lemmasOf(ask.sentence);
  return statementsOf(reply).some((s) => {
    if (CLOSING_ONLY.test(s) && !ADMITS.test(s) && !HANDS_BACK.test(s)) return false;
    // An echo of their words is no answer to them.
    if (ECHO_LEAD.test(s) || mechanicalQuoteBack(s, ask.sentence)) return false;
    const own = lemmasOf(s);
    switch (ask.kind) {
      case "meaning":
      case "check": {
        if (STOCK.test(s)) return false;
        if (!previousQuestion) return own.size >= 3;
        const before = lemmasOf(previousQuestion);
        return [...before].filter((l) => own.has(l)).length >= Math.max(1, Math.ceil(before.size / 2));
      }
      case "opinion":
        return HANDS_BACK.test(s);
      case "help":
        return !STOCK.test(s) && own.size >= 3;
      default:
        return ADMITS.test(s) || [...asked].some((l) => own.has(l));
    }
  });
}

/** The needs a participant's answer states (the writer's grammar), not refusals. */
export const needsIn = (answer: string) => findNeeds(answer).filter((n) => !n.negated && n.action.length);

/**
 * Acknowledged in the participant's own words: the reply repeats at least two of the need's
 * content words (all, when fewer), compared by sense as the evals compare them (an action noun
 * meets its verb: "tracking" meets "track"). The need's words are its action's, or its clause's
 * when the action has none ("it should be done manually"); the reply's are its nouns, verbs and
 * adjectives, stop words too (wink counts "show" as one).
 */
export function acknowledges(reply: string, need: { action: Token[]; clause: Token[] }): boolean {
  const senses = (tokens: Token[]) =>
    new Set(tokens.filter((t) => isContent(t) && t.text.length >= 3).map(sense));
  const action = senses(need.action);
  const wanted = action.size ? action : senses(need.clause);
  if (!wanted.size) return false;
  const own = new Set(
    tokensOf(reply)
      .filter((t) => ["NOUN", "VERB", "ADJ", "PROPN"].includes(t.pos) && t.text.length >= 3)
      .map(sense),
  );
  return [...wanted].filter((l) => own.has(l)).length >= Math.min(2, wanted.size);
}

/** Sentences that say something back to the participant (not the closing line). */
const SAYS_BACK = /\b(?:got it|you'd like|you would like|you don't want|you said|in your (?:own )?words)\b/i;
const CANNOT_END = new Set(["DET", "CCONJ", "ADP", "SCONJ", "AUX", "PART"]);
const SUBJECT = /^(?:i|we|you|they|he|she)$/;
const CALENDAR =
  /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december)$/i;

/**
 * Visible flaws in what a reply says back, outside quotation marks (inside them are the
 * participant's own words): markdown marks; a colon inside it; an ordinary English word (one
 * WordNet knows) capitalised mid-sentence, names and acronyms aside; "I", "my", "we" or "our" (said
 * back, the participant is "you"); a desire run into a subject ("you'd like you …"); a doubled
 * space; and a said-back sentence ending on a word no sentence ends on (an article, a conjunction,
 * a preposition, an auxiliary, a subject pronoun).
 */
export function sayBackFlaws(reply: string): string[] {
  const flaws: string[] = [];
  for (const sentence of sentencesOf(reply)) {
    if (!SAYS_BACK.test(sentence) || sentence.endsWith("?")) continue;
    const own = sentence.replace(/[“"«][^”"»]*[”"»]/g, " QUOTED ").replace(/'End Interview'/g, "");
    if (/\*\*|__|`|(?:^|\s)#{1,6}\s/.test(own)) flaws.push(`markup: ${sentence}`);
    if (/:\s*(?!\s|QUOTED)\S/.test(own.replace(/^got it:\s*/i, ""))) flaws.push(`colon: ${sentence}`);
    if (/ {2}/.test(sentence)) flaws.push(`double space: ${sentence}`);
    if (/\byou(?:'d| would) like (?:you|i|we|they)\b/i.test(own))
      flaws.push(`desire into a subject: ${sentence}`);
    // What is said back: after "you'd like", "you don't want" or "you said", when one is there.
    const lead = /\byou(?:'d| would) like\b|\byou don't want\b|\byou said\b/i.exec(own);
    const tokens = tokensOf(lead ? own.slice(lead.index) : own).filter((t) => t.pos !== "PUNCT");
    tokens.forEach((t, i) => {
      if (i === 0 || !/^[A-Z][a-z]/.test(t.text) || CALENDAR.test(t.text)) return;
      if (lexnamesOf(t.normal).length) flaws.push(`capital "${t.text}": ${sentence}`);
    });
    if (lead && tokens.some((t) => /^(?:i|my|we|our|me|us)$/.test(t.normal) && t.text !== "US"))
      flaws.push(`first person: ${sentence}`);
    const last = tokens.at(-1);
    if (last && !/[”"»]\W*$/.test(sentence) && (CANNOT_END.has(last.pos) || SUBJECT.test(last.normal)))
      flaws.push(`ends on "${last.text}": ${sentence}`);
  }
  return flaws;
}

export interface ListeningFigures {
  id: string;
  answers: number;
  replies: number;
  mechanical: number;
  mechanicalExamples: string[];
  frames: Map<string, number>;
  framesThrice: number;
  asks: Array<{ sentence: string; kind: AskKind; reply: string; answered: boolean }>;
  /** Answers before the read-back, and whether the read-back came while needs still came and time remained. */
  answersBeforeReadBack: number;
  earlyClose: boolean;
  /**
   * Answers given after the read-back that state a need (the writer's grammar): whether the reply
   * takes up one of the answer's needs in its own words, and whether every need sentence of it was
   * added to the stored read-back.
   */
  lateNeeds: Array<{
    need: string;
    needs: number;
    reply: string;
    acknowledged: boolean;
    recorded: boolean;
    flaws: string[];
  }>;
  /** Every follow-up question, with the answer it follows. */
  followUps: Array<{ answer: string; question: string }>;
  repeatedMessages: number;
  /** Questions that ask the participant to design the solution ("How should the system …?"). */
  solutionAsks: number;
  stacked: number;
  turnMs: number[];
}

/** Asking for a solution rather than the need behind it (side study's "No Asking for Solutions"). */
const SOLUTION_ASK =
  /\b(?:how (?:should|would|could) (?:we|you|the team|the system|it) (?:build|design|implement|integrate|architect|structure)|what (?:technology|tech stack|architecture|database|framework)|how would you (?:design|build|implement|solve))\b/i;

const STACKED = /,\s+(and|or)\s+(what|how|why|who|when|where|which)\b[^.?!]*\?/i;

export function listening(played: Replay): ListeningFigures {
  const { messages, turns, project, plan } = played;
  const projectWords = lemmasOf(
    [
      project.title,
      project.objective ?? "",
      project.keyFeatures ?? "",
      project.constraints ?? "",
      project.targetAudience ?? "",
      ...plan.topics.map((t) => t.title),
    ].join("\n"),
    1,
  );
  const ai = messages.flatMap((m, i) => (m.role === "ai" ? [i] : []));
  const readsBack = (t: (typeof turns)[number]) =>
    t.decision.action === "read_back" || t.text.startsWith(READ_BACK_OPENING);
  const readBackAt = turns.findIndex(readsBack);
  // What the interview stores in the end, as the turn service stores it: the last closing turn's
  // review (needs since the read-back join it) or read-back's points, whichever came last (a
  // replay may end while the interviewer still listens, after a read-back of what was added).
  const storing = turns.findLast((t) => t.review || t.readBack);
  const stored = storing?.review?.points ?? storing?.readBack?.points ?? [];
  const frames = new Map<string, number>();
  let replies = 0;
  let mechanical = 0;
  const mechanicalExamples: string[] = [];
  const asks: ListeningFigures["asks"] = [];
  const lateNeeds: ListeningFigures["lateNeeds"] = [];
  const followUps: ListeningFigures["followUps"] = [];
  let repeatedMessages = 0;
  let solutionAsks = 0;
  let stacked = 0;
  turns.forEach((turn, k) => {
    const at = ai[k]!;
    if (k > 0 && messages.slice(0, at).some((m) => m.role === "ai" && m.content === turn.text))
      repeatedMessages += 1;
    if (at === 0) return;
    const answer = messages[at - 1]!.content;
    const isReadBack = readsBack(turn);
    replies += 1;
    const ask = participantAsks(answer);
    if (ask) {
      const previous =
        messages
          .slice(0, at - 1)
          .filter((m) => m.role === "ai")
          .map((m) => questionIn(m.content))
          .findLast((q) => q !== null) ?? null;
      asks.push({
        sentence: ask.sentence,
        kind: ask.kind,
        reply: turn.text,
        answered: answersQuestion(ask, turn.text, previous),
      });
    }
    const needs = readBackAt >= 0 && k > readBackAt ? needsIn(answer) : [];
    if (needs.length) {
      const points = [...(turn.review?.points ?? turn.readBack?.points ?? []), ...stored];
      const sentences = [...new Set(needs.map((n) => n.sentence.text))];
      lateNeeds.push({
        need: sentences[0]!,
        needs: sentences.length,
        reply: turn.text,
        acknowledged: needs.some((n) => acknowledges(turn.text, n)),
        recorded: sentences.every((s) =>
          points.some((p) => p.includes(s) || s.includes(p) || p === pointOf(s, true)),
        ),
        flaws: sayBackFlaws(turn.text),
      });
    }
    if (isReadBack || turn.final) return;
    if (mechanicalQuoteBack(turn.text, answer)) {
      mechanical += 1;
      if (mechanicalExamples.length < 3) mechanicalExamples.push(turn.text);
    }
    const question = questionIn(turn.text);
    if (question && turn.decision.action === "follow_up") followUps.push({ answer, question });
    if (question) {
      const frame = frameOf(question, answer, projectWords);
      frames.set(frame, (frames.get(frame) ?? 0) + 1);
      if (SOLUTION_ASK.test(question)) solutionAsks += 1;
    }
    if (STACKED.test(turn.text) || (turn.text.match(/\?/g) ?? []).length > 1) stacked += 1;
  });
  // Early: read back while the last answer still stated a need and at least one more exchange fitted
  // (not after the participant's own thanks for the conversation: their goodbye says they are done).
  const readBack = turns[readBackAt];
  const lastBefore = readBack ? messages[ai[readBackAt]! - 1] : undefined;
  const pace = (played.secondsPerAnswer + 5) / 60;
  const earlyClose = Boolean(
    readBack &&
      lastBefore?.role === "user" &&
      needsIn(lastBefore.content).length > 0 &&
      !FAREWELL.test(lastBefore.content) &&
      readBack.at + pace <= played.limitMinutes - 2,
  );
  return {
    id: played.id,
    answers: messages.filter((m) => m.role === "user").length,
    replies,
    mechanical,
    mechanicalExamples,
    frames,
    framesThrice: [...frames.values()].filter((n) => n >= 3).length,
    asks,
    answersBeforeReadBack:
      readBackAt >= 0 ? messages.slice(0, ai[readBackAt]).filter((m) => m.role === "user").length : -1,
    earlyClose,
    lateNeeds,
    followUps,
    repeatedMessages,
    solutionAsks,
    stacked,
    turnMs: turns.map((t) => t.ms),
  };
}
