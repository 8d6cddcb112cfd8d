/**
 * Checks on one part of a story, read from the kit's tokens in the story's own sentence: the role
 * is a noun phrase naming a person, the means a verb phrase after "I want to", nothing else rides
 * along (brackets, examples, asides, a second sentence), and the ends says something.
 */
import { articleFor, isVerb, type Token, verbOfActionNoun } from "../text";
import { canBeNoun, lexnamesOf, namesNoPerson, onlyThinking } from "../text/lexicon";
import { type StoryParts, textOf, tokensIn } from "./parse";
import { type Defect, defect } from "./types";
import {
  EMPTY_OUTCOME_LEMMAS,
  EXAMPLE_MARKERS,
  MAKING_VERBS,
  POINTING_BACK,
  PRODUCT_MAKER_ROLES,
  SPOKEN_ASIDES,
} from "./vocabulary";

const NOUNISH = new Set(["NOUN", "PROPN"]);
const participle = (t: Token) => t.pos === "VERB" && /(?:ed|ing|en)$/.test(t.normal);

/**
 * True when the participle at `at` starts a phrase about the person the noun before it names
 * ("doctor diagnosing heart disease"), not a compound ending in another person ("machine learning
 * engineer").
 */
function describesPerson(tokens: Token[], at: number): boolean {
  const isPerson = (t: Token | undefined) => t?.pos === "NOUN" && lexnamesOf(t.lemma).includes("noun.person");
  // "working professional experiencing stress": a word read as an adjective that names a person.
  const namesPerson = (t: Token | undefined) =>
    isPerson(t) || (t?.pos === "ADJ" && lexnamesOf(t.normal).includes("noun.person"));
  if (!namesPerson(tokens[at - 1])) return false;
  let end = at + 1;
  while (tokens[end] && (NOUNISH.has(tokens[end]!.pos) || tokens[end]!.pos === "ADJ")) end += 1;
  return !isPerson(tokens[end - 1]);
}

export interface RoleReading {
  /** The head noun's lemma ("owner" in "salon owner"), or null when the role has none. */
  head: string | null;
  /** Every lemma of the noun phrase before any post-modifier ("data", "scientist"). */
  lemmas: string[];
  defects: Defect[];
}

/**
 * The role as a noun phrase: modifiers (adjectives, nouns, names, hyphens, participles, an adverb
 * before an adjective) and a head noun, optionally followed by a phrase that starts with a
 * preposition, a participle or "who" ("researcher in cybersecurity"). "then a employee", "of course
 * a customer" and "owner and" are not noun phrases.
 */
