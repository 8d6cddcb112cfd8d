/** Small text tools for the offline provider: deterministic, no models. Words and sentences come from the text kit. */
import { analyze, contentLemmas, wordsOf } from "../text";

/** Words of a text, lower case, without punctuation. */
export const words = (text: string): string[] => wordsOf(text);

/** The lemmas of a text's content words, each once: what two texts are compared by. */
export const keywords = (text: string): string[] => [...new Set(contentLemmas(text))];

/** Sentences, keeping the original characters so quotes stay verbatim ("Dr.", "e.g." and decimals kept). */
export const sentences = (text: string): string[] => analyze(text).map((s) => s.text);

/** A stable small hash, to vary wording deterministically. */
export function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** Collapses whitespace and trims trailing punctuation. */
export function clean(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/[\s.,;:!?]+$/, "")
    .trim();
}
