/**
 * WordNet's lexicographer classes ("noun.person", "verb.cognition", …) for a base-form word, from
 * wink-lexicon: the WordNet data that wink-lemmatizer (a text-kit dependency) already ships. The
 * gate uses them for what a part of speech cannot say: whether a role names a person, whether a
 * verb only names thinking, whether a word can be a noun at all.
 */
import { createRequire } from "node:module";

interface WordNet {
  index: Record<string, number>;
  senses: number[][];
  names: string[];
}

let wordNet: WordNet | undefined;

// wink-lexicon is wink-lemmatizer's own dependency; it is read from there so both use one copy.
function load(): WordNet {
  if (wordNet) return wordNet;
  const fromKit = createRequire(import.meta.url);
  const fromLemmatizer = createRequire(fromKit.resolve("wink-lemmatizer"));
  wordNet = {
    index: fromLemmatizer("wink-lexicon/src/wn-words.js"),
    senses: fromLemmatizer("wink-lexicon/src/wn-word-senses.js"),
    names: fromLemmatizer("wink-lexicon/src/wn-senses.js"),
  };
  return wordNet;
}

/** The lexicographer classes of a base-form word ("developer" → noun.artifact, noun.person); [] if unknown. */
export function lexnamesOf(word: string): string[] {
  const { index, senses, names } = load();
  const at = index[word.toLowerCase().replace(/\s+/g, "_")];
  if (at === undefined) return [];
  return (senses[at] ?? []).map((sense) => names[sense] ?? "");
}

/**
 * Noun classes of someone who can act as a story's role: a person, a group of people ("agency",
 * "company") and the top-level nouns, which is where WordNet files "person" itself.
 */
const ACTOR_CLASSES = new Set(["noun.person", "noun.group", "noun.tops"]);

/** True when WordNet knows the word and none of its noun senses can act: "platform", "system". */
export function namesNoPerson(noun: string): boolean {
  const nounSenses = lexnamesOf(noun).filter((name) => name.startsWith("noun."));
  return nounSenses.length > 0 && !nounSenses.some((name) => ACTOR_CLASSES.has(name));
}

/** True for a verb whose every sense is a thinking one ("understand", "explore", "evaluate"). */
export function onlyThinking(verb: string): boolean {
  const verbSenses = lexnamesOf(verb).filter((name) => name.startsWith("verb."));
  return verbSenses.length > 0 && verbSenses.every((name) => name === "verb.cognition");
}

/** True when the word can be a noun in WordNet ("inventory", "track", "alert"). */
export const canBeNoun = (word: string) => lexnamesOf(word).some((name) => name.startsWith("noun."));

/** True when the word can be a verb in WordNet ("inventory", "manage"). */
export const canBeVerb = (word: string) => lexnamesOf(word).some((name) => name.startsWith("verb."));

/** Frequent short words people mistype by swapping two letters ("taht", "teh", "waht"). */
const OFTEN_MISTYPED = [
  "the",
  "that",
  "this",
  "what",
  "with",
  "have",
  "they",
  "then",
  "than",
  "from",
  "your",
  "there",
  "their",
  "would",
  "should",
  "could",
  "want",
  "when",
  "which",
];

/** Two words that differ by two neighbouring letters swapped ("taht" and "that"). */
export function swappedLetters(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  const at = [...a].findIndex((c, i) => c !== b[i]);
  return a[at] === b[at + 1] && a[at + 1] === b[at] && a.slice(at + 2) === b.slice(at + 2);
}

/** A word WordNet does not know that is a frequent word with two letters swapped: "taht", "teh". */
export const looksMisspelt = (word: string) => {
  const w = word.toLowerCase();
  return !lexnamesOf(w).length && OFTEN_MISTYPED.some((frequent) => swappedLetters(w, frequent));
};