export function readRole(parts: StoryParts): RoleReading {
  const tokens = tokensIn(parts, parts.role);
  const role = textOf(parts, parts.role);
  const defects: Defect[] = [];
  if (!tokens.length)
    return { head: null, lemmas: [], defects: [defect("well-formed", "no-role", "no role")] };
  if (parts.article === "a" || parts.article === "an") {
    const expected = articleFor(role);
    if (expected !== parts.article)
      defects.push(
        defect("grammatical", "article", `"${parts.article} ${role}" should be "${expected} ${role}"`),
      );
  }
  let i = 0;
  const phrase: Token[] = [];
  for (; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const modifier =
      NOUNISH.has(t.pos) ||
      t.pos === "ADJ" ||
      t.pos === "NUM" ||
      (t.text === "-" && phrase.length > 0) ||
      // A participle modifies the head ("registered user", "machine learning engineer": a WordNet
      // compound) unless it follows a noun naming a person, whom it describes ("doctor diagnosing
      // heart disease").
      (participle(t) &&
        !describesPerson(tokens, i) &&
        next &&
        (NOUNISH.has(next.pos) || next.pos === "ADJ")) ||
      (t.pos === "ADV" && next && (next.pos === "ADJ" || participle(next))) ||
      (t.pos === "CCONJ" && phrase.at(-1)?.pos === "ADJ" && next && next.pos !== "PUNCT");
    if (!modifier) break;
    phrase.push(t);
  }
  // The head: the last noun, or a last adjective that names a person ("working professional").
  const last = phrase.at(-1);
  const headToken =
    last?.pos === "ADJ" && lexnamesOf(last.normal).includes("noun.person")
      ? last
      : [...phrase].reverse().find((t) => NOUNISH.has(t.pos));
  const rest = tokens.slice(i);
  const fragment = (why: string) =>
    defects.push(defect("grammatical", "role-fragment", `the role "${role}" is not a noun phrase: ${why}`));
  if (!phrase.length) fragment(`it starts with "${tokens[0]!.text}"`);
  else if (!headToken || headToken !== phrase.at(-1)) fragment("it has no head noun");
  else if (rest.length) {
    const first = rest[0]!;
    const last = rest.at(-1)!;
    const postModifier =
      first.pos === "ADP" ||
      (first.pos === "VERB" && first.normal.endsWith("ing")) ||
      ["who", "that", "whose", "with"].includes(first.normal);
    if (!postModifier) fragment(`"${first.text}" follows its noun`);
    else if (["CCONJ", "ADP", "DET", "PART", "SCONJ"].includes(last.pos))
      fragment(`it ends with "${last.text}"`);
  }
  if (phrase.some((t) => t.pos === "CCONJ") && phrase.filter((t) => NOUNISH.has(t.pos)).length > 1) {
    const nounsBefore = phrase
      .slice(
        0,
        phrase.findIndex((t) => t.pos === "CCONJ"),
      )
      .some((t) => NOUNISH.has(t.pos));
    if (nounsBefore) defects.push(defect("atomic", "two-roles", `the role "${role}" joins two roles`));
  }
  const head = headToken && defects.every((d) => d.code !== "role-fragment") ? headToken.lemma : null;
  if (head && headToken?.pos === "NOUN" && namesNoPerson(head))
    defects.push(defect("well-formed", "role-not-person", `the role "${role}" names no person ("${head}")`));
  return { head, lemmas: phrase.filter((t) => t.pos !== "PUNCT").map((t) => t.lemma), defects };
}

/** Adverbs before a verb, coordinated ones included ("quickly and easily find"). */
const adverbial = (tokens: Token[], i: number) =>
  tokens[i]?.pos === "ADV" ||
  (tokens[i]?.pos === "CCONJ" && tokens[i - 1]?.pos === "ADV" && tokens[i + 1]?.pos === "ADV");

/**
 * The means' main verb: the first verb after "I want to", past "be able to" and adverbs. A word the
 * tagger read as a noun right after "to" is the verb when it has verb senses and an object follows
 * ("to benchmark the model").
 */
function mainVerb(tokens: Token[]): Token | undefined {
  const past = (from: number) => {
    let i = from;
    while (i < tokens.length && adverbial(tokens, i)) i += 1;
    return i;
  };
  let at = past(0);
  const first = tokens[at];
  if (first?.lemma === "be" && tokens[at + 1]?.normal === "able" && tokens[at + 2]?.normal === "to")
    at = past(at + 3);
  const verb = tokens[at];
  const next = tokens[at + 1];
  if (
    verb?.pos === "NOUN" &&
    (next?.pos === "DET" || next?.pos === "ADJ" || next?.normal === "our" || next?.normal === "my") &&
    (lexnamesOf(verb.lemma).some((name) => name.startsWith("verb.")) ||
      isVerb(verb.normal) ||
      MAKING_VERBS.has(verb.lemma))
  )
    return { ...verb, pos: "VERB" };
  return verb;
}

/**
 * The means: after "I want to" a verb in its base form ("I want to inventory management" has none),
 * and something the product does for the role rather than building the product or the role's own
 * thinking.
 */
