/**
 * Offline, what is asked of what the participant just said when it is not the plan's next question:
 * a probe not already answered by anything they said, and, once the read-back is given, one short
 * follow-up on what they add while they keep adding (issue 33).
 */
import { aboutElse, EXAMPLE_ASK, LISTENING_LIMIT, WHY_FIRST } from "./decide";
import {
  answeredBy,
  type Focus,
  type FocusKind,
  focusesOf,
  followUpOn,
  PROBES,
  STATED,
  saidAlready,
} from "./focus";
import { listLength, manyNeeds } from "./heard";
import { askedFrames, askedProbe, frameOf, namedProbe } from "./naming";
import { allTold, normalise, sentences } from "./text";
import type { TurnContext } from "./types";
import { ABOUT_YOURS, COST_LIMIT, PROBLEM, RANKING, REASON_GIVEN, TROUBLE } from "./vocabulary";

/**
 * How they manage today, once any answer described it ("we keep it all in a notebook", "it's a
 * manual process"), is not asked again: the question reads as not having listened. Nor after a
 * requirement on what is built ("it has to work with our till"): no lack anyone manages without.
 */
export const toldBefore = (question: string, told: string, answer: string) =>
  (/\btoday\b/i.test(question) &&
    (answeredBy(question, told) || DONE_TODAY.test(told) || REQUIREMENT.test(answer))) ||
  // What shows the need, once a figure was given ("7 out of 10 exit calls", "41 days").
  (/^What evidence\b/.test(question) && /\d/.test(told));
const DONE_TODAY = /\bmanual\b|\b(?:uses|using)\b/i;
const REQUIREMENT = /\b(?:has to|have to|must|needs to)\b/i;

/** The first follow-up of a kind not asked before and not answered by anything said. */
export function untold(
  kind: FocusKind,
  asked: string[],
  answer: string,
  told: string,
  offline: boolean,
): string | null {
  const passed = [...asked];
  let probed = followUpOn(kind, passed, answer);
  while (probed && (toldBefore(probed, told, answer) || (offline && saidAlready(probed, answer, told)))) {
    passed.push(probed);
    probed = followUpOn(kind, passed, answer);
  }
  return probed;
}

/**
 * What is followed up while they keep adding: a need, a problem, how they cope, a risk, how they
 * would judge success, when something comes up.
 */
const ON_ADDING: ReadonlyArray<FocusKind> = [
  "need",
  "refusal",
  "pain",
  "workaround",
  "risk",
  "goal",
  "condition",
  "rule",
  "approval",
  "routine",
  "preference",
];

/**
 * What of an answer is followed up: what `focusesOf` reads, or, when none of it is followed up,
 * what the statement says (`STATED`), once each kind.
 */
function pointsOf(answer: string): Array<Focus & { stated?: boolean }> {
  const found = focusesOf(answer, true);
  if (found.some((f) => ON_ADDING.includes(f.kind))) return found;
  const stated = STATED.filter((s) => s.cue.test(answer)).map((s) => ({
    kind: s.kind,
    phrase: "",
    stated: true,
  }));
  return [...stated.filter((f, i) => stated.findIndex((g) => g.kind === f.kind) === i), ...found];
}

/**
 * Offline only, once the plan's probes of a kind are asked: more ways to follow up what they add in
 * a long interview, each asked once, none naming their words (a frame that splices them breaks).
 */
export const ADDING_PROBES: Partial<Record<FocusKind, string[]>> = {
  need: ["How important is that compared with the rest?", EXAMPLE_ASK],
  pain: [
    "What makes that hard today?",
    "Who is affected when that happens?",
    EXAMPLE_ASK,
    "What happens then?",
  ],
};

/**
 * An example given already: "for example", "such as", "like when …", or an answer long enough to
 * hold one ("So currently I live in Kampen …").
 */
const exampleGiven = (answer: string) =>
  /\b(?:for (?:example|instance)|e\.g\.|such as|like when)\b/i.test(answer) ||
  answer.trim().split(/\s+/).length > 25 ||
  sentences(answer).length > 2;

const theirAnswers = (ctx: TurnContext) =>
  ctx.messages.filter((m) => m.role === "user").map((m) => m.content);

