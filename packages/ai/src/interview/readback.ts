/**
 * The read-back (issue 33): the needs heard, in short phrases a participant can check at a glance:
 * what they want and what they do not want (said in Parley's words where the writer's phrasing
 * reads well, else in theirs, quoted), and how they would judge success. Context about themselves
 * ("I own two practices …") is no need and is not read back. In a language the rules do not read,
 * the participant's most informative sentences are read back as said.
 */
import { analyze, mayBeEnglish, type Token, tokensOf } from "../text";
import { lexnamesOf } from "../text/lexicon";
import type { FoundNeed } from "../writer/needs";
import { strayCapital } from "./phrasing";
import { coveredPoints, mostlySaid } from "./readback-cover";
import { clean, phrasedNeed, readsWhole, repeats, SPEAKER_WANTS } from "./readback-phrase";
import { clauseText, cleaned, namesNothing, putRight, SPOKEN_FILLER, statedNeeds } from "./sayback";
import { READ_BACK_OPENING, readState } from "./state";
import { hasNumber, isNegative, keywords, senses, sentences } from "./text";
import type { TurnContext } from "./types";
import {
  DONE,
  FAREWELL,
  FEELING,
  FIRST_TO_SECOND,
  FREQUENCY,
  INJECTION,
  LEAD_TIME,
  NEED_CUE,
  OFF_TOPIC,
  PRIORITY,
  PROBLEM,
  RISK,
  RULE_SAID,
  SCOPE_SAID,
  SELF_INTRO,
  SIGN_OFF,
  SUCCESS,
  TROUBLE,
  WORKAROUND,
} from "./vocabulary";

/**
 * A problem said as one: trouble, a feeling about it, a lack, or people giving up ("the line is
 * always busy", "I hate it", "patients abandon the queue").
 */
const PAINED = new RegExp(
  `${TROUBLE.source}|${PROBLEM.source}|${FEELING.source}|\\b(?:abandon\\w*|g[ai]ve up|h[au]ng up)\\b`,
  "i",
);

/** At most this many points: a read-back is checked at a glance. */
const MOST_POINTS = 5;
/**
 * Offline, a long interview's needs do not fit in five: up to this many short points, so the
 * read-back covers what was asked for rather than the first and the latest.
 */
export const MOST_OFFLINE_POINTS = 12;

/**
 * The answers a read-back draws on: those before it that answered something. A read-back being
 * made now draws on every answer; one given already, on the answers before it.
 */
function answersHeard(ctx: TurnContext, now: boolean): string[] {
  const state = readState(ctx.plan, ctx.messages, ctx.now, ctx.decisions);
  const end = state.readBackAt >= 0 && !now ? state.readBackAt : ctx.messages.length;
  // Answers the interviewer redirected (stored decisions say so in any language) are not points.
  const redirected = new Set<number>();
  let aiIndex = 0;
  ctx.messages.forEach((m, index) => {
    if (m.role !== "ai") return;
    if (ctx.decisions?.[aiIndex]?.action === "redirect") redirected.add(index - 1);
    aiIndex += 1;
  });
  return ctx.messages.slice(0, end).flatMap((m, index) => {
    const x = state.info[index]!;
    const unheard = x.unsure || x.declined || x.offTopic || x.injection || x.asking || redirected.has(index);
    return m.role === "user" && !unheard ? [m.content] : [];
  });
}

/** The speaker's words said to them: "I" → "you", "our" → "your" (the verb after "I" agreeing). */
const TO_LISTENER: Record<string, string> = {
  ...FIRST_TO_SECOND,
  "i'm": "you're",
  "i've": "you've",
  "i'd": "you'd",
  "i'll": "you'll",
  "we're": "you're",
  "we've": "you've",
  "we'd": "you'd",
  "we'll": "you'll",
};
const AFTER_I: Record<string, string> = { am: "are", was: "were" };

