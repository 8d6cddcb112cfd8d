/** Word-level helpers shared by extraction, synthesis and requirements, over the text kit. */
import { contentLemmas, tokensOf, wordsOf } from "../text/nlp";

/** Words without punctuation, lower case, from the text kit (contractions read out: "don't" → "do", "not"). */
export const words = (text: string): string[] => wordsOf(text);

/** A word's lemma, so "passwords" meets "password" and "booking" stays "booking". */
export function stem(word: string): string {
  return tokensOf(word)[0]?.lemma ?? word.toLowerCase();
}

/** Content words (nouns, verbs, adjectives that are not stop words) as lemmas, in order. */
export const contentWords = (text: string): string[] => contentLemmas(text);

export const isStopword = (word: string) => tokensOf(word)[0]?.stop ?? false;

export function capitalise(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** Collapses whitespace and trims trailing punctuation. */
export function clean(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/[\s.,;:!?]+$/, "")
    .trim();
}

/** "patients" → "patient", for personas named by the participant. */
export function singular(noun: string): string {
  const n = noun.toLowerCase();
  if (/(?:ies)$/.test(n)) return `${n.slice(0, -3)}y`;
  if (/(?:ches|shes|sses|xes)$/.test(n)) return n.slice(0, -2);
  if (n.endsWith("s") && !/(?:ss|us|is)$/.test(n)) return n.slice(0, -1);
  return n;
}

/** "a dispatcher", "an operations manager". */
export const a = (noun: string) => `${/^(?:[aeio]|u(?!s|ni|r|ti))/i.test(noun.trim()) ? "an" : "a"} ${noun}`;

/**
 * "I need my routes" → "they need their routes": first person out, so criteria read as checks
 * anyone can run. `persona` names the speaker where a subject must be explicit.
 */
export function thirdPerson(text: string, _persona?: string): string {
  return text
    .replace(/\bI am\b/g, "they are")
    .replace(/\bI'm\b/g, "they're")
    .replace(/\bI've\b/g, "they've")
    .replace(/\bI'll\b/g, "they'll")
    .replace(/\bI\b/g, "they")
    .replace(/\bme\b/g, "them")
    .replace(/\bmyself\b/gi, "themselves")
    .replace(/\bmy\b/gi, "their")
    .replace(/\bwe're\b/gi, "the team is")
    .replace(/\bwe\b/gi, "the team")
    .replace(/\bour\b/gi, "the team's")
    .replace(/\bus\b/g, "the team");
}
