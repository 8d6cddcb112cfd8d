/** Text basics for evidence: sentences that survive abbreviations, polarity, quote matching. */

export interface Span {
  text: string;
  /** Offset of the sentence in the text it came from. */
  start: number;
}

// Abbreviations after which a full stop never ends a sentence ("Dr. Patel", "e.g. the map").
const NEVER_ENDS =
  /(?:^|[\s("'“‘])(?:dr|mr|mrs|ms|prof|sr|jr|st|mt|vs|approx|dept|fig|e\.g|i\.e|a\.m|p\.m|u\.s|u\.k|cf|ca)\.$/i;
// "etc." ends a sentence only when a capitalised word follows.
const ETC = /(?:^|[\s(])etc\.$/i;

/**
 * Sentences with their offsets; the text of each is the original characters, so a quote taken from
 * it stays verbatim. Keeps "Dr.", "Mr.", "e.g.", "i.e.", decimals ("3.5"), and "etc." mid-sentence.
 */
export function sentenceSpans(text: string): Span[] {
  const spans: Span[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed) spans.push({ text: trimmed, start: start + lead });
    start = end;
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (ch === "\n") {
      push(i + 1);
      continue;
    }
    if (ch !== "." && ch !== "!" && ch !== "?" && ch !== "…") continue;
    // Run of terminators and closing quotes/brackets: "Really?!" or "…done.”"
    let end = i + 1;
    while (end < text.length && /[.!?…"'”’)\]]/.test(text[end]!)) end += 1;
    const next = text[end];
    if (next !== undefined && !/\s/.test(next)) {
      i = end - 1;
      continue;
    }
    if (ch === ".") {
      const head = text.slice(Math.max(0, i - 12), i + 1);
      if (NEVER_ENDS.test(head)) continue;
      if (ETC.test(head)) {
        const after = text.slice(end).trimStart();
        if (!/^[A-Z]/.test(after)) continue;
      }
      // An initial ("J. Smith") is not a sentence end.
      if (/(?:^|\s)[A-Z]\.$/.test(head)) continue;
    }
    push(end);
    i = end - 1;
  }
  push(text.length);
  return spans;
}

export function splitSentences(text: string): string[] {
  return sentenceSpans(text).map((s) => s.text);
}

/** Lower case, straight quotes and apostrophes, single spaces: how quotes are compared. */
export function normalizeQuote(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[‘’‛′`]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[‐‑‒–—]/g, "-")
    .replaceAll("&lt;", "<")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** A quote as a model or person may wrap it: outer quote marks and trailing ellipses removed. */
export function stripQuoteMarks(quote: string): string {
  return quote
    .trim()
    .replace(/^["“'‘]+|["”'’]+$/g, "")
    .replace(/^(?:\.\.\.|…)\s*|\s*(?:\.\.\.|…)$/g, "")
    .trim();
}

/** True when `quote` occurs in `text` up to case, spacing and curly quotes. */
export function quoteOccursIn(quote: string, text: string): boolean {
  const needle = normalizeQuote(stripQuoteMarks(quote));
  return needle.length > 0 && normalizeQuote(text).includes(needle);
}

export type Polarity = "wants" | "does_not_want" | "must_never";

const MUST_NEVER =
  /\b(?:must\s+not|mustn't|must\s+never|should\s+never|can\s*not\s+ever|cannot\s+ever|may\s+never|never\s+(?:ever\s+)?(?:be|have|let|allow|store|share|send|show|ask|need|require)|under\s+no\s+circumstances|is\s+not\s+allowed|are\s+not\s+allowed|not\s+allowed\s+to|is\s+forbidden|are\s+forbidden|no\s+way\s+(?:we|they|i)\s+(?:can|could|will))\b/i;
const DOES_NOT_WANT =
  /\b(?:(?:do|does|did)\s+not\s+(?:want|need|like)|(?:don't|doesn't|didn't|dont)\s+(?:really\s+)?(?:want|need|like)|shouldn't|should\s+not|would\s+rather\s+not|no\s+longer|never\s+again|without|not\s+(?:have|having)\s+to|stop\s+(?:having\s+to|\w+ing)|avoid\w*|hate\s+(?:having|\w+ing)|no\s+more|won't|will\s+not|never|not\s+[^.]{0,40}?\btwice)\b/i;

/**
 * What the speaker's stance is: wants it, does not want it, or it must never happen. Read from the
 * clause's own words, so "I don't want the receptionist typing things twice" is never a want.
 */
export function polarityOf(text: string): Polarity {
  if (MUST_NEVER.test(text)) return "must_never";
  if (DOES_NOT_WANT.test(text)) return "does_not_want";
  return "wants";
}

/** True when the text carries any negation, for checks that a negative stance survived. */
export function isNegated(text: string): boolean {
  return (
    polarityOf(text) !== "wants" || /\b(?:not|no|never|n't|without|none|nobody|nothing)\b|n't\b/i.test(text)
  );
}

export const opposite = (a: Polarity, b: Polarity) => (a === "wants") !== (b === "wants");
