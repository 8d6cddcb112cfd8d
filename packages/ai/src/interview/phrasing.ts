/**
 * What a stated need asks for, in the writer's own phrasing (issue 27): the means the writer puts
 * in a story ("book appointments", "get low-stock alerts"), held to the quality gate's checks and
 * to the few an interviewer needs on top: nothing pointing back at words said before, no second
 * clause run in, no ordinary word capitalised mid-sentence, no markup, no filler, no cut-off end.
 * The interviewer says a need back with it ("you'd like clients to be able to book appointments")
 * and asks about it ("booking appointments"); what does not pass is never said in Parley's words.
 */
import { checkStory } from "../quality/check";
import { UNSTATED_BENEFIT } from "../quality/parse";
import type { DefectCode } from "../quality/types";
import {
  analyze,
  gerund,
  infinitive,
  isVerb,
  pastParticiple,
  plural,
  type Token,
  withArticle,
} from "../text";
import { canBeVerb, lexnamesOf, looksMisspelt } from "../text/lexicon";
import type { FoundNeed } from "../writer/needs";
import { draftStories, splitActions } from "../writer/phrase";
import { HEDGES, RECEIVING_VERB } from "../writer/vocabulary";
import { CALENDAR_NAMES, FILLER, MASS_NOUNS } from "./vocabulary";

/** The gate's defects that say a means reads badly; the rest (atomic, unique, …) are about stories. */
const READS_BADLY: ReadonlySet<DefectCode> = new Set([
  "no-means",
  "vague-object",
  "want-to-no-verb",
  "means-is-noun-phrase",
  "fragment",
  "brackets",
  "markup",
  "second-sentence",
  "examples",
  "aside",
  "dash-comment",
]);

/** The writer's light verbs before a wanted thing: "have a waitlist", "get low-stock alerts". */
const LIGHT = /^(?:have|get)\s+/;

/** Words a noun phrase may hold: "an app", "client booking", "low-stock alerts". */
const NOMINAL: ReadonlySet<Token["pos"]> = new Set(["DET", "ADJ", "NOUN", "PROPN", "NUM"]);

/** Words no sentence ends on. */
const CANNOT_END: ReadonlySet<Token["pos"]> = new Set(["DET", "ADP", "CCONJ", "SCONJ", "AUX", "PART"]);
const SUBJECT_PRONOUN = /^(?:i|we|you|they|he|she)$/;
/** Words that point back at something said before and name nothing on their own. */
const POINTING = /^(?:it|them|this|that|these|those|one|such)$/;
/** Words that start a clause of its own inside a phrase. */
const CLAUSE_START = /^(?:that|which|who|whom|whose|what|where|when|how|why|whether|if|because|while)$/;

/** The tokens of a means as the gate reads it ("I want to …"), without the frame. */
function meansTokens(action: string): Token[] {
  const frame = "I want to ";
  return analyze(`${frame}${action}.`)
    .flatMap((s) => s.tokens)
    .filter((t) => t.start >= frame.length && t.pos !== "PUNCT");
}

/** True for a word capitalised mid-sentence that is an ordinary word, not a name or an acronym. */
export const strayCapital = (t: Token) =>
  /^[A-Z][a-z]/.test(t.text) && !CALENDAR_NAMES.test(t.text) && lexnamesOf(t.normal).length > 0;

/**
 * True when the interviewer can say a means in its own sentence: the gate finds nothing that
 * reads badly, and none of the interviewer's own checks fails.
 */
