/**
 * The participant's questions to the interviewer (issue 27): found in an answer, answered first,
 * briefly and truthfully, and never taken as an answer. What the interviewer meant ("What do you
 * mean?", "So, you mean the bookings?") is said from its own last question; a request for its view
 * ("Would that be a solution for you?") is turned back to the participant; a question of fact is
 * answered from the project brief, or "I don't know that, the team will" when the brief does not say.
 */
import { analyze, type Token } from "../text";
import { toListener } from "./readback";
import { meantBy } from "./restate";
import { keywords, listItems, senses } from "./text";
import type { ProjectBrief, Topic } from "./types";
import {
  CHECK_REQUEST,
  HELP_REQUEST,
  LANGUAGE_REQUEST,
  MEANING_REQUEST,
  MORE_FROM_ME,
  OPINION_REQUEST,
  REPEAT_REQUEST,
  SUMMARY_REQUEST,
} from "./vocabulary";

export const ASK_KINDS = [
  "repeat",
  "meaning",
  "check",
  "opinion",
  "help",
  "summary",
  "language",
  "info",
] as const;
export type AskKind = (typeof ASK_KINDS)[number];

export interface ParticipantAsk {
  kind: AskKind;
  /** The sentence that asks, as said. */
  sentence: string;
  /** What they asked the meaning of ("a handover note"), when named. */
  term?: string;
  /** The language they asked to use, when named. */
  language?: string;
  /** The rest of the answer, without the asking sentences: what it says besides the question. */
  rest: string;
}

const AUXILIARY = /^(?:do|does|did|can|could|will|would|is|are|should|shall|may|might)$/;
const WH = /^(?:what|how|why|which|who|where|when)$/;
const LEADING = /^(?:so|and|but|ok|okay|well|sorry|also|then|just|hmm|um)$/;

/** A sentence put to the interviewer: it ends with "?", or opens as a question ("can you give me …"). */
function asksSomething(sentence: string, tokens: Token[]): boolean {
  if (sentence.trim().endsWith("?")) return true;
  const words = tokens.filter((t) => t.pos !== "PUNCT" && !LEADING.test(t.normal));
  const [first, second] = words;
  if (!first || !second) return false;
  // "can you give me a summary", "so does the system offer …": an auxiliary before its subject.
  if (AUXILIARY.test(first.normal) && (second.pos === "PRON" || second.pos === "DET")) return true;
  // "what would you prefer …": a question word addressed to the interviewer.
  return WH.test(first.normal) && words.slice(1, 4).some((t) => t.normal === "you");
}

function kindOf(sentence: string): AskKind {
  if (REPEAT_REQUEST.test(sentence)) return "repeat";
  if (MEANING_REQUEST.test(sentence)) return "meaning";
  if (SUMMARY_REQUEST.test(sentence)) return "summary";
  if (LANGUAGE_REQUEST.test(sentence)) return "language";
  if (HELP_REQUEST.test(sentence)) return "help";
  if (CHECK_REQUEST.test(sentence)) return "check";
  if (OPINION_REQUEST.test(sentence)) return "opinion";
  return "info";
}