export function meansDefects(parts: StoryParts, role: RoleReading): Defect[] {
  const tokens = tokensIn(parts, parts.means);
  const means = textOf(parts, parts.means);
  if (!tokens.length) return [defect("well-formed", "no-means", "no means")];
  const defects: Defect[] = [];
  if (!parts.to) {
    // "I want the model to adapt to new data": what a maker asks of the product's insides.
    const asked = tokens.filter(
      (t, i) =>
        t.pos === "VERB" &&
        (tokens[i - 1]?.normal === "to" || (tokens[i - 1]?.lemma === "be" && tokens[i - 2]?.normal === "to")),
    );
    if (role.lemmas.some((l) => PRODUCT_MAKER_ROLES.has(l)) && asked.some(isMakingVerb))
      defects.push(makerDefect(means));
    return defects;
  }
  const verb = mainVerb(tokens);
  if (!verb || (verb.pos !== "VERB" && verb.pos !== "AUX")) {
    const word = verb?.text ?? means;
    defects.push(
      defect("grammatical", "want-to-no-verb", `"I want to" is followed by "${word}", not a verb`),
    );
    return defects;
  }
  if (verb.normal !== verb.lemma && /(?:s|ed|ing)$/.test(verb.normal) && verb.pos === "VERB") {
    defects.push(
      defect("grammatical", "want-to-no-verb", `"I want to ${verb.text}": the verb is not in its base form`),
    );
    return defects;
  }
  const after = tokens.slice(tokens.findIndex((t) => t.start === verb.start) + 1);
  // "add one", "include that functionality", "find another solution": the object points back at
  // words said before the story and names nothing on its own.
  const objectAt = after.findIndex((t) => t.pos !== "ADV" && t.pos !== "PART");
  const object = after[objectAt];
  // A noun elsewhere ("unlock it with my phone", "print those invoices") says enough to act on.
  if (object && pointsBack(after, objectAt) && !after.some((t) => NOUNISH.has(t.pos)))
    defects.push(
      defect(
        "well-formed",
        "vague-object",
        `"${verb.text} ${object.text}" points back at words not in the story`,
      ),
    );
  // "have for driving schools": "have" needs an object before any preposition.
  // "have cloud based is good": "have" takes a thing, not a sentence ("have a site that is fast" is one).
  // A sentence starts at a finite verb-like word ("is", "should"; not "have the site be set up") or
  // at a subject pronoun before any noun ("have i'm aligned"; "the datasets I have published" is a
  // noun's own clause).
  const clauseAt = after.findIndex(
    (t, i) =>
      (t.pos === "AUX" && t.normal !== "be" && after[i - 1]?.pos !== "PRON") ||
      (t.pos === "PRON" &&
        SUBJECT_PRONOUN.test(t.normal) &&
        ["VERB", "AUX"].includes(after[i + 1]?.pos ?? "") &&
        !after.slice(0, i).some((u) => NOUNISH.has(u.pos))),
  );
  const introduced = after
    .slice(0, Math.max(0, clauseAt))
    .some((t) => t.pos === "SCONJ" || RELATIVE_WORDS.has(t.normal));
  const lastWord = [...after].reverse().find((t) => t.pos !== "PUNCT");
  // "have Cancellation and": a list cut off ("a package I care about" ends well).
  if (lastWord && (lastWord.pos === "CCONJ" || ["a", "an", "the"].includes(lastWord.normal)))
    defects.push(defect("grammatical", "fragment", `"${means}" ends with "${lastWord.text}"`));
  else if (verb.lemma === "have" && clauseAt >= 0 && !introduced)
    defects.push(defect("grammatical", "fragment", `"${means}" runs a sentence into "${verb.text}"`));
  else if (verb.lemma === "have" && (after[0]?.pos === "ADP" || after[0]?.pos === "SCONJ"))
    defects.push(defect("grammatical", "fragment", `"${verb.text} ${after[0].text}" has no object`));
  // "inventory management": a bare noun compound naming an activity, read as a verb only because of "to".
  const head = after.at(-1);
  if (
    after.length > 0 &&
    after.every((t) => t.pos === "NOUN") &&
    head &&
    verbOfActionNoun(head.normal) &&
    lexnamesOf(head.lemma).includes("noun.act") &&
    canBeNoun(verb.lemma)
  )
    defects.push(
      defect("grammatical", "means-is-noun-phrase", `"${means}" is a noun phrase, not something to do`),
    );
  // "choose hairdressers" picks something real; "analyze the main factors" only thinks. The object's
  // head is the last noun of its first noun run ("the AD disease network").
  const objectStart = after.findIndex((t) => t.pos !== "DET" && t.pos !== "ADJ");
  let headEnd = objectStart;
  while (after[headEnd] && (NOUNISH.has(after[headEnd]!.pos) || after[headEnd]!.text === "-")) headEnd += 1;
  const objectHead = [...after.slice(objectStart, headEnd)].reverse().find((t) => t.pos === "NOUN");
  const objectClasses = objectHead ? lexnamesOf(objectHead.lemma) : [];
  const concrete = objectClasses.some((name) => CONCRETE_NOUN_CLASSES.has(name));
  // Understanding something about oneself ("why my loan was refused") asks the product to explain
  // what it did with the role's own case: a feature, not only thinking.
  const aboutTheRole = after.some((t) => FIRST_PERSON.has(t.normal));
  const thinking = onlyThinking(verb.lemma) && !concrete && !aboutTheRole;
  // A direct object, past verbs coordinated with the main one ("develop and refine tools"); a
  // prepositional phrase is not one ("deploy without downtime").
  const objectFrom = after.findIndex((t) => !["VERB", "CCONJ", "ADV", "PUNCT"].includes(t.pos));
  const objectEnd = after.findIndex((t, i) => i >= objectFrom && ["ADP", "PART", "SCONJ"].includes(t.pos));
  const hasObject =
    objectFrom >= 0 &&
    after
      .slice(objectFrom, objectEnd < 0 ? undefined : objectEnd)
      .some((t) => ["NOUN", "PROPN", "PRON"].includes(t.pos));
  const maker = role.lemmas.some((l) => PRODUCT_MAKER_ROLES.has(l));
  // The verbs that carry the means: the main one, those coordinated with it and the one a tool is
  // used for ("use a classifier to label images": labelling is the need).
  const needVerbs = [
    verb,
    ...after.filter((t, i) => t.pos === "VERB" && ["to", "and", "or"].includes(after[i - 1]?.normal ?? "")),
  ];
  if (maker && ((needVerbs.some(isMakingVerb) && hasObject) || thinking)) defects.push(makerDefect(means));
  else if (thinking)
    defects.push(
      defect(
        "well-formed",
        "means-is-thinking",
        `"${verb.text}" names the role's own thinking, not a feature`,
      ),
    );
  return defects;
}

