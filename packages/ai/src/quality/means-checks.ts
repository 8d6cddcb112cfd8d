/**
 * The means of a story read from the kit's tokens: a verb phrase after "I want to" naming something
 * the product does for the role, rather than building the product or the role's own thinking.
 */
import { isVerb, type Token, verbOfActionNoun } from "../text";
import { canBeNoun, lexnamesOf, onlyThinking } from "../text/lexicon";
import { type StoryParts, textOf, tokensIn } from "./parse";
import { NOUNISH, type RoleReading } from "./role-reading";
import { type Defect, defect } from "./types";
import { MAKING_VERBS, POINTING_BACK, PRODUCT_MAKER_ROLES } from "./vocabulary";

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
