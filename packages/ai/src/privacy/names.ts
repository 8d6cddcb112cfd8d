/**
 * What the lexicons say about a word, for telling people's names from other capitalised words:
 * compromise's lexicon (about 4,000 first names and 900 surnames, with organisations, places,
 * months and weekdays; read once at load, its tagger is never run) and WordNet's lexicographer
 * classes through the text kit (whether a word is a thing, a place or a time).
 */
import nlp from "compromise";
import lemmatizer from "wink-lemmatizer";
import { lexnamesOf } from "../text/lexicon";

let lexicon: Map<string, string[]> | undefined;

// compromise keeps its lexicon as a plain object of about 25,000 words; a Map reads faster.
const read = () => {
  if (!lexicon) {
    const words = (nlp.model() as { one: { lexicon: Record<string, string | string[]> } }).one.lexicon;
    lexicon = new Map(Object.entries(words).map(([word, tag]) => [word, Array.isArray(tag) ? tag : [tag]]));
  }
  return lexicon;
};

/** compromise's tag for a lower-case word or phrase ("sarah" → FemaleName, "paris" → City). */
export const lexiconTag = (word: string): string | undefined => read().get(word)?.[0];

const GIVEN_NAME_TAGS = new Set(["FirstName", "MaleName", "FemaleName", "Person"]);
const SURNAME_TAGS = new Set(["LastName", "Person"]);
// Proper nouns that are not people: what compromise files as organisations, places and dates.
const NOT_PEOPLE_TAGS = new Set([
  "Organization",
  "Place",
  "City",
  "Country",
  "Region",
  "Month",
  "WeekDay",
  "Date",
  "SportsTeam",
  "Demonym",
  "Currency",
  "Honorific",
]);

/** A given name the lexicon knows: "sarah", "john", "jordan". */
export const isGivenName = (word: string) => GIVEN_NAME_TAGS.has(lexiconTag(word) ?? "");

/** A name the lexicon reads first as a person's ("sarah", "tom"), not one it also knows as a word ("grace", "mark"). */
export const isPlainName = (word: string) => PLAIN_NAME_TAGS.has(lexiconTag(word) ?? "");
const PLAIN_NAME_TAGS = new Set(["MaleName", "FemaleName", "Person"]);

/** A surname the lexicon knows: "miller", "patel". */
export const isSurname = (word: string) => SURNAME_TAGS.has(lexiconTag(word) ?? "");

export const isKnownName = (word: string) => isGivenName(word) || isSurname(word);

/** A word or phrase the lexicon files as an organisation, a place or a date: "paris", "google", "wells fargo". */
export const isNamedNonPerson = (phrase: string) =>
  read()
    .get(phrase)
    ?.some((tag) => NOT_PEOPLE_TAGS.has(tag)) ?? false;

// WordNet's classes of a word, or of its base form when the word is inflected ("teams" → "team",
// "texted" → "text"); remembered, since the same words come back in every text.
const wordClasses = new Map<string, string[]>();
const CLASSES_KEPT = 50_000;

function classesOf(word: string): string[] {
  let known = wordClasses.get(word);
  if (known === undefined) {
    known = lexnamesOf(word);
    for (const base of [lemmatizer.noun, lemmatizer.verb, lemmatizer.adjective]) {
      if (known.length) break;
      const form = base(word);
      if (form !== word) known = lexnamesOf(form);
    }
    if (wordClasses.size >= CLASSES_KEPT) wordClasses.clear();
    wordClasses.set(word, known);
  }
  return known;
}
/** WordNet knows the word and no sense of it is a person: "slack", "stripe", "zoom", "teams", "apple". */
export function isThingWord(word: string): boolean {
  const classes = classesOf(word);
  return classes.length > 0 && !classes.includes("noun.person");
}

/** WordNet files the word as a place, a time or a group: "jordan", "charlotte", "april". */
export function isPlaceOrTime(word: string): boolean {
  return classesOf(word).some((c) => c === "noun.location" || c === "noun.time" || c === "noun.group");
}

/** WordNet knows the word only as a person ("sarah") or not at all ("priya"): it reads as a name in lower case too. */
export function onlyAName(word: string): boolean {
  return classesOf(word).every((c) => c === "noun.person");
}

/** A noun naming a person by role or relation: "colleague", "patient", "nurse", "manager". */
export function isPersonNoun(word: string): boolean {
  return classesOf(word).includes("noun.person") && !isKnownName(word) && !isNamedNonPerson(word);
}

/** True when WordNet knows the word at all. */
export const isDictionaryWord = (word: string) => classesOf(word).length > 0;

const verbBases = new Map<string, string>();

/** The base form of a verb as written ("texted" → "text"), when the kit's model left it as it was (remembered). */
export function verbBase(word: string): string {
  let base = verbBases.get(word);
  if (base === undefined) {
    base = lemmatizer.verb(word);
    if (verbBases.size >= CLASSES_KEPT) verbBases.clear();
    verbBases.set(word, base);
  }
  return base;
}

/** An inflected form of a verb the lemmatizer knows: "goes", "calls" (not "users"). */
export const isVerbForm = (word: string) => verbBase(word) !== word;

/** A word whose every noun sense is a time: "today", "yesterday", "tonight" (not "window"). */
export function isTimeWord(word: string): boolean {
  const nouns = classesOf(word).filter((c) => c.startsWith("noun."));
  return nouns.length > 0 && nouns.every((c) => c === "noun.time");
}
