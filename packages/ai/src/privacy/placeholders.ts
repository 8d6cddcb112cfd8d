/**
 * Placeholders for personal details (issue 26): `[PERSON 1]`, `[EMAIL 2]`. A detail has a kind and
 * a number in its project's vault; the placeholder is all a model, a document or an export sees of it.
 */
import type { DetailKind } from "./detect";

export const DETAIL_KINDS: readonly DetailKind[] = [
  "PERSON",
  "EMAIL",
  "PHONE",
  "CARD",
  "IBAN",
  "ID",
  "ADDRESS",
];

/** A detail of a project's vault: its kind and number, its identity (`key`) and its words as first written. */
export interface KnownDetail {
  kind: DetailKind;
  number: number;
  key: string;
  value: string;
}

export const placeholderOf = (detail: Pick<KnownDetail, "kind" | "number">) =>
  `[${detail.kind} ${detail.number}]`;

/** Any placeholder in a text (global: use with matchAll or replace). */
export const PLACEHOLDER = /\[(PERSON|EMAIL|PHONE|CARD|IBAN|ID|ADDRESS) (\d{1,5})\]/g;

/** Whether a text holds a placeholder. */
export const hasPlaceholder = (text: string) =>
  /\[(?:PERSON|EMAIL|PHONE|CARD|IBAN|ID|ADDRESS) \d{1,5}\]/.test(text);

/** The longest a placeholder can be: what a streamed reply holds back while one may be arriving. */
export const PLACEHOLDER_MAX = "[ADDRESS 99999]".length;

const HONORIFIC = /^(?:mr|mrs|ms|miss|mx|dr|prof|professor|sir|dame)\.?\s+/;

/**
 * A detail's identity however it is written: an email in lower case, a number's digits, an IBAN's
 * letters and digits, a name's words without a title or a possessive ("Dr. Patel's" is "patel").
 */
export function detailKey(kind: DetailKind, text: string): string {
  const plain = text.normalize("NFKC").trim().toLowerCase();
  switch (kind) {
    case "EMAIL":
      return plain;
    case "PHONE":
    case "CARD":
      return plain.replace(/\D/g, "");
    case "IBAN":
    case "ID":
      return plain.replace(/[^\da-z]/g, "");
    case "PERSON":
      return plain
        .replace(/['’]s$/u, "")
        .replace(HONORIFIC, "")
        .replace(/[^\p{L}\p{M}\s'-]/gu, "")
        .replace(/\s+/g, " ")
        .trim();
    case "ADDRESS":
      return plain.replace(/[.,]/g, " ").replace(/\s+/g, " ").trim();
  }
}

/** Details by placeholder. */
export const byPlaceholder = (details: Iterable<KnownDetail>) =>
  new Map([...details].map((detail) => [placeholderOf(detail), detail]));

/** Placeholders put back to the details they stand for (those in `details`; others stay). */
export function reveal(text: string, details: Map<string, KnownDetail>): string {
  if (!details.size || !text.includes("[")) return text;
  return text.replace(PLACEHOLDER, (placeholder) => details.get(placeholder)?.value ?? placeholder);
}

/**
 * Text chunks passed on with no placeholder cut in two: from a "[" with no "]" after it (and not
 * longer than a placeholder), the text waits for the next chunk.
 */
export class WholePlaceholders {
  #pending = "";

  push(chunk: string): string {
    const text = this.#pending + chunk;
    const open = text.lastIndexOf("[");
    const held = open >= 0 && !text.includes("]", open) && text.length - open < PLACEHOLDER_MAX;
    this.#pending = held ? text.slice(open) : "";
    return held ? text.slice(0, open) : text;
  }

  flush(): string {
    const rest = this.#pending;
    this.#pending = "";
    return rest;
  }
}

/**
 * A streamed reply with its placeholders put back: a chunk is passed on up to any `[` that may still
 * become a placeholder, which waits for the next chunk (at most a placeholder's length).
 */
export class StreamRevealer {
  readonly #chunks = new WholePlaceholders();
  readonly #details: Map<string, KnownDetail>;

  constructor(details: Map<string, KnownDetail>) {
    this.#details = details;
  }

  push(chunk: string): string {
    return reveal(this.#chunks.push(chunk), this.#details);
  }

  flush(): string {
    return reveal(this.#chunks.flush(), this.#details);
  }
}

/**
 * A stream of text chunks with its placeholders put back. `details` is read as chunks arrive: a
 * scope fills it when the request behind the stream is redacted, after the stream was made.
 */
export async function* revealStream(
  stream: AsyncIterable<string>,
  details: Map<string, KnownDetail>,
): AsyncGenerator<string> {
  const revealer = new StreamRevealer(details);
  for await (const chunk of stream) {
    const out = revealer.push(chunk);
    if (out) yield out;
  }
  const rest = revealer.flush();
  if (rest) yield rest;
}

/** Text to match as written inside a regular expression. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Known details written out again turned back into their placeholders: what an owner saves after
 * reading a document with the details shown is stored as it was written, with placeholders.
 */
export function conceal(text: string, details: Iterable<KnownDetail>): string {
  const values = [...details]
    .filter((d) => d.value.trim().length >= 2)
    .sort((a, b) => b.value.length - a.value.length);
  if (!values.length) return text;
  const lookup = new Map(values.map((d) => [d.value.toLowerCase(), d]));
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${values.map((d) => escapeRegExp(d.value)).join("|")})(?![\\p{L}\\p{N}])`,
    "giu",
  );
  return text.replace(pattern, (found) => {
    const detail = lookup.get(found.toLowerCase());
    return detail ? placeholderOf(detail) : found;
  });
}