/** Something that never happens or nobody does: "he never sees the calendar", "nobody checks it". */
const NEVER = /\b(?:never|nobody|no one)\s+(?!mind\b)\w+/i;

/** A refusal said as such: "we don't want …", "I never want …". */
const DONT_WANT = /\b(?:don'?t|do not|never|wouldn'?t|would not)\s+(?:really\s+)?(?:want|need|like)\b/i;

/** A list that says what comes first: "1. … – the most important feature", "top priority". */
const PRIORITY_GIVEN =
  /\b(?:most important|(?:highest|top|first|main) priority|priorit(?:y|ies|ised|ized) list)\b/i;

/** A trouble said as one that must not be: "shouldn't be too hard", "mustn't be complicated". */
const RULED_OUT =
  /\b(?:should(?:n'?t| not)|must(?:n'?t| not)|won'?t|will not|can'?t|cannot|not)\W+(?:be\W+)?(?:too\W+|to\W+)?(?:hard|difficult|complicated|slow|tedious)\b/gi;

/** Asked at most twice in an interview, and not again within this many of the interviewer's messages. */
const AGAIN_AFTER = 4;

const ADDED = Object.values(ADDING_PROBES).flat();

/**
 * A probe naming what the words just before it already said ("Got it: you'd like the digital
 * diary. I've added that.") points back instead: "How would you expect that to work?", not the name again.
 */
export function pointBack(question: string, before: string): string {
  // After two things said back ("I've added those."), "that" would point at neither: named it stays.
  if (!before || /\bthose\.$/.test(before)) return question;
  const asked = normalise(question);
  const said = normalise(before);
  for (const probe of [...Object.values(PROBES).flat(), ...ADDED]) {
    if (!/\bthat\b/.test(probe) || asked === normalise(probe)) continue;
    const named = frameOf(probe, true).exec(asked)?.[1];
    // "monitoring stock levels" after "you'd like to monitor stock levels": said with its verb.
    const object = named?.replace(/^\S+ing /, "");
    if (named && named !== "that" && (said.includes(named) || (object !== named && said.includes(object!))))
      return probe;
  }
  return question;
}

/** A follow-up about "that" after two things were said back ("I've added those.") points at neither: null. */
export const aboutOne = (question: string | null, heard: string) =>
  question && /\bthose\.$/.test(heard) && /\bthat\b/.test(question) ? null : question;

/** Whether an interviewer message asked a follow-up probe, the plan's or one of `ADDING_PROBES`. */
const probedIn = (message: string) =>
  askedProbe(message) || ADDED.some((p) => askedIn(p, normalise(message)));

/** A probe asked as written or named ("When would you use the digital diary?"). */
const askedIn = (probe: string, said: string) => said.includes(normalise(probe)) || frameOf(probe).test(said);

/**
 * After the read-back (or the closing), one short follow-up on what they just added, named where it
 * reads right; null right after a follow-up (one per point, then they go on), or when each probe
 * of its kinds was asked or already answered.
 */