/** "What do you mean by a handover note?" → "handover note"; none for "what does that mean". */
function termOf(sentence: string): string | undefined {
  const named =
    /\bmean(?:t)? by\s+(.+?)[?.!]*$/i.exec(sentence)?.[1] ??
    /\bwhat (?:does|is)\s+(.+?)\s+mean\b/i.exec(sentence)?.[1];
  const term = named
    ?.replace(/^(?:a|an|the|that|this|your)\s+/i, "")
    .replace(/["“”']/g, "")
    .trim();
  return term && !/^(?:that|this|it|the question)$/i.test(term) ? term : undefined;
}

/** The question the participant put to the interviewer in an answer, or null. */
export function participantAsk(answer: string): ParticipantAsk | null {
  const asking: Array<{ text: string; kind: AskKind }> = [];
  const rest: string[] = [];
  const all = analyze(answer);
  for (const [i, s] of all.entries()) {
    // "But why is this one the lowest? Maybe that's worth a look.": wondered aloud, then gone on from.
    if (WONDERED.test(s.text) && all.slice(i + 1).some((t) => !t.text.trim().endsWith("?"))) {
      rest.push(s.text);
      continue;
    }
    const direct =
      REPEAT_REQUEST.test(s.text) ||
      MEANING_REQUEST.test(s.text) ||
      HELP_REQUEST.test(s.text) ||
      LANGUAGE_REQUEST.test(s.text) ||
      CHECK_REQUEST.test(s.text) ||
      OPINION_REQUEST.test(s.text);
    if (direct || asksSomething(s.text, s.tokens)) asking.push({ text: s.text, kind: kindOf(s.text) });
    else rest.push(s.text);
  }
  const first = asking[0];
  if (!first) return null;
  const term = first.kind === "meaning" ? termOf(first.text) : undefined;
  const language = first.kind === "language" ? /\bin (\p{Lu}\p{Ll}+)/u.exec(first.text)?.[1] : undefined;
  return {
    kind: first.kind,
    sentence: first.text,
    ...(term ? { term } : {}),
    ...(language ? { language } : {}),
    rest: rest.join(" "),
  };
}

/** A "why" not put to the interviewer ("why is this school the lowest one?"): a thought, when more follows. */
const WONDERED = /^\W*(?:(?:but|and|so|then)\s+)?(?:why|how come)\b(?![^?]*\byou\b)[^?]*\?\s*$/i;

/** True when an answer says something besides its question: enough words to build on or record. */
export const saysMore = (ask: ParticipantAsk) => keywords(ask.rest).length >= 3;

/** One line of the brief, and what it is. */
interface BriefLine {
  kind: "objective" | "feature" | "constraint" | "audience" | "domain";
  text: string;
}

function briefLines(project: ProjectBrief): BriefLine[] {
  return [
    ...(project.objective?.trim() ? [{ kind: "objective" as const, text: project.objective.trim() }] : []),
    ...listItems(project.keyFeatures).map((text) => ({ kind: "feature" as const, text })),
    ...listItems(project.constraints).map((text) => ({ kind: "constraint" as const, text })),
    ...(project.targetAudience?.trim()
      ? [{ kind: "audience" as const, text: project.targetAudience.trim() }]
      : []),
    ...(project.domain?.trim() ? [{ kind: "domain" as const, text: project.domain.trim() }] : []),
  ];
}

/** The brief's line that speaks to a text: the most shared senses, at least two (one for a one-word line). */
function briefLineFor(project: ProjectBrief, text: string): BriefLine | null {
  const own = senses(text);
  let best: { line: BriefLine; score: number } | null = null;
  for (const line of briefLines(project)) {
    const marks = senses(line.text);
    const score = [...marks].filter((s) => own.has(s)).length;
    if (score >= Math.min(2, marks.size) && score > 0 && (!best || score > best.score))
      best = { line, score };
  }
  return best?.line ?? null;
}

const lowerFirst = (text: string) =>
  /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
const upperFirst = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Asked whether the interviewer needs anything more from them, which comes as the interview ends. */
export const NOTHING_MORE = "No, nothing else.";
export const DONT_KNOW = "I don't know that myself; the team will, and I've noted your question for them.";

/** A question asking for the interviewer's view, turned back to the participant. */
export const THEIRS_TO_JUDGE =
  "That's for you and the team to judge rather than me; what matters is whether it would work for you.";

/**
 * What the interviewer meant by its last question, said plainly ("I meant how you handle bookings
 * today"), with "Yes — " when the participant's guess shares a word with it; the topic when the
 * question's shape is not one `meantBy` reads.
 */
function whatWasMeant(ask: ParticipantAsk, lastQuestion: string | null, topic: Topic | null): string {
  // Only of a request for more ("Is there another thing you'd change?"), which said again adds nothing.
  const forMore = /\b(?:else|more|another|further)\b/i.test(lastQuestion ?? "");
  // "Anything further you'd want from it?", a shape `meantBy` does not read, is still a request for more.
  const question = (lastQuestion ?? "").trim().replace(/\?$/, "");
  const meant =
    (lastQuestion ? meantBy(lastQuestion) : null) ??
    (forMore
      ? /^anything\b/i.test(question)
        ? `I meant ${lowerFirst(question)}`
        : "I meant anything else the team should know"
      : null);
  if (!meant)
    return topic ? `I'm asking about ${lowerFirst(topic.title)}.` : "I'm asking about your own work.";
  const asked = senses([lastQuestion, topic?.title].filter(Boolean).join(" "));
  const guess = [...senses(ask.sentence.replace(/\b(?:do|did|so)?\s*you mean\b/i, ""))];
  const same = ask.kind === "check" && guess.some((s) => asked.has(s));
  // "You mean things that are missing right now?": yes, with their reading as an example of it.
  const theirs = ask.sentence
    .replace(/^.*?\byou mean\b[\s,]*/i, "")
    .replace(/[?.!\s]+$/, "")
    .trim();
  const short = theirs.split(/\s+/).length >= 2 && theirs.split(/\s+/).length <= 10;
  if (forMore && short && /\byou mean\b/i.test(ask.sentence))
    return `Yes — ${meant}, such as ${toListener(theirs)}.`;
  return `${same ? "Yes — " : ""}${meant}.`;
}

/**
 * Offline, a request for help is helped, never declined: a concrete place to start, the topic's
 * feature or the brief's first, said as a statement so the question after it stays the one asked.
 */
function helpWith(project: ProjectBrief, topic: Topic | null, question: string | null): string {
  const feature = topic?.source === "feature" ? topic.title : listItems(project.keyFeatures)[0];
  // A follow-up about what they just said ("How would you expect that to work?") is helped by its own
  // kind of answer, not by the topic's feature, which it is not about.
  const about =
    question && !question.includes(`"`) ? FOLLOW_UP_HINTS.find(([ask]) => ask.test(question)) : null;
  const start = about
    ? about[1]
    : feature
      ? `think of ${lowerFirst(feature)} and what you'd want it to do for you`
      : "think of what takes you the most time today and what you'd want to change";
  return `Of course. A rough idea is enough; for example, ${start}.`;
}

/** Where to start on a follow-up, by what it asks. */
const FOLLOW_UP_HINTS: Array<[RegExp, string]> = [
  [/\bmatters most\b|\bonly one thing\b/i, "think of what costs you the most time or trouble today"],
  [/^why does\b/i, "think of what would be harder without it"],
  [/^how would you expect\b/i, "think of the first thing you'd want to do with it"],
  [/^who\b/i, "think of the people you work with, or the customers you serve"],
  // (what something not there yet would do is pictured, not remembered)
  [/^what would\b/i, "think of what you'd do differently if you had it"],
  [/^(?:when|how often)\b/i, "think of the last time it came up"],
  [/^(?:what|how|where|which|why)\b/i, "think of the last time it came up and what happened"],
];

/**
 * The answer to the participant's question, one or two short sentences, from what the project brief
 * and the plan say; nothing made up. `topic` is the topic of the question they were asked.
 */
export function answerTo(
  ask: ParticipantAsk,
  /** `lastQuestion`: the last question the interviewer asked, whichever message it was in. */
  context: { project: ProjectBrief; topic: Topic | null; lastQuestion: string | null; offline?: boolean },
): string {
  const { project, topic } = context;
  if (ask.kind === "help" && context.offline) return helpWith(project, topic, context.lastQuestion);
  switch (ask.kind) {
    case "repeat":
      return "Of course.";
    case "summary":
      return "Here is a summary.";
    case "language":
      // A model writes in the participant's language (its prompt says so); the rules write English.
      return !context.offline
        ? `Of course, we can continue in ${ask.language ?? "your language"}.`
        : `You're welcome to answer in ${ask.language ?? "your own language"}; I'll keep asking in English, and the team will read what you write.`;
    case "help":
      return "I can't decide that for you, and there's no wrong answer: even a rough idea helps the team.";
    case "opinion":
      return THEIRS_TO_JUDGE;
    case "check":
      return whatWasMeant(ask, context.lastQuestion, topic);
    case "meaning": {
      const line = ask.term ? briefLineFor(project, ask.term) : null;
      if (ask.term && line && senses(line.text).size > senses(ask.term).size)
        return `By ${ask.term} I mean what the project brief says: ${sentence(line.text)}`;
      if (ask.term && line)
        return `${upperFirst(ask.term)} is one of the things the project plans; I'm asking how it would fit your work.`;
      if (ask.term) return `By ${ask.term} I mean whatever it is in your own work; there's no right answer.`;
      return whatWasMeant(ask, context.lastQuestion, topic);
    }
    case "info": {
      if (MORE_FROM_ME.test(ask.sentence)) return NOTHING_MORE;
      const line = briefLineFor(project, ask.sentence);
      if (!line) return DONT_KNOW;
      if (line.kind === "objective") return `The project brief gives its goal as “${sentence(line.text)}”`;
      if (line.kind === "feature")
        return `${sentence(upperFirst(line.text))} It's in the project's plan; the team will settle the details from interviews like this one.`;
      if (line.kind === "constraint")
        return `The project brief names this constraint: “${sentence(line.text)}”`;
      if (line.kind === "audience") return `The project is for ${sentence(lowerFirst(line.text))}`;
      return `The project is in ${sentence(lowerFirst(line.text))} ${DONT_KNOW}`;
    }
  }
}
