/**
 * Clauses of one participant sentence: cut at ";", at a conjunction or comma that starts a new
 * subject and verb, and between requests pasted as one line; a run-in heading and a bullet's dash
 * are no part of what was said.
 */
import { infinitive, isVerb } from "../text/grammar";
import type { Sentence, Token } from "../text/nlp";

/** The token is one of these words. */
export const isWord = (t: Token | undefined, ...normals: string[]) =>
  t !== undefined && normals.includes(t.normal);
export const isNounish = (t: Token) => t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "PRON";
export const isVerbish = (t: Token) => t.pos === "VERB" || t.pos === "AUX";

/**
 * Where a run-in heading ends: "Cancellation and Rescheduling: Clients should be able to …" says
 * its need after the colon; the title words before it are no part of the need.
 */
function headingEnd(tokens: Token[]): number {
  const colon = tokens.findIndex((t) => t.text === ":");
  if (colon < 1 || colon > 10 || !/^\p{Lu}/u.test(tokens[0]!.text)) return 0;
  const title = tokens
    .slice(0, colon)
    .every((t) => /^\p{Lu}/u.test(t.text) || ["CCONJ", "PUNCT", "SYM", "ADP", "DET"].includes(t.pos));
  return title ? colon + 1 : 0;
}

/** Clauses of a sentence: split at ";" and at a conjunction that starts a new subject and verb. */
export function clausesOf(sentence: Sentence): Token[][] {
  const out: Token[][] = [];
  let current: Token[] = [];
  const tokens = sentence.tokens.slice(headingEnd(sentence.tokens));
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    const after = tokens[i + 2];
    // "…, but the employees need to …": a subject of its own, then its verb.
    let j = i + 1;
    if (tokens[j]?.pos === "DET") j += 1;
    while (tokens[j] && (tokens[j]!.pos === "NOUN" || tokens[j]!.pos === "ADJ")) j += 1;
    const nounSubject =
      j > i + 1 && tokens[j - 1]?.pos === "NOUN" && tokens[j] !== undefined && isVerbish(tokens[j]!);
    // "…, aswell we need a system": after a comma, a subject pronoun and its verb start a clause.
    // (a reason, "…, so we cannot …", stays with its clause)
    const skip =
      next && !next.stop && (next.pos === "ADV" || next.pos === "NOUN") && after?.pos === "PRON" ? 1 : 0;
    const subject = tokens[i + 1 + skip];
    const verb = tokens[i + 2 + skip];
    const commaSplice =
      t.text === "," &&
      subject?.pos === "PRON" &&
      /^(?:i|we|they|you)$/.test(subject.normal) &&
      verb !== undefined &&
      isVerbish(verb);
    const newClause =
      t.text === ";" ||
      commaSplice ||
      (t.pos === "CCONJ" &&
        (t.normal === "but" || t.normal === "and" || t.normal === "or") &&
        ((next !== undefined &&
          next.pos === "PRON" &&
          next.normal !== "it" &&
          after !== undefined &&
          isVerbish(after)) ||
          (t.normal === "but" && nounSubject) ||
          // "…, and the system should adjust …": after a comma, a subject of its own and its modal.
          (t.normal === "and" && tokens[i - 1]?.text === "," && nounSubject && tokens[j]!.pos === "AUX")));
    if (newClause) {
      if (current.length) out.push(current);
      current = t.text === ";" ? [] : [];
      return;
    }
    // "… to make appointments Keep track of supplies …": a list pasted without its line breaks.
    const before = tokens[i - 1];
    const listItem =
      i > 0 &&
      // ("Keep track of …" read as a name at its capital)
      (t.pos === "VERB" ||
        (t.pos === "PROPN" &&
          t.normal === infinitive(t.normal) &&
          next?.pos === "NOUN" &&
          !/ing$/.test(before?.normal ?? "") &&
          ["VERB", "PUNCT", "ADV"].includes(before?.pos ?? ""))) &&
      before?.pos !== "ADP" &&
      before?.pos !== "DET" &&
      /^[A-Z][a-z]/.test(t.text) &&
      before !== undefined &&
      /^[a-z)]/.test(before.text) &&
      isVerb(t.normal);
    if (listItem && current.length) {
      out.push(current);
      current = [];
    }
    current.push(t);
  });
  if (current.length) out.push(current);
  // A bullet's dash or star is no part of what was said.
  return out
    .map((c) => {
      let start = 0;
      while (c[start] && (c[start]!.pos === "PUNCT" || c[start]!.pos === "SYM") && c[start]!.text !== "(")
        start += 1;
      return c.slice(start);
    })
    .filter((c) => c.some((t) => t.pos !== "PUNCT"));
}
