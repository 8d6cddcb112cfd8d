/**
 * What a follow-up is about, and how it is asked (issue 27). The most informative thing in an
 * answer — a need, a refusal, a pain, a workaround, a condition, a number, something unclear — is
 * found with the text kit and the writer's need finder, named by its noun phrase (or the action as
 * a gerund: "booking appointments online"), never by a fragment, and asked about in natural words.
 * Each kind has a few frames; no frame is asked more than twice in an interview.
 */
import { analyze, gerund, isContent, type Token } from "../text";
import { lexnamesOf } from "../text/lexicon";
import { type FoundNeed, findNeeds } from "../writer/needs";
import { fragmentIn } from "./fragments";
import { needTopic } from "./phrasing";
import { hash, isVague, normalise } from "./text";
import { FEELING, FREQUENCY, WORKAROUND } from "./vocabulary";

export const FOCUS_KINDS = [
  "need",
  "refusal",
  "pain",
  "workaround",
  "condition",
  "number",
  "unclear",
] as const;
export type FocusKind = (typeof FOCUS_KINDS)[number];

export interface Focus {
  kind: FocusKind;
  /** The phrase names a thing (a noun phrase), not an action (a gerund phrase). */
  nominal?: boolean;
  /** What the question names: a noun phrase or a gerund phrase in the participant's words ("" for none). */
  phrase: string;
}

/** The speaker's words as the interviewer says them back: "my" → "your", "we" → "you". */
const SWAP: Record<string, string> = {
  i: "you",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
  we: "you",
  us: "you",
  our: "your",
  ours: "yours",
  ourselves: "yourselves",
  am: "are",
  "'m": "'re",
};

/** Tokens back to text with their own spacing, the speaker's pronouns turned to the listener's. */
export function say(tokens: Token[]): string {
  let out = "";
  tokens.forEach((t, i) => {
    const swapped = SWAP[t.normal];
    const word = swapped ? (/^[A-Z]/.test(t.text) && i > 0 ? swapped : swapped) : t.text;
    const glued = i > 0 && tokens[i - 1]!.end === t.start;
    out += (i > 0 && !glued ? " " : "") + word;
  });
  return out.replace(/\s+/g, " ").trim();
}

const STOP_AT_END: ReadonlySet<Token["pos"]> = new Set([
  "ADP",
  "DET",
  "CCONJ",
  "SCONJ",
  "PART",
  "PUNCT",
  "AUX",
  "PRON",
  "SYM",
  "X",
]);

/** At most `max` words, ending on a word that means something. */
function trimmed(tokens: Token[], max = 7): Token[] {
  let out = tokens.filter((t) => t.pos !== "SPACE").slice(0, max);
  while (out.length && STOP_AT_END.has(out.at(-1)!.pos)) out = out.slice(0, -1);
  while (out.length && (out[0]!.pos === "PUNCT" || out[0]!.pos === "CCONJ")) out = out.slice(1);
  return out;
}

/** The first item of a list ("a booking system, automated records and reports" → "a booking system"). */
function firstItem(tokens: Token[]): Token[] {
  const cut = tokens.findIndex(
    (t, i) => i > 0 && (t.text === "," || t.text === ";" || t.text === "(" || t.pos === "CCONJ"),
  );
  return cut > 0 ? tokens.slice(0, cut) : tokens;
}

/**
 * An action as something to talk about: "book appointments online" → "booking appointments
 * online"; a thing with the participant's own article ("a waitlist"). "" when a list cut leaves a
 * verb without the object it had ("track or predict walk-ins" is not "tracking").
 */
export function asTopic(action: Token[]): string {
  const first = firstItem(action);
  const tokens = trimmed(first);
  if (!tokens.length) return "";
  const [head, ...rest] = tokens;
  if (head!.pos === "VERB" || head!.pos === "AUX") {
    if (head!.lemma === "be" || (!rest.length && first.length < action.length)) return "";
    return `${gerund(head!.lemma)} ${say(rest)}`.trim();
  }
  // A thing, with the participant's own article ("a waitlist"), "the" for a demonstrative, else none.
  const determiner = tokens[0]!.pos === "DET" ? tokens[0]!.normal : null;
  const words = determiner ? tokens.slice(1) : tokens;
  if (!words.some((t) => t.pos === "NOUN" || t.pos === "PROPN")) return "";
  const article = determiner === "a" || determiner === "an" ? `${determiner} ` : determiner ? "the " : "";
  return `${article}${say(words)}`;
}