export function toListener(text: string): string {
  let previous = "";
  return text.replace(/[A-Za-z]+(?:['’][a-z]+)?/g, (word) => {
    const key = word.toLowerCase().replace("’", "'");
    // "US" is a country, "us" the speakers.
    // "I need …, and am sure …": the "am" of an "I" left out after "and" agrees with "you" too.
    const afterI = previous === "i" || (key === "am" && /^(?:and|but|or)$/.test(previous));
    const swapped = word === "US" ? undefined : (TO_LISTENER[key] ?? (afterI ? AFTER_I[key] : undefined));
    previous = key;
    if (!swapped) return word;
    // "I" is a capital anywhere; the point's first letter is made one at the end.
    return /^[A-Z][a-z]/.test(word) ? swapped[0]!.toUpperCase() + swapped.slice(1) : swapped;
  });
}

/**
 * "I'd say that …", "Honestly, …", "First, …": a hedge or a marker before what they said, which the
 * read-back leaves out ("First release is …" keeps its "first").
 */
const HEDGE_LEAD =
  /^(?:(?:i (?:would|'d) say|i think|i guess|i believe|i feel like|i suppose)(?: that)?|honestly|frankly|personally|to be honest|yes|yeah|yep|(?:no|ok|okay|well|so)(?=,)|first of all|(?:first|second)ly|(?:first|second)(?=,|\s+(?:i|we|you|they|it|the|our|my)\b)|then|finally|also|in (?:the )?future)\b,?\s+/i;
/**
 * A spoken joiner before what they said ("And …", "So …"), an "either" whose "or" follows, or the
 * agreement a correction opens with ("Mostly right, but …").
 */
const SPOKEN_JOIN =
  /^(?:and|but|so)\s+|^either\s+(?=.*\bor\b)|^(?:mostly|almost|partly|nearly) right\b[,.]?\s+/;
/** Offline, what a point opens with and leaves out: a hedge, or a spoken joiner before it. */
const OFFLINE_LEAD = new RegExp(`${HEDGE_LEAD.source}|${SPOKEN_JOIN.source}`, "i");
/** Words a point may end on: something that means something, not "to", "the", "like". */
const ENDS_WELL: ReadonlySet<Token["pos"]> = new Set(["NOUN", "PROPN", "VERB", "ADJ", "ADV", "NUM", "PRON"]);
/** Particles a clause may end on: "the evening before", "sign up", "turn this on", "move them around". */
const PARTICLE_END = /^(?:before|after|ago|up|in|out|off|on|over|down|back|away|around)$/;
/** A clock time ("before 7am", "at 6 pm"), which the tagger may read as a symbol or a verb. */
const CLOCK = /^(?:\d{1,2}(?:[:.]\d\d)?\s?(?:am|pm|a\.m\.|p\.m\.))$/i;
/** A point that starts by pointing back ("That should be the default") names nothing on its own. */
const POINTING_START = /^(?:that|this|these|those)$/;
/** A word that opens a clause, which no point ends on ("You need to handle when"). */
const CLAUSE_WORD = /^(?:when|which|who|whom|whose|what|where|how|why|whether|if|because|while|that)$/;
const MOST_WORDS = 22;

/**
 * One point: the sentence said back to them, short. Hedges and fillers go, "I" becomes "you", and
 * of a sentence in parts ("We use Cliniko for everything, so it must sync with it") the part that
 * states the need is said when `need`, else the first part ("I'd like a text two days before, with
 * a link …" → "You'd like a text two days before."), else the whole sentence. Null when no part
 * reads as a whole clause a participant could check.
 */
export function pointOf(sentence: string, need = false, offline = false): string | null {
  let text = lowerNouns(cleaned(sentence.trim()).replace(/["“”]/g, "'"));
  // Offline, a joining word before the hedge goes too ("And I'd say that either …, or …").
  const lead = offline ? OFFLINE_LEAD : HEDGE_LEAD;
  for (let found = lead.exec(text); found; found = lead.exec(text)) text = text.slice(found[0].length);
  text = withoutIntro(text).replace(/[\s.!?…]+$/, "");
  // A list ("a booking system, record keeping, and reports", "receipts, expenses and wages") is one part.
  // (with or without the comma before its "and": "trends, staff performance, revenue and peak times").
  const list =
    ((text.match(/,/g)?.length ?? 0) >= 2 && /,[^,]*\b(?:and|or)\s+[^,]+$/.test(text)) ||
    /^[^,]+,\s*\w+\s+(?:and|or)\s+\w+$/.test(text);
  const parts = list ? [text] : partsOf(text);
  const at = parts.findIndex((p) => NEED_CUE.test(p));
  const stated = at > 0 ? parts[at]!.replace(JOINING, "") : parts[at];
  // "… six weeks here, so it has to start in January": "it" needs the part before it.
  const pointsBack =
    at > 0 && stated !== undefined && /^(?:it|they|this|that|these|those|he|she)\b/i.test(stated);
  // Offline, a problem is said whole when it reads whole ("… are no-shows, and each one costs you
  // 60 euros"), and a part that points back is never said alone ("It has to start in January"
  // would say it of the system).
  // Offline, a need is not said as a part before it that states none ("Xero already nags people"
  // of "…, we need to be friendlier than that"); one that ranks what they want does.
  const problem = offline ? [text, parts[0]] : [parts[0], text];
  const before = offline && at > 0 && !PRIORITY.test(parts[0] ?? "") ? [] : [parts[0]];
  const candidates = !need
    ? problem
    : pointsBack
      ? [text, ...(offline ? [] : [stated]), parts[0]]
      : [stated, text, ...before];
  for (const candidate of candidates) {
    const point = candidate ? checked(candidate, offline) : null;
    // (offline, a candidate too long or run on gives way to a shorter one)
    if (point && (!offline || readsWhole(point))) return point;
  }
  return null;
}

/**
 * "Additionally, …", "With the new system, …", "As for staff access, …": a few words before the
 * first comma with no verb among them set the scene and say no need; the clause after them does.
 */
function withoutIntro(text: string): string {
  const comma = text.indexOf(",");
  if (comma < 0) return text;
  const intro = tokensOf(text.slice(0, comma)).filter((t) => t.pos !== "PUNCT");
  const verbless = intro.length <= 5 && !intro.some((t) => t.pos === "VERB" || t.pos === "AUX");
  const rest = text.slice(comma + 1).trim();
  return verbless && rest.split(/\s+/).length >= 4 ? rest : text;
}

/** "A, so B; C" → ["A", "so B", "C"]: cut at commas and the like once a part has four words. */
function partsOf(text: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const m of text.matchAll(/[,;:–—]|\s-\s/g)) {
    const part = text.slice(from, m.index).trim();
    if (part.split(/\s+/).length < 4) continue;
    parts.push(part);
    from = m.index + m[0].length;
  }
  const rest = text.slice(from).trim();
  if (rest) parts.push(rest);
  return parts;
}

/** A word that joins a part to the one before ("so we need …"): no point starts with it. */
const JOINING = /^(?:so|and|but|because|which means)\s+/i;

/** A part said back as it stands, in the listener's words, or null when it does not read whole. */
function checked(text: string, offline = false): string | null {
  const words = tokensOf(text).filter((t) => t.pos !== "PUNCT");
  const [first] = words;
  const last = words.at(-1);
  if (!first || !last || words.length < 3 || words.length > MOST_WORDS) return null;
  const clock = CLOCK.test(last.normal) || (/^(?:am|pm)$/.test(last.normal) && words.at(-2)?.pos === "NUM");
  if (!ENDS_WELL.has(last.pos) && !PARTICLE_END.test(last.normal) && !clock) return null;
  if (last.pos === "PRON" && /^(?:i|we|you|they|that|which|who|it|them)$/.test(last.normal)) return null;
  if (CLAUSE_WORD.test(last.normal)) return null;
  // (a condition said first is whole with the clause after its comma: "If it doesn't cut calls, we'd rethink")
  const conditionFirst = CONDITION.test(text) && /,\s*(?:we|i|you|they|it|the)\b/i.test(text);
  if (
    (first.pos === "SCONJ" && !conditionFirst) ||
    first.pos === "CCONJ" ||
    POINTING_START.test(first.normal)
  )
    return null;
  // "It takes you three hours a week": "it" points back to what was said before, unless it is
  // the thing to be built ("It has to read the diary"), or, offline, the measure of success ("It
  // would be worth it if you could answer …").
  if (
    first.normal === "it" &&
    !/^it\s+(?:should|must|has to|needs to|will need to|would need to)\b/i.test(text) &&
    !(offline && SUCCESS.test(text))
  )
    return null;
  // "In our last test", "For hair cutting": a phrase cut from its clause (no verb but an -ing form).
  // "With waitlist management being the lowest priority": no verb but an -ing form, even "being".
  if (!words.some((t) => (t.pos === "AUX" || t.pos === "VERB") && !/ing$/.test(t.normal))) return null;
  // "… appointments Keep track of (receipts": lines run together, or a bracket left open.
  if (/[()[\]]/.test(text) || words.slice(1).some(strayCapital)) return null;
  // "The features you want are: 1": a list's heading, its items still to come.
  if (text.includes(":")) return null;
  // Offline, "… answer where's my technician …": a question someone else asks, quoted in place,
  // whose "my" is theirs; said to the listener as "your" it would garble it.
  if (offline && QUOTED_QUESTION.test(text)) return null;
  // A typo read back is the participant's slip said again in Parley's voice: put right, or left out.
  const right = putRight(text);
  if (right === null) return null;
  const said = toListener(right);
  return `${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
}

/** A question asked in someone else's words inside a sentence: "… answer where's my technician …". */
const QUOTED_QUESTION = /\s(?:where|what|who|when|how)(?:'s|’s| is| are)\s+(?:my|our)\b/i;

/** The statements they made: no question, no self-introduction, no aside, three content words or more. */
function statements(answers: string[]): string[] {
  return answers
    .flatMap((a) => sentences(a))
    .filter(
      (s) =>
        !s.trim().endsWith("?") &&
        !SELF_INTRO.test(s) &&
        !OFF_TOPIC.test(s) &&
        !INJECTION.test(s) &&
        keywords(s).length >= 3,
    );
}

/**
 * What bounds the work, said as a statement: a risk, a rule others set, a sign-off, where the first
 * release is drawn, how long a step it waits on takes. A product owner reads these back with the
 * needs ("The payments team is rebuilding the ledger in Q2, which could block you.").
 */
const BOUNDS = [RISK, RULE_SAID, SIGN_OFF, SCOPE_SAID, LEAD_TIME];

/** Offline, the bounds they stated, each as a point that keeps its sentence whole (see `wholePoint`). */
function boundsStated(answers: string[]): string[] {
  return statements(answers)
    .filter((s) => BOUNDS.some((bound) => bound.test(s)))
    .map(wholePoint)
    .filter((p): p is string => p !== null);
}

/**
 * A sentence said back as a point only when the point reads whole and keeps the sentence's sense
 * ("There should be 5 persons" of "…, that need access, but it shouldn't be hard to scale up" says
 * something else); no quote of what was typed in haste.
 */
function wholePoint(sentence: string): string | null {
  const text = sentence.replace(ADDED_LEAD, "");
  const point = pointOf(text, true, true);
  const whole = point !== null && point.split(/\s+/).length >= 0.6 * text.split(/\s+/).length;
  return point && whole && readsWhole(point) && clean(point) ? point : null;
}

/** A trouble said with a negative pronoun or adverb: "and nobody trusts it", "it never arrives". */
const NOBODY = /\b(?:nobody|no one|never|nothing|none)\b/i;

/** The problems they described, for a read-back with few needs: a feeling, a workaround, a figure, a lack. */
function problemSentences(answers: string[], offline: boolean, needed: ReadonlySet<string>): string[] {
  return statements(answers).filter(
    (s) =>
      // Offline, a sentence that states a need is read back as one, not as a trouble ("I'd prefer
      // to reorder through the software but not automated").
      !(offline && needed.has(s)) &&
      (FEELING.test(s) ||
        WORKAROUND.test(s) ||
        FREQUENCY.test(s) ||
        hasNumber(s) ||
        // Offline, a "not" said of nobody ("There aren't more features in mind") is no problem to
        // read back; one of theirs is ("We don't plan to build our own SMS gateway").
        (isNegative(s) && (!offline || FIRST_PERSON.test(s)))),
  );
}

/** How they would judge success, said of themselves ("Success for me is …"), not of someone else's system. */
const FIRST_PERSON = /\b(?:i|me|my|we|us|our)\b/i;
const SECOND_PERSON = /\b(?:you|your|yours)\b/i;

/** A want said as a picture or a benefit: "I envision an online booking platform …", "… would be beneficial". */
const WISHED =
  /\b(?:i|we) (?:envision|imagine|picture) (?:a|an)\b|\b(?:would|will) be (?:beneficial|essential|valuable|nice to have|great to have)\b/i;

/**
 * A system proposed: "we could make an app where …", "maybe we can have a tool that …" (what
 * follows the noun says what it is to do).
 */
const PROPOSED =
  /^.*?\b(?:we|i) (?:could|can|might) (?:make|have|build|create|get|set up|use) (an?|some) (?=(?:\w+ )?(?:system|app|application|tool|platform|website|site|portal|program|page|feature|function) (?:where|that|which|to|so|for|with)\b)/i;

/**
 * A measure of success that is the participant's: said of themselves; offline, also one said of
 * nobody ("Success is cutting days-to-paid by a week"), as long as it is not said of "you".
 */
const ownMeasure = (sentence: string, offline: boolean) =>
  FIRST_PERSON.test(sentence) || (offline && !SECOND_PERSON.test(sentence));

/** At most `room` of the list: the first (often the project's aim) and the latest (said just before). */
function firstAndLatest(list: string[], room: number): string[] {
  if (list.length <= room) return list;
  return room <= 0 ? [] : [list[0]!, ...list.slice(list.length - (room - 1))];
}

export { readsWhole };

/** A role written both ways ("she/he", "her/his", "him/her"), as in a brief pasted by its holder. */
const EITHER_SUBJECT = /\b(?:she\/he|he\/she|s\/he)\s+(\w+)/gi;
const EITHER_POSSESSIVE = /\b(?:her\/his|his\/her)\b/gi;
const EITHER_OBJECT = /\b(?:her\/him|him\/her)\b/gi;
/** The verb after "she/he" as "I" says it: "hopes" → "hope", "has" → "have", "is" → "am". */
const IRREGULAR: Record<string, string> = { has: "have", is: "am", was: "was", does: "do", goes: "go" };
function asFirstPerson(verb: string): string {
  const lower = verb.toLowerCase();
  if (IRREGULAR[lower]) return IRREGULAR[lower];
  if (/[^aeiou]ies$/.test(lower)) return `${lower.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/.test(lower)) return lower.slice(0, -2);
  return /[^s]s$/.test(lower) ? lower.slice(0, -1) : lower;
}

/**
 * The participant speaking of the role they hold as "she/he" (a brief written for "Nancy/Jim"):
 * read as their own words, "I", "my", "me", so the read-back says it to them as "you".
 */
export const asTheirOwn = (answer: string) =>
  answer
    .replace(EITHER_SUBJECT, (_, verb: string) => `I ${asFirstPerson(verb)}`)
    .replace(EITHER_POSSESSIVE, "my")
    .replace(EITHER_OBJECT, "me");

/**
 * The points of the read-back (`now`: the one being made, else the latest given; `asSaid`: their
 * sentences as said when none can be put in short phrases, as a model is given them; `offline`: the
 * offline read-back's wider reading of success), 1 to 5 short phrases in the order: wants, refusals,
 * success, problems. */
export function readBackPoints(
  ctx: TurnContext,
  { now = false, asSaid = true, offline = false } = {},
): string[] {
  const answers = answersHeard(ctx, now).map(asTheirOwn);
  if (!mayBeEnglish(answers.join("\n"))) return asSaid ? sentencePoints(ctx, answers) : [];
  const wants: string[] = [];
  /** Offline, needs said back as a quote of their sentence (see `inTheirWords`). */
  const quoted: string[] = [];
  const refusals: string[] = [];
  const success: string[] = [];
  const taken = new Set<string>();
  /** The sentences that state a need, as found above (not read again as troubles). */
  const needed = new Set<string>();
  // Offline, only points that read whole are said, so those are the ones counted.
  const sayable = (point: string | null): point is string =>
    point !== null && (!offline || readsWhole(point));
  const add = (list: string[], sentence: string, need = false, phrased: string | null = null) => {
    const point = phrased ?? pointOf(sentence, need, offline);
    if (!sayable(point) || taken.has(point)) return;
    // Offline, a point whose words another point already says is said once.
    if (offline && repeats(point, [...taken])) return;
    taken.add(point);
    list.push(point);
  };
  for (const answer of answers) {
    for (const sentence of sentences(answer)) {
      if (sentence.trim().endsWith("?")) continue;
      if (SUCCESS.test(sentence) && ownMeasure(sentence, offline)) add(success, sentence);
      // Offline, what comes first is a need too ("Online rescheduling is the must-have"), and so
      // is what they picture or call beneficial.
      // Offline, a system they propose is one they want: "We could make a system where …".
      else if (offline && PROPOSED.test(sentence) && !SECOND_PERSON.test(sentence))
        add(wants, lowerNouns(sentence.replace(PROPOSED, "We'd like $1 ")), true);
      else if (
        offline &&
        (PRIORITY.test(sentence) || WISHED.test(sentence)) &&
        !SECOND_PERSON.test(sentence) &&
        !statedNeeds(sentence).length
      )
        add(wants, sentence, true);
    }
    // Offline, what a wanted system is to do, listed in one sentence (see `listedDuties`).
    if (offline)
      for (const point of [...listedDuties(answer), ...runTogetherDuties(answer)])
        add(wants, point, true, point);
    for (const need of statedNeeds(answer)) {
      needed.add(need.sentence.text);
      const sentence = need.sentence.text;
      if (SUCCESS.test(sentence) || sentence.trim().endsWith("?") || SELF_INTRO.test(sentence)) continue;
      // Their own "you" would read as the participant once "I" is said "you".
      if (SECOND_PERSON.test(sentence)) continue;
      const list = need.negated ? refusals : wants;
      const before = list.length;
      add(list, sentence, true, offline ? offlinePoint(need) : null);
      // Offline, a second need in one sentence ("We need a booking system, and we need a way to
      // keep track of supplies"): its own clause, when the sentence's point says the first.
      const clause = clauseText(need);
      if (offline && list.length === before && clause && clause !== sentence.trim()) add(list, clause, true);
      // Offline, a long sentence of several wants: each said in its piece, when its point says
      // one of them or none.
      const pieces = offline ? wantPieces(list.length === before ? clause || sentence : sentence) : [];
      if (list.length === before || pieces.length > 1)
        for (const piece of pieces) add(list, piece, true, piece);
      // Offline, a need no short point says in the end is read back in their own words, quoted
      // (not one a point of its own says already).
      const own = offline && !need.negated && list.length === before ? inTheirWords(sentence) : null;
      if (own && !quoted.includes(own)) quoted.push(own);
    }
  }
  const most = offline ? MOST_OFFLINE_POINTS : MOST_POINTS;
  // Offline, what bounds the work (a risk, a rule, a sign-off, the first release's line), the latest two.
  const bounds = offline
    ? boundsStated(answers)
        .filter((b) => !taken.has(b) && !repeats(b, [...taken]))
        .slice(-2)
    : [];
  const kept = { success: success.slice(0, 1), refusals: refusals.slice(offline ? -3 : -2) };
  const room = most - kept.success.length - kept.refusals.length - bounds.length;
  const points = [...firstAndLatest(wants, room), ...kept.refusals, ...bounds, ...kept.success];
  // Few needs heard: the problems they described fill the read-back to three.
  // Offline, a problem said in passing ("you have, like, …") is not read back: only plain ones.
  const plain = (s: string) => !offline || !(SECOND_PERSON.test(s) || SPOKEN_FILLER.test(s));
  // Offline, the latest problems first, and a figure or frequency alone (a fact about them, "You
  // book about 12 appointments a week") after any problem felt, worked around or said as a lack.
  const problems = problemSentences(answers, offline, needed).filter(plain);
  const felt = (s: string) => FEELING.test(s) || WORKAROUND.test(s) || isNegative(s);
  // (of those felt, a trouble named as one before a way of working: "we don't use any software to
  // keep track of the schedule" before "we use a reservation diary")
  const named = (s: string) => felt(s) && PAINED.test(s);
  const ordered = offline
    ? [
        ...problems.filter(named).reverse(),
        ...problems.filter((s) => felt(s) && !named(s)).reverse(),
        ...problems.filter((s) => !felt(s)).reverse(),
      ]
    : problems;
  const fresh = (point: string | null): point is string =>
    sayable(point) && !points.includes(point) && !(offline && repeats(point, points));
  const before = points.length;
  for (const problem of ordered) {
    // Offline, past three only a trouble felt, worked around or said as a lack, not a fact.
    // (a quote the points already say is not read back, so it takes no room)
    const filled = points.length + quoted.filter((q) => !mostlySaid(q, points)).length;
    if (filled >= (offline ? 5 : 3)) break;
    if (filled >= 3 && !(felt(problem) || PAINED.test(problem))) continue;
    const point = pointOf(problem, false, offline);
    // Offline, a point that lost the trouble ("Your husband does the pharmacy runs" of "…, he never
    // sees the calendar") says nothing of it.
    const troubled = (text: string) => FEELING.test(text) || isNegative(text) || NOBODY.test(text);
    const lost = offline && point !== null && troubled(problem) && !troubled(point);
    if (!lost && fresh(point)) points.push(point);
    // Offline, a trouble no short point says ("Every Friday I go through a spreadsheet … by hand")
    // is read back in their words.
    else if (offline && (lost || !(point && readsWhole(point)))) {
      // (not one typed in haste: "If someone wantss to book …" would read as garbled)
      const own = clean(problem) ? inTheirWords(problem, false) : null;
      if (own && !quoted.includes(own)) quoted.push(own);
    }
  }
  // Offline, however many needs: the trouble they feel today, the latest, is read back too (what
  // the needs are for), when no problem filled the read-back and there is room.
  if (offline && points.length === before && points.length < MOST_OFFLINE_POINTS) {
    const pained = statements(answers).filter((s) => plain(s) && PAINED.test(s));
    // The point itself says the trouble (not "The map itself is easy" of "…, the sync is the hard part").
    const hurt = pained
      .reverse()
      .map((s) => pointOf(s, false, true))
      .find((p) => fresh(p) && PAINED.test(p) && !p.includes("/"));
    if (hurt) points.push(hurt);
  }
  if (offline) {
    const covered = coveredPoints(ctx, points, answers);
    const room = Math.max(0, MOST_OFFLINE_POINTS - covered.length);
    // Not a goal or a wish that names nothing to build ("… should make the work faster").
    const unsaid = quoted.filter((q) => !mostlySaid(q, covered) && !namesNothing(q, ctx.project.title ?? ""));
    return [...covered, ...(room > 0 ? unsaid.slice(-room) : [])];
  }
  return points.length || !asSaid ? points : sentencePoints(ctx, answers);
}

/**
 * Whether the interviewer's last message said a point back: in a read-back, or, most of its words,
 * in an acknowledgement ("Got it: you'd like a website for booking. I've added that." says "A website
 * for booking would be ideal"). What was said back just now is not read back again at once.
 */
export function justSaidBack(ctx: TurnContext): (point: string) => boolean {
  const last = ctx.messages.findLast((m) => m.role === "ai")?.content ?? "";
  return (point) =>
    last.toLowerCase().includes(point.toLowerCase().replace(/[.!]$/, "")) ||
    (!last.startsWith(READ_BACK_OPENING) && mostlySaid(point, [last]));
}

/** What opens a statement added after the read-back without saying anything: "Yes, …", "One more thing: …". */
const ADDED_LEAD =
  /^(?:(?:yes|yeah|no|right|okay|ok|also|and|but)\b[,.!]?\s*|(?:mostly|almost|partly) right\b[,.]?\s*|one more thing:?\s*|(?:please )?add that\s+)+/i;

/**
 * Offline, each statement they made after the read-back at `from`, as a short point or in their
 * own words: a read-back of what they added says all of it (a trouble, a rule, an idea), not only
 * the needs the rules read. Nothing they said to end or to agree.
 */
export function addedSince(ctx: TurnContext, from: number): string[] {
  const answers = ctx.messages
    .slice(from + 1)
    .filter((m) => m.role === "user")
    .map((m) => asTheirOwn(m.content));
  const out: string[] = [];
  for (const sentence of statements(answers)) {
    if (DONE.test(sentence) || FAREWELL.test(sentence)) continue;
    // (no quote of what was typed in haste, "… when something runs out we by new": Parley's own slip)
    const point = wholePoint(sentence);
    if (point && !out.includes(point)) out.push(point);
  }
  return out;
}

/**
 * Offline, what they said after the read-back at `from` that no short point can say and `shown`
 * does not say already, in their own words (the latest three): a read-back of what they added that
 * left it out would claim they added less ("reports every month with a customer forecast").
 */
export function quotedSince(ctx: TurnContext, from: number, shown: string[]): string[] {
  const answers = ctx.messages
    .slice(from + 1)
    .filter((m) => m.role === "user")
    .map((m) => m.content);
  const quotes = statements(answers)
    .filter(
      (s) => !DONE.test(s) && !FAREWELL.test(s) && keywords(s).length >= 4 && !wholePoint(asTheirOwn(s)),
    )
    // (not two noun phrases run together, "the same the information": no clause to read back)
    .filter((s) => !/\bthe \w+ the\b/i.test(s))
    .flatMap((s) => inTheirWords(s, false) ?? [])
    .filter((q, i, all) => all.indexOf(q) === i && !mostlySaid(q, shown));
  return quotes.slice(-3);
}

/** Markers of a list's later items that `HEDGE_LEAD` and `JOINER` leave ("Lastly, …", "Additionally, …"). */
const MORE_LEAD = /^(?:lastly|additionally|so|well)\b[\s,]*/i;

/** A word that points at something said before, not a "that" that starts a clause ("that is"). */
const POINTER =
  /\b(?:it|this|these|those|they|them)\b|\bthat\b(?! (?:is|are|was|were|would|will|can|could|should)\b)/i;

/**
 * Whether a text points at something said before: "that functionality", "see that", but not a
 * "that" that opens a clause ("the only slot that works", "so that we can", "that is").
 */
function pointsAway(text: string): boolean {
  if (!POINTER.test(text)) return false;
  const tokens = tokensOf(text);
  return tokens.some((t, i) => {
    const next = tokens[i + 1];
    // "it", "they", a "that" on its own: a pronoun with no noun before it in the quote to stand
    // for ("the default should be the percentage or it should be …", "… nags people, we need to be
    // friendlier than that" say what they stand for).
    const noNounBefore = !tokens.slice(0, i).some((x) => x.pos === "NOUN" || x.pos === "PROPN");
    if (t.normal === "that") {
      if (!next || next.pos === "PUNCT") return noNounBefore;
      // "that functionality", "that one": a thing said before, named by pointing at it.
      return ["NOUN", "PROPN", "NUM", "ADJ", "ADP", "CCONJ"].includes(next.pos);
    }
    if (/^(?:this|these|those)$/.test(t.normal)) return true;
    return /^(?:it|they|them)$/.test(t.normal) && noNounBefore;
  });
}

/** A sentence that asks for something in so many words: "I want …", "… should …", "… would be useful". */
const ASKS_FOR = new RegExp(
  `${SPEAKER_WANTS.source}|\\b(?:should|must)\\b|\\bwould be (?:nice|good|great|helpful|useful|handy)\\b`,
  "i",
);

/** The longest need quoted whole in a read-back: a sentence, not a paragraph. */
const MOST_QUOTED_WORDS = 30;

/**
 * A need said as the participant said it, quoted, when no short phrase can say it: "“I want
 * something to tell me how many walk-in patients might turn up.”" Not a sentence that points at
 * something said before ("That should …"), nor one too long to take in at a glance.
 */
function inTheirWords(sentence: string, asked = true): string | null {
  // Without the markers, joiners and hedges it opens with ("First, …", "And I'd say that …", "Lastly, …").
  let text = sentence.trim();
  for (let lead = QUOTE_LEAD.exec(text); lead; lead = QUOTE_LEAD.exec(text))
    text = text.slice(lead[0].length);
  const words = text.split(/\s+/);
  const short = words.length >= 4 && words.length <= MOST_QUOTED_WORDS;
  // "that functionality", "see it": a pointer to something said before, which a quote cannot show;
  // "she/he", a brief's third person; "are: 1.", a list cut at its heading.
  // ("It would be worth it if …", "It works for me if …": how they judge success, whose "it" is the work)
  const pointing = text
    .replace(/\bso that\b/gi, "")
    .replace(/^it (?:would be worth it|works|would work)\b/i, "");
  const unclear = /^that\b/i.test(text) || pointsAway(pointing) || /[:;/]/.test(text);
  if (!short || unclear || (asked && !ASKS_FOR.test(text))) return null;
  // As they wrote it: a need left out costs the reader more than their own words, quoted, and a
  // quote half put right reads worse than one left as written.
  const whole = /[.!]$/.test(text) ? text : `${text}.`;
  return `“${whole[0]!.toUpperCase()}${whole.slice(1)}”`;
}

/** A want's verb, which starts a point of its own: "the system should …", "we need …". */
const WANT_AT = /\b(?:should|must|has to|have to|needs? to|needs?|wants?|would like|'d like|would prefer)\b/i;
/** The last verb that a list of doings hangs on: "… so that we can (have …, keep …)". */
const LEAD_AT =
  /\b(?:should|must|can|could|has to|have to|needs? to|wants? to|would like to|'d like to|able to)\b/gi;
/** A condition said before what it is for: "when stock runs low, …". */
const CONDITION = /^(?:when|whenever|if|once|as soon as)\b/i;
/** A piece that is no want of its own: what a want is for, or a clause hung on another. */
const HUNG =
  /^(?:so|so that|which|that|who|how|what|where|whether|why|because|as|since|to|for|via|by|like|such as)\b/i;
/** Words that join a piece to the one before it. */
const JOINER = /^(?:(?:and|but|also|aswell|as well|then|plus|or)\b[\s,]*)+/i;
/** What a quote opens with and leaves out: a hedge, a joiner, a list's marker. */
const QUOTE_LEAD = new RegExp(
  [HEDGE_LEAD, JOINER, MORE_LEAD, SPOKEN_JOIN].map((r) => r.source).join("|"),
  "i",
);

/** "plan the rota": a piece that starts with a verb's base form (one the tagger took for a noun too). */
function startsWithDoing(text: string): boolean {
  const [first, next] = tokensOf(text);
  if (first?.pos === "VERB") return first.normal === first.lemma;
  return (
    first?.pos === "NOUN" &&
    first.normal === first.lemma &&
    lexnamesOf(first.normal).some((c) => c.startsWith("verb.")) &&
    ["DET", "PRON"].includes(next?.pos ?? "")
  );
}

/** "Products", "Costumer": a noun written with a capital inside a sentence, said in lower case. */
function lowerNouns(text: string): string {
  let out = text;
  for (const t of tokensOf(text).slice(1).reverse())
    if (
      (t.pos === "NOUN" || t.pos === "PROPN") &&
      /^[A-Z][a-z]+$/.test(t.text) &&
      // (a name paired with another, "Nancy/Jim", is a name however the lexicon knows the word)
      !/^\/[A-Z]/.test(text.slice(t.end)) &&
      (strayCapital(t) || strayCapital({ ...t, normal: t.normal.replace(/s$/, "") }))
    )
      out = out.slice(0, t.start) + t.text.toLowerCase() + out.slice(t.end);
  return out;
}

/**
 * A long sentence of several wants, each said in a piece of its own ("the products should go on a
 * list, and when one runs low the system should notify us and should find the cheapest supplier";
 * "we need a system so that we can see our records, keep track of supplies and …"): each piece
 * that says who should do what, a piece that starts with its verb said with the subject before
 * it, a doing listed after "… we can" said with what it hangs on, and a condition said before its
 * want said after it.
 */
export function wantPieces(sentence: string): string[] {
  const text = lowerNouns(cleaned(sentence.trim()).replace(/[\s.!?…]+$/, ""));
  const raw = text
    .split(/\s*[,;]\s*|\s+(?=(?:and|but|aswell|as well)\s)/i)
    .map((p) => p.trim())
    .filter(Boolean);
  // A piece that starts no clause ("charts to analyse …" of "records and charts") goes back on the one before.
  const pieces: string[] = [];
  for (const piece of raw) {
    const bare = piece.replace(JOINER, "");
    const starts = !bare || CONDITION.test(bare) || WANT_AT.test(bare) || startsWithDoing(bare);
    if (starts || !pieces.length) pieces.push(piece);
    else pieces[pieces.length - 1] += `${/^(?:and|but|or)\b/i.test(piece) ? " " : ", "}${piece}`;
  }
  const said: string[] = [];
  let subject = "";
  let lead = "";
  let condition = "";
  for (const piece of pieces) {
    const bare = piece.replace(JOINER, "");
    const want = WANT_AT.exec(bare);
    if (CONDITION.test(bare) && !want) {
      condition = bare;
      continue;
    }
    let clause: string | null = null;
    if (want) {
      const own = bare.slice(0, want.index).trim();
      // A piece not said is no subject for the next: "… and should …" then says nothing.
      if (HUNG.test(bare) || CONDITION.test(bare)) {
        subject = "";
        lead = "";
        continue;
      }
      if (own) subject = own;
      else if (!subject) continue;
      clause = own ? bare : `${subject} ${bare}`;
      const leads = [...clause.matchAll(LEAD_AT)].at(-1);
      lead = leads ? clause.slice(0, leads.index + leads[0].length) : "";
    } else {
      if (lead && startsWithDoing(bare)) clause = `${lead} ${bare}`;
    }
    if (!clause) continue;
    said.push(condition ? `${clause} ${condition[0]!.toLowerCase()}${condition.slice(1)}` : clause);
    condition = "";
  }
  // "… give all this in charts": a piece that points back names nothing on its own.
  // "… the same the information": two noun phrases run together, no clause to say back.
  const garbled = (c: string) => /\b(?:this|these|those|it|them)\b|\bthe \w+ the\b/i.test(c);
  return said.filter((c) => !garbled(c)).flatMap((c) => pointOf(c, true, true) ?? []);
}

/** What is built, as participants name it. */
const SYSTEM_NOUN =
  /^(?:system|app|application|tool|platform|software|website|site|program|solution|portal)$/;

/**
 * "I'd like a system which offers online booking, keeps track of my records and notifies me when
 * supplies run low": each thing the wanted system is to do, as a point of its own ("The system
 * should keep track of your records."), or one point for the list when it is short ("The system should
 * automate your booking, track your records and generate reports."). Only where the list reads
 * whole: each part a verb said in the same form as the first, in a sentence that states a want.
 */
export function listedDuties(answer: string): string[] {
  const points: string[] = [];
  for (const sentence of analyze(answer)) {
    const tokens = sentence.tokens;
    if (!NEED_CUE.test(sentence.text) || isNegative(sentence.text)) continue;
    const third = (t: Token | undefined) => t?.pos === "VERB" && /s$/.test(t.normal) && t.normal !== t.lemma;
    const base = (t: Token | undefined) => t?.pos === "VERB" && t.normal === t.lemma;
    // "a system which offers …, keeps …" or "a new system to automate …, track …".
    const at = tokens.findIndex(
      (t, i) =>
        (/^(?:which|that)$/.test(t.normal) &&
          (tokens[i - 1]?.pos === "NOUN" || tokens[i - 1]?.pos === "PROPN") &&
          third(tokens[i + 1])) ||
        (t.normal === "to" && SYSTEM_NOUN.test(tokens[i - 1]?.normal ?? "") && base(tokens[i + 1])),
    );
    if (at < 0) continue;
    // A verb the tagger took for a noun ("…, track business records") when an object follows it.
    const verbal = (t: Token | undefined, i: number) =>
      t?.pos === "NOUN" &&
      t.normal === t.lemma &&
      lexnamesOf(t.normal).some((c) => c.startsWith("verb.")) &&
      ["DET", "NOUN", "ADJ", "PRON"].includes(tokens[i + 1]?.pos ?? "");
    const listed = tokens[at]!.normal === "to" ? base : third;
    const form = (t: Token | undefined, i: number) => listed(t) || (listed === base && verbal(t, i));
    // Cut before each verb of the list's form that follows a comma or an "and".
    const parts: Token[][] = [];
    let part: Token[] = [];
    for (let i = at + 1; i < tokens.length; i += 1) {
      const t = tokens[i]!;
      const joint = t.text === "," || t.pos === "CCONJ";
      const next = tokens[i + 1];
      const afterJoint = tokens[i + 2];
      if (joint && next && (form(next, i + 1) || (next.pos === "CCONJ" && form(afterJoint, i + 2)))) {
        parts.push(part);
        part = [];
        continue;
      }
      if (t.pos === "CCONJ" && part.length === 0) continue;
      part.push(t);
    }
    parts.push(part);
    if (parts.length < 2) continue;
    const duties = parts.flatMap((p) => {
      const words = p.filter((t) => t.pos !== "PUNCT" || t.text === "'" || t.text === "-");
      const [verb, ...rest] = words;
      if (!verb || !form(verb, tokens.indexOf(verb)) || rest.length < 1) return [];
      return [
        `${verb.lemma} ${sentence.text.slice(rest[0]!.start - sentence.start, rest.at(-1)!.end - sentence.start)}`,
      ];
    });
    // One point while the whole list reads at a glance; else a point a duty.
    const joined = duties.length > 1 ? `${duties.slice(0, -1).join(", ")} and ${duties.at(-1)}` : "";
    const whole = joined ? checked(`The system should ${joined}`) : null;
    const each = duties.map((d) => checked(`The system should ${d}`));
    const said = whole && clean(whole) ? [whole] : each.filter((p): p is string => p !== null && clean(p));
    points.push(...said);
  }
  return points;
}

/**
 * Lines of a list run together, each a duty ("Send the invoices Chase late payers Export the
 * ledger (monthly)"): each line that starts with a verb's base form, written with a capital,
 * said as the system's duty, its brackets left out.
 */
export function runTogetherDuties(answer: string): string[] {
  return analyze(answer).flatMap((sentence) => {
    const { tokens } = sentence;
    const starts = tokens.flatMap((t, i) =>
      /^[A-Z][a-z]+$/.test(t.text) &&
      startsWithDoing(sentence.text.slice(t.start - sentence.start)) &&
      // (a line may end on a bracket closed: "… records (receipts, wages, etc.) Keep track of …")
      (i === 0 || tokens[i - 1]!.pos !== "PUNCT" || /^[)\]]$/.test(tokens[i - 1]!.text))
        ? [t.start - sentence.start]
        : [],
    );
    if (starts[0] !== 0 || starts.length < 2) return [];
    return starts.flatMap((from, k) => {
      const line = sentence.text
        .slice(from, starts[k + 1])
        .replace(/\s*\([^)]*\)?/g, "")
        .replace(/[\s.,;]+$/, "");
      const duty = `The system should ${line[0]!.toLowerCase()}${line.slice(1)}`;
      // Too long to read whole, without a last "and should …" that has no subject of its own
      // ("… notify you when supplies are running out and should be ordered").
      const point = [duty, duty.replace(TRAILING_MODAL, "")]
        .map((d) => checked(d))
        .find((p) => p !== null && readsWhole(p));
      return point && clean(point) ? [point] : [];
    });
  });
}

/** A last "and should …" with no subject of its own: "… are running out and should be ordered". */
const TRAILING_MODAL = /\s+and\s+(?:should|must|can|will|has to|have to|needs? to)\b.*$/i;

/** 3 to 5 of the participant's own sentences, the most informative, in the order they were said. */
function sentencePoints(ctx: TurnContext, answers: string[]): string[] {
  const planWords = new Set(ctx.plan.topics.flatMap((t) => [...senses(t.title)]));
  const candidates: Array<{ text: string; score: number; order: number }> = [];
  answers.forEach((answer, index) => {
    const own = sentences(answer).map((text, i) => {
      const content = keywords(text);
      let score = Math.min(content.length, 6);
      if (hasNumber(text)) score += 3;
      if (WORKAROUND.test(text) || FEELING.test(text) || FREQUENCY.test(text)) score += 2;
      if (isNegative(text)) score += 1;
      if ([...senses(text)].some((s) => planWords.has(s))) score += 2;
      if (content.length < 4 || OFF_TOPIC.test(text) || INJECTION.test(text) || text.trim().endsWith("?"))
        score = -1;
      return { text, score, order: index * 100 + i };
    });
    // At most two sentences from one answer, so the read-back spans the interview.
    candidates.push(
      ...own
        .filter((c) => c.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, 2),
    );
  });
  return candidates
    .sort((a, b) => b.score - a.score)
    .slice(0, MOST_POINTS)
    .sort((a, b) => a.order - b.order)
    .map((c) => c.text);
}

/**
 * Offline, a need's point: in Parley's short phrasing when they said they want it ("I'd like …"), or
 * when their sentence cannot be said back whole; else their sentence, which keeps who should do it
 * and what comes first ("The system should …", "… is the most important").
 */
function offlinePoint(need: FoundNeed): string | null {
  const sentence = need.sentence.text;
  const own = pointOf(sentence, true, true);
  const ownReads = own !== null && readsWhole(own) && clean(own);
  const said = putRight(sentence) ?? sentence;
  if (ownReads && (PRIORITY.test(said) || !SPEAKER_WANTS.test(said))) return own;
  return phrasedNeed(need) ?? own;
}
