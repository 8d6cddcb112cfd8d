/**
 * What a follow-up is about, and how it is asked (issue 27). The most informative thing in an
 * answer — a need, a refusal, a pain, a workaround, a condition, a number, something unclear — is
 * found with the text kit and the writer's need finder, named by its noun phrase (or the action as
 * a gerund: "booking appointments online") for the model path's prompt, and asked about offline by
 * a prewritten probe of its kind.
 */
import { analyze, gerund, isContent, type Token, tokensOf } from "../text";
import { lexnamesOf } from "../text/lexicon";
import { type FoundNeed, findNeeds } from "../writer/needs";
import { needTopic } from "./phrasing";
import { normalise, sentences } from "./text";
import {
  BENEFIT,
  FEELING,
  FIRST_TO_SECOND,
  FREQUENCY,
  PLANNING,
  PROBLEM,
  RISK,
  RULE_SAID,
  SIGN_OFF,
  SUCCESS,
  TODAY,
  TROUBLE,
  WORKAROUND,
} from "./vocabulary";

export const FOCUS_KINDS = [
  "goal",
  "need",
  "refusal",
  "pain",
  "tried",
  "risk",
  "workaround",
  "condition",
  "number",
  "unclear",
  "several",
  "rule",
  "approval",
  "routine",
  "preference",
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
  ...FIRST_TO_SECOND,
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

/**
 * A schedule or the hours it is done in: "every Friday", "each morning", "weekly", "once a week",
 * "at night", "after hours".
 */
const WHEN =
  /\b(?:(?:every|each) (?:day|week|month|morning|evening|night|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|daily|weekly|monthly|once a (?:day|week|month)|at night|in the evenings|at weekends|after hours)\b/;

/**
 * What a plain statement may say that no need, trouble or goal reads, each followed up in its own
 * words rather than met with "What else should I add?": a point at which they would stop (how they
 * judge success, said the other way round), a rule others set, a sign-off the work needs, a
 * routine, an idea put forward, a preference.
 */
export const STATED: ReadonlyArray<{ kind: FocusKind; cue: RegExp }> = [
  {
    kind: "goal",
    cue: /\b(?:we|i)(?:'d| would| will|'ll) (?:stop|rethink|reconsider|drop (?:it|this)|pull the plug|scrap (?:it|this))\b/i,
  },
  {
    kind: "rule",
    // (or what something requires: "manicures require an appointment; a haircut is not")
    cue: new RegExp(`${RULE_SAID.source}|\\b(?:requires?|required)\\b`, "i"),
  },
  // A sign-off the work needs is the project's, not a rule for what is built.
  {
    kind: "approval",
    cue: SIGN_OFF,
  },
  {
    kind: "routine",
    // Something they do on a schedule ("We review the call logs every Friday"), not a report wanted monthly.
    cue: new RegExp(`\\b(?:we|i)\\b[^.!?]*${WHEN.source}|${WHEN.source}[^.!?]*\\b(?:we|i)\\b`, "i"),
  },
  {
    kind: "need",
    cue: /\b(?:my|our) first (?:move|step)\b|\bi'?d (?:suggest|propose|start with)\b|\b(?:what|how) about\b|\bone option\b|\b(?:we|you) could (?:also )?(?:consider|try|add|offer|use)\b/i,
  },
  {
    kind: "preference",
    cue: /\b(?:easier|harder|better|worse|simpler|quicker|faster)\b[^.!?]*\bthan\b|\bthe only (?:\w+ ){0,2}(?:that|which) works?\b|\bworks? (?:best|better)\b/i,
  },
];

/** What someone's work is judged by: "I'm measured on no-shows and front desk cost", "my targets are …". */
const MEASURED = /\b(?:measured|judged|assessed) (?:on|by)\b|\bmy (?:targets?|kpis?) (?:is|are)\b/i;

/** A way of doing it today said as a manner: "mostly by phone", "by hand", "manually", "on paper". */
const MANNER =
  /\b(?:(?:mostly|all|always|still|usually) )?(?:by (?:phone|hand|email|post)|(?:over|on) the phone|manually|on paper|pen and paper)\b/i;

/** Said of what is to come, not of how it is done today: "I'll do the rotation manually". */
const FUTURE = /\b(?:will|would|going to|shall)\b|'ll\b/i;

/** A situation their work meets, said as when it comes: "… when a technician is late". */
const COMES_UP =
  /\b(?:i|we) (?:handle|take|deal with|get|answer|field)\b[^.!?]*\b(?:when|whenever|every time|if) (?:a|an|the|someone|somebody|customers?|clients?|patients?|people)\b[^.!?]*\b(?:is|are|gets?|runs?|cancels?|calls?)\b/i;

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
/**
 * `offline`: the rules write the turn, and also read how it is done said as a manner and what
 * comes up in their work (the model path reads those itself).
 */
export function focusesOf(answer: string, offline = false): Focus[] {
  const out: Focus[] = [];
  // How they would judge success: asked about as such, before the need it may also state.
  if (SUCCESS.test(answer)) out.push({ kind: "goal", phrase: "" });
  // Offline, what they are measured on is how they judge success too ("I'm measured on no-shows").
  else if (offline && MEASURED.test(answer)) out.push({ kind: "goal", phrase: "" });
  // A timeline or a budget is noted, not followed up as a need.
  const needs = findNeeds(answer).filter((n) => !PLANNING.test(n.sentence.text));
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
  else if (TROUBLE.test(answer) && !out.some((f) => f.kind === "pain"))
    out.push({ kind: "pain", phrase: "" });
  if (TRIED.test(answer)) out.push({ kind: "tried", phrase: "" });
  if (RISK.test(answer)) out.push({ kind: "risk", phrase: "" });
  const workaround = workaroundThing(answer);
  if (workaround) out.push({ kind: "workaround", phrase: workaround, nominal: true });
  // How it is done said as a manner, not a thing ("mostly by phone", "manually"): asked about as "that".
  else if (offline && MANNER.test(answer) && !FUTURE.test(answer) && !PROBLEM.test(answer))
    out.push({ kind: "workaround", phrase: "" });
  // Something that comes up in their work, said as when it does ("I handle the calls when a
  // technician is late"), when no need carries it.
  if (offline && !out.some((f) => f.kind === "condition") && COMES_UP.test(answer))
    out.push({ kind: "condition", phrase: "" });
  const count = quantity(answer);
  if (count) out.push({ kind: "number", phrase: count });
  if (/\bit depends\b/i.test(answer) && !/\bdepends on\b/i.test(answer))
    out.push({ kind: "unclear", phrase: "" });
  // Needs first, then what hurts, how they cope, when, how much; a refusal after the needs it sits among.
  const order: FocusKind[] = [
    "goal",
    "need",
    "tried",
    "risk",
    "pain",
    "refusal",
    "condition",
    "workaround",
    "number",
    "unclear",
  ];
  const rank = (f: Focus) => order.indexOf(f.kind) + (f.kind === "number" && FREQUENCY.test(answer) ? -3 : 0);
  return out
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map(({ f }) => f)
    .filter((f, i, all) => all.findIndex((g) => g.phrase === f.phrase && g.kind === f.kind) === i);
}

/**
 * The follow-ups of each kind, written once and asked as written: each takes up what was just said
 * ("that", "it") without splicing the participant's words into a frame, which breaks as often as
 * the words do ("Who would use a text the day most?"). The kind, read from the answer, is what
 * makes the question follow from it. Each is asked at most once in an interview.
 */
export const PROBES: Record<FocusKind, string[]> = {
  goal: ["Where does that stand today?", "How would you keep track of that?"],
  need: [
    "What would that change for you?",
    "How do you manage without that today?",
    "How would you expect that to work?",
    "Why does that matter to you?",
  ],
  pain: [
    "How do you deal with that today?",
    "How often does that happen?",
    "What does that cost you, in time or money?",
    "What have you tried so far to fix that?",
  ],
  // Never "What's the problem with that?": it reads as a challenge to what they chose to rule out.
  refusal: ["What would you rather have instead?"],
  tried: ["What would have to be different this time?", "What got in the way?"],
  // (planning around it fits a worry, a lead time and a threat alike; "if that happened" only a threat)
  risk: ["What would help you plan around that?", "What would you do if that happened?"],
  condition: ["What happens today when that comes up?", "How often does that come up?"],
  workaround: [
    "How well does that work for you?",
    "How much time does that take in a typical week?",
    "What goes wrong with that?",
  ],
  number: ["How has that changed over the past year?", "What does that mean for your day-to-day work?"],
  unclear: ["What does it depend on?", "Could you give me a recent example?"],
  // After a long answer that says many things, "that" points at none of them: which comes first.
  several: ["Of everything you've described, what matters most to you?"],
  // Read only once the read-back is given (listen.ts): a rule others set, a sign-off, a routine, a preference.
  rule: ["How should the system handle that?"],
  approval: ["How does that affect this project?"],
  routine: ["What would make that easier?"],
  preference: ["Why is that?"],
};

/** Something tried before that did not take: "we tried a booking widget in 2023, but nobody found it". */
const TRIED =
  /\b(?:we|i|they) (?:(?:already|once) )?(?:tried|trialled|piloted|tested|bought|built)\b[^.!?]*\b(?:but|and|then|until)\b[^.!?]*\b(?:never|nobody|no one|didn't|did not|wasn't|weren't|couldn't|stopped|dropped|gave up|failed|went back)\b/i;

/**
 * An amount of time or money: "three hours a week", "60 euros", "18 percent", "£40"; not a count of
 * something else ("8 fulltime employees").
 */
const AMOUNT =
  /\b(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|half|a few|several) ?(?:hours?|hrs?|minutes?|mins?|days?|weeks?|months?|euros?|pounds?|dollars?|percent|k)\b|[$€£%]/i;

/**
 * Questions an answer has already answered: how often, when it said how often; what it costs, when
 * it said how much; what it would change, when it said what it would help with; how they manage
 * today, when it said how it is done now; what the problem is or what it would change, when it
 * said why. The plan's questions are held to the same.
 */
const ANSWERED: Array<[question: RegExp, answer: RegExp]> = [
  [/^How often\b/, new RegExp(`${FREQUENCY.source}|\\b\\d+ (?:out )?of \\d+\\b|\\btimes\\b`, "i")],
  [/\bcost you\b|^How much time\b/, AMOUNT],
  [/\bchange for\b|\btime or money\b|\bworth to\b|\bmake a difference\b/, BENEFIT],
  // How it is done now, said as such or as the workaround itself ("ringing patients to fill the gaps").
  [
    /\btoday\b|\bget by without\b|\bmanage without\b/,
    new RegExp(`${TODAY.source}|${WORKAROUND.source}`, "i"),
  ],
  // A reason given ("…, so the app has to queue updates") says what it would change, and what the problem is.
  [
    /\bproblem with that\b|\bchange for\b|^Why does\b.*\bmatter to you\b/,
    /\b(?:because|since|otherwise|'cause|so that)\b|, so (?!far\b)/i,
  ],
  // How well a way of working works, once they said ("… but lacks integration", "it's tiring").
  [
    /^How well does\b/,
    /\b(?:lacks?|doesn'?t work|isn'?t working|not (?:great|good|ideal|easy)|hard|difficult|tiring|time[- ]consuming|complicated|works? (?:well|fine))\b/i,
  ],
  // What they would have instead, said with what they ruled out ("…, SAP has to stay the master").
  // (in a clause of its own: "I don't want them to have to make an account" says nothing instead)
  [
    /\binstead\b/,
    /[,;.:]\s*[^,;.:]*\b(?:has to|have to|must|should|instead|rather|stays?|keep using|(?:we|i)(?:'ll| will) (?:use|keep))\b/i,
  ],
  // What it is for ("… to keep clients informed", "so she can …") or what it would help with says why it matters.
  [
    /^Why does\b.*\bmatter to you\b/,
    new RegExp(
      `${BENEFIT.source}|\\bto (?:keep|help|make|ensure|track|stop)\\b|\\bso (?:that )?(?:\\S+ ){1,3}(?:can|could|will|would)\\b`,
      "i",
    ),
  ],
];

/** Troubles named as such: "the main challenges include …", "the problem is …", "it's difficult". */
const HARD_NAMED = /\b(?:challenges?|problems?|issues?|difficult\w*|hard(?:er|est)?|worst|struggl\w*)\b/i;

/** A date a need must meet: "start in January", "by the end of March", "before the summer". */
const DEADLINE =
  /\b(?:by|before|in|from|until|for)\s+(?:the (?:end|start|beginning) of\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|next (?:week|month|year|quarter))\b/i;

/**
 * How often said in more ways than `FREQUENCY` reads: "every Friday", "each other week", "on
 * Mondays", "once a month", "three times", "sometimes", "rarely".
 */
const WHEN_SAID =
  /\b(?:every|each) (?:other |single |second )?(?:\w+day|week|month|year|morning|afternoon|evening|night|shift|season|quarter|hour|term|\d+|two|three|four|few|couple)\b|\bon (?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends)\b|\b(?:once|twice|\w+ times) (?:a|an|per|every|each) \w+|\b(?:\d+|two|three|four|five|several|many|a few|a couple of) times\b|\b(?:sometimes|rarely|seldom|occasionally|hardly ever|never|now and then|from time to time|at the end of (?:the|each|every) \w+|hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annually)\b/i;

/**
 * Something that happens now and then (a failure, a slip, a cancellation): "how often" fits it, not
 * a lasting state ("it's complicated and time-consuming").
 */
const HAPPENS =
  /\b(?:fail\w*|crash\w*|break\w*|goes? (?:down|wrong)|went wrong|los[et]\w*|miss\w*|forg[eo]t\w*|double[- ]?book\w*|mistakes?|errors?|late|no[- ]shows?|cancel\w*|complain\w*|ring\w*|calls?|call(?:s|ed|ing)? (?:in|back)|run(?:s|ning)? (?:out|low)|wait\w*|busy)\b/i;

/** Time, money or effort in what was said: what "what does that cost you" asks about. */
const COSTLY =
  /\b(?:time|hours?|minutes?|days?|weeks?|mornings?|evenings?|money|cost\w*|expensive|pay\w*|consuming|takes?|took|spend\w*|spent|work(?:load)?|effort|staff)\b/i;

/** A rate: "three hours a week", "twice per shift", "40 calls a day". */
const RATE_SAID =
  /\b(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|hundred|half an?|a few|several|\w+ly) (?:\w+ )?(?:hours?|minutes?|days?|times?|calls?|bookings?|orders?|euros?|dollars?|pounds?)(?: or so)? (?:a|an|per|each|every) (?:day|week|month|year|shift|morning|evening)\b/i;

/** An order of importance said: "the highest priority", "most important", "first … then". */
const RANK_SAID =
  /\b(?:priorit(?:y|ies|ise|ize)|most important|more important|least important|above all|first of all|top of (?:the|my) list|(?:first|second|third)(?:ly)?,)/i;

/** What comes first said outright ("the most important is …", "above all"): not "First, …" of a list. */
const FIRST_SAID =
  /\b(?:priorit(?:y|ies|ise|ize)|most important|more important|above all|top of (?:the|my) list|matters? most)\b/i;

/**
 * Offline only, beyond `answeredBy` (the model path's checks keep to that), questions already
 * answered or that do not fit: how often, of a lasting state; what it costs, where nothing was said
 * of time, money or effort; what makes it hard, once the troubles were named; what they tried, of
 * a process done by hand; how important it is, once any answer ranked what they want; what matters
 * most, once they said; why it matters, once they said what is wrong; how it should work, once
 * described or of a deadline; where it stands today, once any answer (`told`) gave a figure; how
 * they would keep track of it, of nothing that can be tracked.
 */
export const saidAlready = (question: string, answer: string, told: string) =>
  (/^How often\b/.test(question) &&
    (WHEN_SAID.test(answer) || RATE_SAID.test(answer) || !HAPPENS.test(answer))) ||
  (/\bcost you\b/.test(question) && (!COSTLY.test(answer) || TIME_SPENT.test(answer))) ||
  // What makes it hard, once the answer named its troubles ("the main challenges include …").
  (/^What makes that hard\b/.test(question) && HARD_NAMED.test(answer)) ||
  // What they tried, once they described how it is done by hand today.
  (/^What have you tried\b/.test(question) && WORKAROUND.test(answer)) ||
  // How they deal with it today, once the answer said how ("… on the phone moving appointments").
  (/^How do you deal with that today\?$/.test(question) &&
    (WORKAROUND.test(answer) || MANNER.test(answer))) ||
  (/^How important\b/.test(question) && (RANK_SAID.test(answer) || RANK_SAID.test(told))) ||
  (/\bmatters most\b/.test(question) && FIRST_SAID.test(answer)) ||
  // Why it matters, once the answer said what is wrong today ("doing it by hand is tiring").
  (/^Why does\b.*\bmatter to you\b/.test(question) && TROUBLE.test(answer)) ||
  // How it should work, once an answer of some length (or of two sentences) described it.
  // Nor of a date it must meet ("it has to start in January"): a deadline works no way.
  (/^How would you expect\b/.test(question) &&
    (answer.trim().split(/\s+/).length >= 20 || analyze(answer).length >= 2 || DEADLINE.test(answer))) ||
  (/\bstand today\b/.test(question) && AMOUNT.test(told)) ||
  // How they would keep track of it, only of an outcome that can be tracked ("cut calls by a
  // quarter", "streamline operations"), not of something they could then do ("worth it if I could
  // answer where's my technician without calling anyone").
  (/\bkeep track of that\b/.test(question) && !TRACKABLE.test(answer));

/** Time said as a share of the working day: "half of every morning", "most of the day". */
const TIME_SPENT =
  /\b(?:half|most|all|much) of (?:every|each|the|a|my|our) (?:morning|afternoon|day|evening|week)\b/i;

/** An outcome that can be tracked: more or less of something, or a figure. */
const TRACKABLE =
  /\b(?:reduc\w*|cut\w*|increas\w*|improv\w*|streamlin\w*|halv\w*|doubl\w*|fewer|less|more|faster|quicker|below|above|under|over|percent|per ?cent|\d+)\b|%/i;

/**
 * An answer that says many things ("a long answer"), among them what they want, lack or struggle
 * with: a list of three or more, or at least 40 words in three sentences or more. A probe about
 * "that" would point at none of them in particular; a long self-introduction asks for no choice.
 */
export const saysMany = (answer: string) =>
  (/(?:^|\s)3[.)]\s/.test(answer) ||
    (answer.trim().split(/\s+/).length >= 40 && analyze(answer).length >= 3)) &&
  findNeeds(answer).length >= 2;

/**
 * A sentence that lists three things or more: "a booking system, record keeping, supply tracking
 * and reports" (not "Yes, I think so, and we also want …" nor "… the flow, it has seven steps and
 * tiny buttons": the items after the first are short and name things, not what anyone does).
 */
export function listsThings(answer: string): boolean {
  return sentences(answer).some((sentence) => {
    if (!/,[^,]*\b(?:and|or)\s+\S/.test(sentence)) return false;
    const items = sentence.replace(/[.!?]+$/, "").split(/,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+(?=[^,]*$)/);
    // Things named, not clauses: no pronoun, and no verb but an -ing or -ed form ("automated records").
    const thing = (item: string) =>
      !tokensOf(item).some(
        (t) => t.pos === "PRON" || t.pos === "AUX" || (t.pos === "VERB" && !/(?:ing|ed)$/.test(t.normal)),
      );
    const short = items.slice(1).filter((item) => item.trim().split(/\s+/).length <= 6 && thing(item));
    return items.length >= 3 && short.length >= 2;
  });
}

/** Whether the answer already answered this question (by the kinds above). */
export const answeredBy = (question: string, answer: string) =>
  ANSWERED.some(([asks, told]) => asks.test(question) && told.test(answer));

/**
 * The first probe of a kind that no earlier interviewer message contains and the answer has not
 * already answered, or null.
 */
export function followUpOn(kind: FocusKind, asked: string[], answer = ""): string | null {
  const said = asked.map(normalise);
  return (
    PROBES[kind].find((p) => !said.some((s) => s.includes(normalise(p))) && !answeredBy(p, answer)) ?? null
  );
}

/** The first focus of an answer with a probe still free to ask, and that probe. */
export function followUpFor(
  answer: string,
  asked: string[],
  kinds?: ReadonlyArray<FocusKind>,
  offline = false,
) {
  const focuses = focusesOf(answer, offline).filter((f) => !kinds || kinds.includes(f.kind));
  for (const focus of focuses) {
    const question = followUpOn(focus.kind, asked, answer);
    if (question) return { focus, question };
  }
  return null;
}