const NUMBER_WORDS = /^(?:one|a|an|single)$/i;
const RATE = /^(?:a|an|per|each|every)$/;

/** A noun naming an amount of time, money or another measure: "hours", "percent", "euros". */
const measures = (t: Token) =>
  lexnamesOf(t.lemma).some((c) => c === "noun.time" || c === "noun.quantity" || c === "noun.measure") ||
  /^(?:percent|%)$/.test(t.normal);

/**
 * "12 appointments a week", "two hours", "18 percent of bookings", "8 employees": an amount above
 * one, as said, that measures something (a rate, a time, money, a share) or is a figure given in
 * digits. A number after a determiner ("the latter two services") points back at things already
 * named, and a spelled-out count alone ("two services") measures nothing to ask about.
 */
function quantity(answer: string): string | null {
  for (const s of analyze(answer)) {
    const tokens = s.tokens;
    for (let i = 0; i < tokens.length; i += 1) {
      const t = tokens[i]!;
      if (t.pos !== "NUM" || NUMBER_WORDS.test(t.normal)) continue;
      const before = tokens[i - 1];
      if (before && (before.pos === "DET" || before.pos === "ADJ")) continue;
      const money = before !== undefined && /^[$€£]$/.test(before.text);
      const run = [...(money ? [before] : []), t];
      let j = i + 1;
      while (tokens[j] && ["NUM", "NOUN", "ADJ", "PROPN"].includes(tokens[j]!.pos) && run.length < 5)
        run.push(tokens[j++]!);
      let measured = money || /\d/.test(t.text) || run.some((x) => x.pos === "NOUN" && measures(x));
      // "18 percent of appointments", "12 appointments a week"
      if (tokens[j]?.normal === "of" && tokens[j + 1]?.pos === "NOUN") run.push(tokens[j]!, tokens[j + 1]!);
      else if (RATE.test(tokens[j]?.normal ?? "") && tokens[j + 1]?.pos === "NOUN") {
        run.push(tokens[j]!, tokens[j + 1]!);
        measured = true;
      }
      if (measured && run.some((x) => x.pos === "NOUN")) return say(run);
    }
  }
  return null;
}

/** The noun phrase around a workaround word ("a paper calendar", "the spreadsheet"), or the tool they use today. */
function workaroundThing(answer: string): string | null {
  for (const s of analyze(answer)) {
    const hit = s.tokens.findIndex((t) => WORKAROUND.test(t.text) && (t.pos === "NOUN" || t.pos === "PROPN"));
    if (hit < 0) continue;
    let from = hit;
    while (from > 0 && ["NOUN", "ADJ", "PROPN"].includes(s.tokens[from - 1]!.pos)) from -= 1;
    let to = hit + 1;
    while (s.tokens[to] && ["NOUN", "PROPN"].includes(s.tokens[to]!.pos)) to += 1;
    const owner = s.tokens[from - 1];
    const words = s.tokens.slice(from, to);
    return owner && SWAP[owner.normal] ? say([owner, ...words]) : `the ${say(words)}`;
  }
  return toolInUse(answer);
}

/** Verbs that say what the speaker works with today: "we use a reservation book", "I keep a diary". */
const IN_USE = new Set(["use", "keep"]);

/** "We use a reservation book for bookings" → "the reservation book": what they work with today. */
function toolInUse(answer: string): string | null {
  for (const s of analyze(answer)) {
    const tokens = s.tokens;
    for (let i = 1; i < tokens.length; i += 1) {
      const verb = tokens[i]!;
      if (!IN_USE.has(verb.lemma) || verb.pos !== "VERB" || verb.normal !== verb.lemma) continue;
      if (!/^(?:i|we)$/.test(tokens[i - 1]!.normal) || tokens[i + 1]?.pos !== "DET") continue;
      let to = i + 2;
      while (tokens[to] && ["ADJ", "NOUN", "PROPN"].includes(tokens[to]!.pos)) to += 1;
      const words = tokens.slice(i + 2, to);
      if (words.at(-1)?.pos === "NOUN") return `the ${say(words)}`;
    }
  }
  return null;
}

/** What a feeling is about: "I hate waiting on hold every morning" → "waiting on hold every morning". */
function feltAbout(answer: string): string | null {
  for (const s of analyze(answer)) {
    const at = s.tokens.findIndex((t) => FEELING.test(t.text));
    if (at < 0) continue;
    const after = s.tokens.slice(at + 1);
    const start = after.findIndex((t) => t.pos === "VERB" || t.pos === "NOUN");
    if (start < 0 || start > 2) continue;
    const words = trimmed(after.slice(start), 6);
    if (words.length && words.some(isContent)) return asTopic(words);
  }
  return null;
}