export function probeOnAdding(ctx: TurnContext, answer: string): string | null {
  const messages = ctx.messages.filter((m) => m.role === "ai").map((m) => m.content);
  const all = messages.map(normalise);
  const recent = all.slice(-AGAIN_AFTER);
  // An order of importance: why the first comes first, unless they said; again only for another
  // order given well after. (An order or a list is asked about even after two follow-ups.)
  if (RANKING.test(answer)) {
    const asked = messages.filter((m) => m.includes(WHY_FIRST)).length;
    return asked >= 2 || recent.some((m) => m.includes(normalise(WHY_FIRST))) || REASON_GIVEN.test(answer)
      ? null
      : WHY_FIRST;
  }
  // A whole list is not followed up by one of its points: which of it matters most, once, unless
  // they ranked what they want (in it or before).
  if (listLength(answer) >= 3 || manyNeeds(answer)) {
    const most = PROBES.several[0]!;
    const ranked = [answer, ...theirAnswers(ctx)].some((a) => PRIORITY_GIVEN.test(a) || RANKING.test(a));
    return ranked || messages.some((m) => m.includes(most)) ? null : most;
  }
  // After two follow-ups in a row, only something new is followed up: the point is heard out.
  if (probedIn(messages.at(-1) ?? "") && probedIn(messages.at(-2) ?? "") && !newPoint(ctx, answer))
    return null;
  // "No, I think what you said was better": a reply about someone's suggestion, no need of its own.
  if (ABOUT_YOURS.test(answer)) return null;
  // A limit on what it may cost is noted, and more asked for: no probe of a need or a trouble fits it.
  if (COST_LIMIT.test(answer)) return null;
  const asked = askedFrames(messages);
  const said = asked.map(normalise);
  const told = allTold(ctx);
  // How they cope is followed up before the trouble it copes with ("a paper calendar on the fridge
  // so nobody double-books": how well it works, not how often it happens), unless they want
  // something (a diary they want does not work yet).
  // A trouble ruled out ("it shouldn't be too hard to scale") is a requirement, not a trouble.
  const troubled = TROUBLE.test(answer.replace(RULED_OUT, ""));
  const found = pointsOf(answer).filter((f) => troubled || f.kind !== "pain" || f.phrase);
  if (!found.some((f) => f.kind === "need"))
    found.sort((a, b) => Number(b.kind === "workaround") - Number(a.kind === "workaround"));
  // A trouble said with "never" or "nobody" ("he never sees the calendar") is one too.
  const lacking = PROBLEM.test(answer) || NEVER.test(answer.replace(RULED_OUT, ""));
  if (lacking && !found.some((f) => f.kind === "pain")) found.push({ kind: "pain", phrase: "" });
  // Not answered already, and no example asked for where one was given.
  const fits = (p: string) => !saidAlready(p, answer, told) && !(p === EXAMPLE_ASK && exampleGiven(answer));
  // How an end user would keep track of a goal is a question for those who run the business.
  // A refusal only when said as one ("we don't want messages at night"), and asked what instead.
  const followed = (kind: FocusKind) =>
    ON_ADDING.includes(kind) &&
    !(kind === "goal" && ctx.stakeholderType === "user") &&
    (kind !== "refusal" || DONT_WANT.test(answer));
  for (const focus of found) {
    if (!followed(focus.kind)) continue;
    const probe = untold(focus.kind, asked, answer, told, true);
    if (probe) return namedProbe(probe, focus.kind, focus.phrase, answer);
    // Each asked once as written; a second time only named, for something else they added.
    for (const p of ADDING_PROBES[focus.kind] ?? []) {
      if (!fits(p)) continue;
      const uses = said.filter((s) => askedIn(p, s)).length;
      const named = namedProbe(p, focus.kind, focus.phrase, answer);
      // (the second time not among the last few asked: "How important is that …?" twice running reads as a repeat)
      const again = uses === 1 && named !== p && !recent.some((s) => askedIn(p, s));
      if (uses === 0 || (again && !said.some((s) => s.includes(normalise(named))))) return named;
    }
  }
  // In a long interview, a way asked once is asked once more, of something else they added, when it
  // was not among the last few asked (not of a plain statement, whose one way would read as a repeat).
  for (const focus of found) {
    if (!followed(focus.kind) || focus.stated) continue;
    for (const p of [...PROBES[focus.kind], ...(ADDING_PROBES[focus.kind] ?? [])]) {
      if (all.filter((s) => askedIn(p, s)).length !== 1 || recent.some((s) => askedIn(p, s))) continue;
      if (!answeredBy(p, answer) && !toldBefore(p, told, answer) && fits(p)) return p;
    }
  }
  return null;
}

/**
 * Whether the answer after a follow-up is about something other than what was followed up: it
 * brings a need or a trouble and names nothing the answer before that follow-up named.
 */
function newPoint(ctx: TurnContext, answer: string): boolean {
  return pointsOf(answer).some((f) => ON_ADDING.includes(f.kind)) && aboutElse(ctx.messages, answer);
}

/** Said once, when they are still adding well past the time asked for: they may stop, or go on. */
export const TIME_UP =
  "We're past the time we planned, so feel free to stop here; I'm glad to keep listening.";

/** The time note, once, when listening goes past the listening limit; else "". */
export function timeUpNote(ctx: TurnContext, elapsedMinutes: number, said: string[]): string {
  if (elapsedMinutes < ctx.timeLimitMinutes * LISTENING_LIMIT) return "";
  return said.some((s) => s.includes(normalise(TIME_UP))) ? "" : TIME_UP;
}
