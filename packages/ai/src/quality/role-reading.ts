/**
 * The role of a story read from the kit's tokens in the story's own sentence: a noun phrase naming a
 * person.
 */
import { articleFor, type Token } from "../text";
import { lexnamesOf, namesNoPerson } from "../text/lexicon";
import { type StoryParts, textOf, tokensIn } from "./parse";
import { type Defect, defect } from "./types";

/** The tags of a noun phrase's nouns. */
export const NOUNISH = new Set(["NOUN", "PROPN"]);
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