const DEFINITE = /^(?:the|my|our|your|their)$/;

/**
 * The first thing an answer names as known to both ("the databases of CBR", "our old till"): a
 * noun run after "the" or a possessive, with an "of" phrase after it, in the listener's pronouns.
 */
function definiteThing(answer: string): string | null {
  for (const s of analyze(answer)) {
    const tokens = s.tokens;
    for (let i = 0; i < tokens.length; i += 1) {
      if (!DEFINITE.test(tokens[i]!.normal)) continue;
      let j = i + 1;
      while (tokens[j] && ["ADJ", "NOUN", "PROPN"].includes(tokens[j]!.pos)) j += 1;
      if (tokens[j]?.normal === "of" && ["NOUN", "PROPN"].includes(tokens[j + 1]?.pos ?? "")) {
        j += 1;
        while (tokens[j] && ["ADJ", "NOUN", "PROPN"].includes(tokens[j]!.pos)) j += 1;
      }
      const run = tokens.slice(i, j);
      if (run.length >= 2 && ["NOUN", "PROPN"].includes(run.at(-1)!.pos)) return say(run);
    }
  }
  return null;
}

/** A condition as a clause after "what happens today": "when supplies run low". */
function conditionOf(need: FoundNeed): string | null {
  const condition = need.conditions[0];
  if (!condition?.length) return null;
  const words =
    condition[0]!.normal === "in" && condition[1]?.normal === "case"
      ? condition.slice(2)
      : condition.slice(1);
  const clause = trimmed(words, 8);
  return clause.length >= 2 && clause.some(isContent) ? `when ${say(clause)}` : null;
}

/** The things in an answer worth a follow-up, most informative first. */
export function focusesOf(answer: string): Focus[] {
  const out: Focus[] = [];
  const needs = findNeeds(answer);
  for (const need of needs) {
    // What the need asks for, as the writer phrases it: "sending the records to the accountant",
    // "a booking system"; "" when no phrase passes (the question then says "that").
    const topic =
      need.trigger === "complaint" ? { phrase: asTopic(need.subject), nominal: true } : needTopic(need);
    out.push({
      kind: need.negated ? "refusal" : need.trigger === "complaint" ? "pain" : "need",
      phrase: topic.phrase,
      nominal: topic.nominal,
    });
    const condition = conditionOf(need);
    if (condition) out.push({ kind: "condition", phrase: condition });
  }
  const felt = FEELING.test(answer) ? feltAbout(answer) : null;
  if (felt) out.push({ kind: "pain", phrase: felt });
  const workaround = workaroundThing(answer);
  if (workaround) out.push({ kind: "workaround", phrase: workaround, nominal: true });
  const count = quantity(answer);
  if (count) out.push({ kind: "number", phrase: count });
  if (/\bit depends\b/i.test(answer) && !/\bdepends on\b/i.test(answer))
    out.push({ kind: "unclear", phrase: "" });
  else if (isVague(answer) && !out.length)
    out.push({ kind: "unclear", phrase: definiteThing(answer) ?? "", nominal: true });
  // Needs first, then what hurts, how they cope, when, how much; a refusal after the needs it sits among.
  const order: FocusKind[] = ["need", "pain", "refusal", "condition", "workaround", "number", "unclear"];
  const rank = (f: Focus) => order.indexOf(f.kind) + (f.kind === "number" && FREQUENCY.test(answer) ? -3 : 0);
  return out
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map(({ f }) => f)
    .filter((f, i, all) => all.findIndex((g) => g.phrase === f.phrase && g.kind === f.kind) === i);
}

/** The frames of each kind of follow-up; `{X}` is the focus's phrase, `{N}` one that names a thing. */
export const FRAMES: Record<FocusKind, string[]> = {
  need: [
    "What would {X} change for you?",
    "What do you do today instead of {X}?",
    "Why does {X} matter to you?",
    "Who would use {N} most?",
    "What would {X} make easier for you?",
  ],
  refusal: [
    "What's the problem with {X}?",
    "What would go wrong with {X}?",
    "What makes {X} a bad fit for you?",
  ],
  pain: [
    "What makes {X} so hard?",
    "What does {X} cost you, in time or money?",
    "How often does {X} get in the way?",
    "What happens when {X} goes wrong?",
  ],
  workaround: [
    "How well does {X} work for you?",
    "How much time does {X} take in a typical week?",
    "What goes wrong with {X}?",
  ],
  condition: [
    "What happens today {X}?",
    "How often does that happen, roughly?",
    "Who deals with it today {X}?",
  ],
  number: ["What do {X} mean for your work?", "How do {X} compare with a year ago?"],
  unclear: [
    "What does it depend on?",
    "What does {X} look like in practice?",
    "Could you give me a recent example?",
    "Could you say a bit more about {X}?",
  ],
};