/**
 * Whether the word at `at` points back at something said before (the story names nothing else): "it" and "them" (not "make it
 * easy"), "one" alone, "another …", and "that"/"those" alone or before words with no verb in them
 * ("include that functionality", not "ensure that deleted records are kept"); "this system"
 * names the product at hand, so "this"/"these" count only alone.
 */
function pointsBack(tokens: Token[], at: number): boolean {
  const word = tokens[at];
  if (!word || !POINTING_BACK.has(word.normal)) return false;
  const next = tokens[at + 1];
  const alone = !next || ["PUNCT", "ADV", "ADP", "CCONJ", "SCONJ"].includes(next.pos);
  switch (word.normal) {
    case "it":
    case "them":
      // "make it easy to prove …": "it" stands for the clause that follows.
      return (
        next?.pos !== "ADJ" && next?.pos !== "ADV" && !["to", "that"].includes(tokens[at + 2]?.normal ?? "")
      );
    case "another":
      return true;
    case "one":
      // "one of my courses" names which; "add one" does not.
      return !next || ["PUNCT", "ADV", "CCONJ"].includes(next.pos);
    case "this":
    case "these":
      return alone;
    default: {
      // A verb after it makes "that" the start of a clause ("ensure that the records are kept").
      return alone || !tokens.slice(at + 1).some((t) => t.pos === "VERB" || t.pos === "AUX");
    }
  }
}

/** Subject pronouns, contracted ones included ("i'm", "we're"): closed class. */
const SUBJECT_PRONOUN = /^(?:i|we|you|he|she|they)(?:'m|'re|'s|'ve|'d|'ll)?$/;

