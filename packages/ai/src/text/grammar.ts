/// <reference path="./vendor.d.ts" />
/** Grammar on top of the kit's tokens: articles, number, verb forms and phrases. */
import indefinite from "indefinite";
import lemmatizer from "wink-lemmatizer";
import { singularNoun } from "./inflect";
import { analyze, type Token, tokensOf } from "./nlp";

/** "a dispatcher", "an owner", "an SMS reminder", "a user", "an hour". */
export const withArticle = (noun: string) => indefinite(noun.trim());

/** The article a noun phrase takes, alone. */
export const articleFor = (noun: string) => indefinite(noun.trim(), { articleOnly: true });

/** Plurals read as one mass, which have no singular a product owner writes. */
const MASS_PLURALS = new Set(["data", "metadata", "media", "analytics", "news", "logistics", "feedback"]);

/** "clients" → "client", "salon owners" → "salon owner", "staff" and "data" stay. */
export function singular(phrase: string): string {
  const words = phrase.trim().split(/\s+/);
  const head = words.at(-1) ?? "";
  // Acronyms keep their letters: "SMS", "FAQs" → "FAQ".
  if (/^[A-Z]{2,}$/.test(head)) return phrase.trim();
  if (/^[A-Z]{2,}s$/.test(head)) return [...words.slice(0, -1), head.slice(0, -1)].join(" ");
  const lower = head.toLowerCase();
  // "data", "media", "analytics" are read as one mass: "location data", never "location datum".
  if (MASS_PLURALS.has(lower)) return phrase.trim();
  let lemma = lemmatizer.noun(lower);
  // Words the lemmatizer does not know ("waitlists") go to compromise's inflector.
  if ((!lemma || lemma === lower) && /s$/.test(lower)) lemma = singularNoun(lower);
  const kept = lemma && lemma !== lower ? matchCase(head, lemma) : head;
  return [...words.slice(0, -1), kept].join(" ");
}

const matchCase = (model: string, word: string) =>
  /^[A-Z]/.test(model) ? word[0]!.toUpperCase() + word.slice(1) : word;

/** The base form of a verb as written ("sends" → "send", "tracking" → "track"). */
export const infinitive = (verb: string) => lemmatizer.verb(verb.toLowerCase());

/** True when the model reads `word` as a verb in "to <word> it". */
export function isVerb(word: string): boolean {
  let verb = verbs.get(word);
  if (verb === undefined) {
    verb = tokensOf(`They want to ${word} it.`)[3]?.pos === "VERB";
    verbs.set(word, verb);
  }
  return verb;
}

const verbs = new Map<string, boolean>();

/**
 * The verb an action noun comes from, when it has one: "tracking" → "track", "management" →
 * "manage", "scheduling" → "schedule"; null for nouns that name things ("system", "report").
 */
export function verbOfActionNoun(
  noun: string,
  options: { withObject?: boolean } = { withObject: true },
): string | null {
  const word = noun.toLowerCase();
  if (word.endsWith("ing") && word.length > 5) {
    const verb = lemmatizer.verb(word);
    if (verb !== word && isVerb(verb)) return verb;
  }
  if (word.endsWith("ment") && word.length > 7 && options.withObject) {
    const verb = word.slice(0, -4);
    if (isVerb(verb)) return verb;
  }
  return null;
}

/** True for a token that can sit inside a noun phrase before its head. */
const MODIFIER = (t: Token) =>
  t.pos === "ADJ" ||
  t.pos === "NOUN" ||
  t.pos === "PROPN" ||
  (t.pos === "VERB" && /(?:ed|ing)$/.test(t.normal));

/**
 * The noun phrases of a text, without determiners: "a booking system for client appointments" →
 * ["booking system", "client appointments"]. Hyphenated words stay whole ("low-stock alerts").
 */
export function nounPhrases(text: string): string[] {
  const phrases: string[] = [];
  for (const sentence of analyze(text)) {
    let run: Token[] = [];
    const flush = () => {
      while (run.length && run.at(-1)!.pos !== "NOUN" && run.at(-1)!.pos !== "PROPN") run.pop();
      if (run.length)
        phrases.push(sentence.text.slice(run[0]!.start - sentence.start, run.at(-1)!.end - sentence.start));
      run = [];
    };
    sentence.tokens.forEach((token, i) => {
      const next = sentence.tokens[i + 1];
      const hyphen = token.text === "-" && run.length && next && MODIFIER(next);
      if (hyphen || MODIFIER(token)) run.push(token);
      else flush();
    });
    flush();
  }
  return phrases;
}

/** Upper-case first letter. */
export const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);