/** A frame as a pattern over whole messages: its words around any phrase. */
const patterns = new Map<string, RegExp>();
export function framePattern(frame: string): RegExp {
  let pattern = patterns.get(frame);
  if (!pattern) {
    const [before = "", after = ""] = frame.split(/\{[XN]\}/).map((part) => normalise(part));
    const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    pattern = /\{[XN]\}/.test(frame)
      ? new RegExp(`(?:^|\\s)${literal(before)}\\s.+\\s${literal(after)}(?:$|\\s)`)
      : new RegExp(`(?:^|\\s)${literal(before)}(?:$|\\s)`);
    patterns.set(frame, pattern);
  }
  return pattern;
}

/** How often a frame was asked in the interviewer's earlier messages. */
export const timesAsked = (frame: string, asked: string[]) =>
  asked.filter((m) => framePattern(frame).test(normalise(m))).length;

/** Frames are asked at most twice in an interview. */
export const MAX_FRAME_USES = 2;

/** Kinds whose frames read as well with "that" as with a phrase ("What would that change for you?"). */
const THAT_KINDS: ReadonlySet<FocusKind> = new Set(["need", "refusal", "pain", "workaround", "unclear"]);

/**
 * The follow-up question on a focus, in a frame asked fewer than twice so far, or null. Each
 * question is checked for signs of a fragment (`fragmentIn`); when its phrase reads as one in
 * every frame, or there is no phrase, the frame is asked with "that".
 */
export function followUpOn(focus: Focus, asked: string[]): string | null {
  let fragment = !focus.phrase;
  if (focus.phrase) {
    const question = framed(focus, focus.phrase, asked, () => {
      fragment = true;
    });
    if (question) return question;
  }
  if (!fragment) return null;
  return framed({ ...focus, nominal: false }, THAT_KINDS.has(focus.kind) ? "that" : "", asked);
}

function framed(focus: Focus, phrase: string, asked: string[], onFragment?: () => void): string | null {
  // "instead of that" reads as instead of the need, not of what they do today: no frame for "that".
  const frames = FRAMES[focus.kind].filter((f) =>
    f.includes("{N}")
      ? focus.nominal && phrase !== "that"
      : !f.includes("{X}") || (Boolean(phrase) && !(phrase === "that" && f.includes("instead of"))),
  );
  if (!frames.length) return null;
  const start = hash(focus.phrase || focus.kind) % frames.length;
  const rotated = frames.map((_, i) => frames[(start + i) % frames.length]!);
  // A frame that names the thing builds on the answer more than one that does not.
  const named = phrase && phrase !== "that";
  const ordered = named
    ? [...rotated.filter((f) => /\{[XN]\}/.test(f)), ...rotated.filter((f) => !/\{[XN]\}/.test(f))]
    : rotated;
  for (const frame of ordered) {
    if (timesAsked(frame, asked) >= MAX_FRAME_USES) continue;
    const question = frame.replace(/\{[XN]\}/, phrase);
    if (asked.some((m) => normalise(m).includes(normalise(question)))) continue;
    if (phrase !== "that" && fragmentIn(question, phrase, { clause: focus.kind === "condition" })) {
      onFragment?.();
      continue;
    }
    return question;
  }
  return null;
}

/** The first focus of an answer with a question still free to ask, and that question. */
export function followUpFor(answer: string, asked: string[], kinds?: ReadonlyArray<FocusKind>) {
  const focuses = focusesOf(answer).filter((f) => !kinds || kinds.includes(f.kind));
  // A focus its phrase can name comes before one asked about as "that".
  for (const focus of focuses) {
    const question = focus.phrase ? framed(focus, focus.phrase, asked) : null;
    if (question) return { focus, question };
  }
  for (const focus of focuses) {
    const question = followUpOn(focus, asked);
    if (question) return { focus, question };
  }
  return null;
}
