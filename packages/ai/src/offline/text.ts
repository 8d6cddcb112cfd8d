/** Small text tools for the offline provider: deterministic, no models. */
import { splitSentences } from "../evidence/text";

const STOPWORDS = new Set(
  "a an the and or but if then so to of in on at for with by from as is are was were be been being it its this that these those i we you they he she me us my our your their them do does did have has had not no yes can could would should will just very really also there here what which who whom how when where why about into than too more most some any all each every one our ours".split(
    " ",
  ),
);

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s'-]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
}

export function keywords(text: string): string[] {
  return words(text).filter((w) => w.length > 2 && !STOPWORDS.has(w));
}

/** Sentences, keeping the original characters so quotes stay verbatim ("Dr.", "e.g." and decimals kept). */
export function sentences(text: string): string[] {
  return splitSentences(text);
}

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