/** Words that start a clause inside a noun phrase (closed class). */
const RELATIVE_WORDS = new Set([
  "that",
  "which",
  "who",
  "whom",
  "whose",
  "what",
  "where",
  "when",
  "how",
  "why",
]);

/** The role speaking of itself inside the means (closed-class pronouns). */
const FIRST_PERSON = new Set(["me", "my", "mine", "myself"]);

const makerDefect = (means: string) =>
  defect(
    "well-formed",
    "role-builds-product",
    `"${means}" is about making or studying the product, not using it`,
  );

/** WordNet verb classes of making, changing and studying something, and of telling about it. */
const MAKING_CLASSES = new Set(["verb.creation", "verb.change", "verb.cognition", "verb.communication"]);

/**
 * A verb of building or studying the product: a named one ("implement", "benchmark"), or one whose
 * every WordNet sense is making, changing, studying or telling ("modify", "evaluate"); a verb with
 * a sense of using, having or moving ("get", "load", "access") is not one.
 */
function isMakingVerb(verb: Token): boolean {
  if (MAKING_VERBS.has(verb.lemma)) return true;
  const classes = lexnamesOf(verb.lemma).filter((name) => name.startsWith("verb."));
  return classes.length > 0 && classes.every((name) => MAKING_CLASSES.has(name));
}

/** WordNet classes of nouns a person can pick, see or hold: a thinking verb on them is an action. */
const CONCRETE_NOUN_CLASSES = new Set([
  "noun.person",
  "noun.artifact",
  "noun.object",
  "noun.possession",
  "noun.food",
  "noun.location",
]);

/** An ends made only of words that say nothing ("so that this need is met") is a filler. */
export function endsDefects(parts: StoryParts): Defect[] {
  if (!parts.ends) return [];
  const content = tokensIn(parts, parts.ends).filter(
    (t) => ["NOUN", "VERB", "ADJ", "PROPN", "NUM"].includes(t.pos) && /\p{L}/u.test(t.text),
  );
  if (content.every((t) => EMPTY_OUTCOME_LEMMAS.has(t.lemma)))
    return [defect("well-formed", "filler-ends", `"so that ${textOf(parts, parts.ends)}" says nothing`)];
  return [];
}

const has = (haystack: string, phrase: string) =>
  new RegExp(`(?:^|[^\\p{L}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=$|[^\\p{L}])`, "iu").test(
    haystack,
  );

/** Nothing but role, means and ends: no brackets, examples, asides, dash comments or second sentence. */
export function minimalDefects(parts: StoryParts): Defect[] {
  const defects: Defect[] = [];
  const text = parts.text;
  if (/[()[\]{}]/.test(text)) defects.push(defect("minimal", "brackets", "brackets"));
  if (/\*\*|__|(?:^|\s)#{1,6}\s|`/.test(text)) defects.push(defect("minimal", "markup", "markdown marks"));
  const example = EXAMPLE_MARKERS.find((m) => has(text, m));
  const likeExample = parts.tokens.some(
    (t, i) => t.normal === "like" && t.pos !== "VERB" && NOUNISH.has(parts.tokens[i - 1]?.pos ?? ""),
  );
  if (example || likeExample)
    defects.push(defect("minimal", "examples", `examples ("${example ?? "like"}")`));
  const aside = SPOKEN_ASIDES.find((m) => has(text, m));
  if (aside) defects.push(defect("minimal", "aside", `an aside ("${aside}")`));
  if (/\s[-–—][\s,]|\s—|—\s|;/.test(text))
    defects.push(defect("minimal", "dash-comment", "a comment after a dash"));
  const second = parts.sentenceStarts.find((start) => {
    const before = text.slice(0, start).trimEnd();
    return /[.!?]$/.test(before) && /^\p{Lu}/u.test(text.slice(start));
  });
  if (second !== undefined) defects.push(defect("minimal", "second-sentence", "a second sentence"));
  return defects;
}