export function sayable(action: string, role: string | null = null): boolean {
  // Markup, brackets, "etc", and a hyphen come loose from its word ("write -offs").
  if (!action.trim() || /[:;()[\]{}"“”«»*_#`/\\|]|\betc\b|\s{2}|\s-\S|\S-\s/.test(action)) return false;
  // "have marketing": the gate reads "have" + an action noun as a noun phrase; with a light verb it is its object.
  const light = LIGHT.test(action);
  const defects = checkStory({ userType: role ?? "user", action, benefit: UNSTATED_BENEFIT }).filter(
    (d) => !(light && d.code === "means-is-noun-phrase"),
  );
  if (defects.some((d) => d.code === "role-fragment" || d.code === "role-not-person")) return false;
  // "automatic staff assignment client": a role longer than a person's name for it was run together.
  if (role && role.split(/\s+/).length > 3) return false;
  if (defects.some((d) => READS_BADLY.has(d.code))) return false;
  const tokens = meansTokens(action);
  const [verb] = tokens;
  if (!verb || tokens.length > 14) return false;
  // A misspelt or unknown verb ("adressed") is the participant's word, not ours to say.
  if (verb.lemma !== "be" && !canBeVerb(verb.lemma) && !canBeVerb(verb.normal)) return false;
  // "have indeed showing the prices": what one has or gets is a noun phrase.
  const object = tokens[1];
  if ((verb.lemma === "have" || verb.lemma === "get") && object && !NOMINAL.has(object.pos)) return false;
  let clause = false;
  for (const [i, t] of tokens.entries()) {
    if (CLAUSE_START.test(t.normal) && t.pos !== "DET") clause = true;
    if (i > 0 && strayCapital(t)) return false;
    // "add one", "restrict those services": what it points at was said before, not here.
    const relative = t.normal === "that" && tokens[i - 1]?.pos === "NOUN";
    if (POINTING.test(t.normal) && t.pos !== "SCONJ" && !relative) return false;
    if (looksMisspelt(t.normal)) return false;
    if (SUBJECT_PRONOUN.test(t.normal) && t.pos === "PRON") return false;
    if (FILLER.test(t.normal) && t.pos !== "CCONJ" && t.normal !== "like") return false;
    if (t.normal === "like" && t.pos !== "VERB") return false;
    // "… and which would extend …", "add-on which …": a relative clause with no noun before it.
    if (t.pos === "CCONJ" && CLAUSE_START.test(tokens[i + 1]?.normal ?? "")) return false;
    // ("see who is working" asks a question after its verb, and "which cakes" is a determiner.)
    if (
      /^(?:which|who|whom)$/.test(t.normal) &&
      t.pos !== "DET" &&
      !["NOUN", "PROPN", "VERB"].includes(tokens[i - 1]?.pos ?? "")
    )
      return false;
    // "accomplish … Clients should be able": a second sentence run in without a word that joins it.
    if (i > 0 && t.pos === "AUX" && !clause && t.lemma !== "be") return false;
  }
  const last = tokens.at(-1)!;
  const beforeLast = tokens.at(-2);
  // "support both new": a noun phrase without its noun.
  if (last.pos === "ADJ" && beforeLast?.pos === "DET") return false;
  if (CANNOT_END.has(last.pos) || SUBJECT_PRONOUN.test(last.normal) || CLAUSE_START.test(last.normal))
    return false;
  // "simplify creating": a verb's -ing object with its own object cut away.
  if (last.pos === "VERB" && /ing$/.test(last.normal) && beforeLast?.pos === "VERB") return false;
  return true;
}

/** The speaker's words said to them: "my business" → "your business". */
const TO_LISTENER: Record<string, string> = {
  my: "your",
  our: "your",
  me: "you",
  us: "you",
  myself: "yourself",
  ourselves: "yourselves",
  mine: "yours",
};
/** The writer's first person for another role's story, said of them again: "my booking" → "their booking". */
const TO_THEM: Record<string, string> = { my: "their", me: "them", myself: "themselves", mine: "theirs" };

const swap = (text: string, table: Record<string, string>) =>
  text.replace(/\b[A-Za-z]+\b/g, (w) => table[w.toLowerCase()] ?? w);

/** One role's part of a need: who acts (null: the participant) and what they would do. */
export interface WantedPart {
  role: string | null;
  /** Means in the infinitive, as the writer phrases them, in the listener's pronouns. */
  actions: string[];
  /** "… should be able to …" was said: the ability is said back too. */
  able: boolean;
  /** Its means were said as alternatives ("email or SMS"): said back with "or", not "and". */
  either?: boolean;
}

/** "marketing or such": a thing refused or wanted by name alone, without the hedges after it. */
function namedThing(need: FoundNeed): string | null {
  const words = need.action.filter((t) => t.pos !== "PUNCT" && t.pos !== "SYM");
  let end = words.length;
  while (
    end > 0 &&
    (HEDGES.has(words[end - 1]!.normal) || /^(?:such|so|on|or|and|stuff)$/.test(words[end - 1]!.normal))
  )
    end -= 1;
  const thing = words.slice(0, end);
  const nominal = thing.every(
    (t) => ["DET", "ADJ", "NOUN", "PROPN", "NUM"].includes(t.pos) || t.text === "-",
  );
  if (!thing.length || !nominal || !thing.some((t) => t.pos === "NOUN" || t.pos === "PROPN")) return null;
  const sentence = need.sentence;
  const text = sentence.text.slice(thing[0]!.start - sentence.start, thing.at(-1)!.end - sentence.start);
  return text.replace(/^(?:The|A|An)\b/, (w) => w.toLowerCase());
}

/**
 * "Client booking and digital diary syncing are the priorities", "An app and a website would be
 * best", "Showing the price is a priority": a need that lists things is said back by the things as
 * named ("have client booking") and actions by their own verb ("track receipts"; a giving verb as
 * what is done: "the price shown"), not by the verbs the writer makes of them for a story ("book
 * clients", "see the price"). Null when any item is neither a plain noun phrase nor an -ing phrase.
 */
function namedThings(need: FoundNeed): string[] | null {
  if (need.trigger !== "list" || need.negated) return null;
  const sentence = need.sentence;
  const items = splitActions(need.action).map((item) =>
    item.filter((t) => t.pos !== "PUNCT" || t.text === "-"),
  );
  const said: string[] = [];
  for (const item of items) {
    // "Tracking receipts", "Showing the price": an action named by its -ing form, said as the action,
    // without a hedge after it ("… maybe"). A giving verb says what is to be done: "the price shown".
    const [head, ...after] = item;
    const object = [...after];
    while (object.length && HEDGES.has(object.at(-1)!.normal)) object.pop();
    if (head && /ing$/i.test(head.text) && object.length && isVerb(infinitive(head.normal))) {
      const rest = sentence.text.slice(
        object[0]!.start - sentence.start,
        object.at(-1)!.end - sentence.start,
      );
      const verb = infinitive(head.normal);
      const action = RECEIVING_VERB[verb] ? `have ${rest} ${pastParticiple(verb)}` : `${verb} ${rest}`;
      if (!sayable(action)) return null;
      said.push(action);
      continue;
    }
    const nominal = item.every(
      (t, i) =>
        NOMINAL.has(t.pos) || t.text === "-" || (i > 0 && t.pos === "VERB" && /(?:ing|ed)$/.test(t.normal)),
    );
    if (!item.length || item.length > 6 || !nominal || !item.some((t) => t.pos === "NOUN")) return null;
    let text = sentence.text.slice(item[0]!.start - sentence.start, item.at(-1)!.end - sentence.start);
    // A capital the sentence gave it ("Client booking …") is no part of the name.
    if (item[0]!.start === sentence.start && !/^[A-Z]{2,}/.test(text))
      text = text[0]!.toLowerCase() + text.slice(1);
    if (!sayable(`have ${text}`)) return null;
    said.push(`have ${text}`);
  }
  return said.length ? said : null;
}

/**
 * What a need asks for, role by role, in the writer's phrasing, when every means of it is sayable;
 * null when any is not (the need is then said back as a quote, never in half).
 */
export function wantedParts(need: FoundNeed): WantedPart[] | null {
  // Alternatives said with "or" and no "and" stay alternatives.
  const either = need.clause.some((t) => t.normal === "or") && !need.clause.some((t) => t.normal === "and");
  const parts = wantedPartsOf(need);
  return either ? (parts?.map((p) => ({ ...p, either })) ?? null) : parts;
}

function wantedPartsOf(need: FoundNeed): WantedPart[] | null {
  const things = namedThings(need);
  if (things) return [{ role: null, actions: things, able: false }];
  const drafts = draftStories({ ...need, negated: false }, null);
  const able = need.clause.some((t) => t.normal === "able");
  if (!drafts.length) {
    const thing = namedThing(need);
    return thing && sayable(`have ${thing}`)
      ? [{ role: null, actions: [`have ${thing}`], able: false }]
      : null;
  }
  const parts: WantedPart[] = [];
  for (const draft of drafts) {
    if (!sayable(draft.action, draft.role)) return null;
    const action = swap(draft.action, draft.role ? TO_THEM : TO_LISTENER);
    const part = parts.find((p) => p.role === draft.role);
    if (part) {
      if (!part.actions.includes(action)) part.actions.push(action);
    } else parts.push({ role: draft.role, actions: [action], able: able && draft.role !== null });
  }
  return parts;
}

/** "a, b and c" (or "a, b or c"). */
export const listed = (items: string[], joiner = "and") =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${joiner} ${items.at(-1)}`;

/** The longest run of whole words every action starts with, when each keeps words of its own. */
function sharedStart(actions: string[]): string {
  if (actions.length < 2) return "";
  const split = actions.map((a) => a.split(" "));
  let n = 0;
  while (split.every((w) => w.length > n + 1 && w[n] === split[0]![n])) n += 1;
  return split[0]!.slice(0, n).join(" ");
}

/** At most this many means in one said-back part; more are summed up. */
const MOST_SAID = 5;

/** "get insights into trends", "get insights into revenue" → "get insights into trends and revenue". */
function meansList(actions: string[], joiner = "and"): string {
  const said = actions.length > MOST_SAID ? actions.slice(0, MOST_SAID - 1) : actions;
  const more = actions.length > MOST_SAID ? ", among other things" : "";
  const start = sharedStart(said);
  if (!start) return `${listed(said, joiner)}${more}`;
  return `${start} ${listed(
    said.map((a) => a.slice(start.length + 1)),
    joiner,
  )}${more}`;
}

/** "have a waitlist" is a thing wanted; "have the system allow …" makes something happen. */
const isThing = (action: string) =>
  LIGHT.test(action) &&
  !meansTokens(action)
    .slice(1)
    .some((t) => t.pos === "AUX" || (t.pos === "VERB" && t.normal === t.lemma));

/**
 * "a customer relationship management (CRM) system", its brackets dropped on the way, said once:
 * an acronym right after the words it stands for ("… management CRM system") is left out.
 */
export function withoutEchoedAcronym(text: string): string {
  return text.replace(
    /\b((?:[A-Za-z][\w-]*\s+){2,6})\(?([A-Z]{2,6})\)?(?=\s|[.,;!?]|$)/g,
    (whole, words: string, acronym: string) => {
      const initials = words
        .trim()
        .split(/\s+/)
        .slice(-acronym.length)
        .map((w) => w[0]!.toUpperCase())
        .join("");
      return initials === acronym ? words.trimEnd() : whole;
    },
  );
}

/**
 * One part said back: "you'd like to book appointments and view availability", "you'd like clients
 * to be able to book appointments", "you'd like an app and a website", "you don't want marketing".
 */
export function saidBackPart(part: WantedPart, negated: boolean): string {
  const desire = negated ? "you don't want" : "you'd like";
  const things = part.actions.every(isThing);
  const joiner = part.either ? "or" : "and";
  if (things && !part.role)
    return withoutEchoedAcronym(
      `${desire} ${meansList(
        part.actions.map((a) => a.replace(LIGHT, "")),
        joiner,
      )}`,
    );
  const who = part.role ? ` ${plural(part.role)}` : "";
  return withoutEchoedAcronym(
    `${desire}${who} to ${part.able ? "be able to " : ""}${meansList(part.actions, joiner)}`,
  );
}

// ---- A need as a topic for a follow-up question ----

const MAX_TOPIC_WORDS = 8;

/** "booking system" → "a booking system": a singular count noun said without an article gets one. */
export function withDeterminer(phrase: string): string {
  const tokens = analyze(phrase).flatMap((s) => s.tokens);
  const first = tokens[0];
  if (!first || first.pos === "DET" || first.pos === "NUM" || first.pos === "PRON") return phrase;
  // The head is the last word of the first noun run: "reminders" in "reminders at night".
  let end = 0;
  while (tokens[end] && (["NOUN", "ADJ", "PROPN"].includes(tokens[end]!.pos) || tokens[end]!.text === "-"))
    end += 1;
  const head = tokens[end - 1];
  return head && countNoun(head) ? withArticle(phrase) : phrase;
}

/** A singular noun that names a countable thing or person ("system", "client"), not a mass ("software"). */
function countNoun(t: Token): boolean {
  if (t.pos !== "NOUN" || /ing$/.test(t.normal) || MASS_NOUNS.has(t.lemma)) return false;
  if (t.normal !== t.lemma) return false;
  const classes = lexnamesOf(t.lemma);
  return (
    classes.includes("noun.artifact") || classes.includes("noun.person") || classes.includes("noun.object")
  );
}

/**
 * The need as something to ask about, from the writer's first sayable means: a thing by its noun
 * phrase ("a booking system"), an action as a gerund phrase ("sending the records to the
 * accountant"), someone else's action with them ("letting clients book appointments", "notifying
 * customers"). "" when no means is sayable or the phrase would be long: the question then says
 * "that".
 */
export function needTopic(need: FoundNeed): { phrase: string; nominal: boolean } {
  const drafts = draftStories({ ...need, negated: false }, null);
  if (!drafts.length) {
    const thing = namedThing(need);
    if (thing && sayable(`have ${thing}`)) return { phrase: withDeterminer(thing), nominal: true };
    const done = passiveTopic(need);
    return done ? { phrase: done, nominal: false } : definiteIn(need);
  }
  for (const draft of drafts) {
    if (!sayable(draft.action, draft.role)) continue;
    const action = swap(draft.action, draft.role ? TO_THEM : TO_LISTENER);
    const topic = topicOf(action, draft.role);
    if (topic && topic.phrase.split(/\s+/).length <= MAX_TOPIC_WORDS) return topic;
  }
  return definiteIn(need);
}

/**
 * "The features I want in the new system are: …": no means reads, but the need names a thing it is
 * about with "the" ("the new system"); that thing, or "" (the question then says "that").
 */
function definiteIn(need: FoundNeed): { phrase: string; nominal: boolean } {
  const tokens = need.action;
  for (let i = 0; i < tokens.length; i += 1) {
    if (tokens[i]!.normal !== "the") continue;
    let to = i + 1;
    while (tokens[to] && ["ADJ", "NOUN", "PROPN"].includes(tokens[to]!.pos)) to += 1;
    const run = tokens.slice(i, to);
    if (run.length < 2 || run.at(-1)!.pos !== "NOUN") continue;
    const sentence = need.sentence;
    const text = sentence.text.slice(run[0]!.start - sentence.start, run.at(-1)!.end - sentence.start);
    if (sayable(`have ${text}`)) return { phrase: text, nominal: true };
  }
  return { phrase: "", nominal: false };
}

/**
 * "As much as possible should be automated", which the writer reads as a rule, not a story: the
 * participle as a gerund with what it is done to, "automating as much as possible". "" otherwise.
 */
function passiveTopic(need: FoundNeed): string {
  const [be, done, ...rest] = need.action;
  if (be?.lemma !== "be" || done?.pos !== "VERB" || !/(?:ed|en)$/.test(done.normal) || rest.length) return "";
  const sentence = need.sentence;
  const subject = need.subject.filter((t) => t.pos !== "AUX" && t.pos !== "INTJ" && !FILLER.test(t.normal));
  if (!subject.length || subject.some((t) => t.pos === "VERB" || POINTING.test(t.normal))) return "";
  const what = sentence.text.slice(subject[0]!.start - sentence.start, subject.at(-1)!.end - sentence.start);
  const verb = done.lemma !== done.normal ? done.lemma : infinitive(done.normal);
  const action = `${verb} ${what.replace(/^(?:The|A|An)\b/, (w) => w.toLowerCase())}`;
  return sayable(action) ? swap(`${gerund(verb)} ${action.slice(verb.length + 1)}`, TO_LISTENER) : "";
}

function topicOf(action: string, role: string | null): { phrase: string; nominal: boolean } | null {
  const [verb = "", ...rest] = action.split(" ");
  if (!role && LIGHT.test(action)) return { phrase: withDeterminer(rest.join(" ")), nominal: true };
  if (!role) return { phrase: [gerund(verb), ...rest].join(" "), nominal: false };
  const people = plural(role);
  // "be notified by text" → "notifying customers by text"
  if (verb === "be") {
    const [participle, ...after] = rest;
    const done = participle ? meansTokens(`be ${participle}`)[1] : undefined;
    if (done?.pos !== "VERB") return null;
    return { phrase: [gerund(done.lemma), people, ...after].join(" "), nominal: false };
  }
  return { phrase: `letting ${people} ${action}`, nominal: false };
}
