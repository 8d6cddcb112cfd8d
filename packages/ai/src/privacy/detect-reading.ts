/**
 * One reading of a text shared by the detector's steps: the kit's sentences and tokens, line by
 * line and only for the lines a step asks about (most lines of an interview hold no detail, and
 * the analysis is most of the detector's time), and the spans already taken (placeholders, then
 * each kind in turn), so a later step never reads inside an earlier one's find.
 */
import { analyze, type Sentence, type Token } from "../text";

export type DetailKind = "PERSON" | "EMAIL" | "PHONE" | "CARD" | "IBAN" | "ID" | "ADDRESS";

export interface FoundDetail {
  kind: DetailKind;
  start: number;
  end: number;
  /** Always `input.slice(start, end)`. */
  text: string;
}

/** A placeholder the redaction writes in place of a detail: "[PERSON 1]", "[EMAIL 12]". */
export const PLACEHOLDER = /\[(?:PERSON|EMAIL|PHONE|CARD|IBAN|ID|ADDRESS) \d+\]/g;

/** A capital letter other than the pronoun "I". */
const CAPITAL_BUT_I = /(?!\bI\b)\p{Lu}/u;

/** No capital letter but "I": a speech transcript written in lower case. */
export const isCaseless = (text: string) => !CAPITAL_BUT_I.test(text);

interface Line {
  start: number;
  text: string;
  caseless?: boolean;
  sentences?: Sentence[];
  tokens?: Token[];
}

export class Reading {
  readonly lines: Line[] = [];
  /** One flag per character: taken by a find or a placeholder. */
  private readonly taken: Uint8Array;

  constructor(readonly text: string) {
    this.taken = new Uint8Array(text.length);
    let start = 0;
    for (const line of text.split("\n")) {
      this.lines.push({ start, text: line });
      start += line.length + 1;
    }
    for (const m of text.matchAll(PLACEHOLDER)) this.take(m.index, m.index + m[0].length);
  }

  private digits?: number;

  /** How many digits the text holds: the numbered kinds skip a text with too few to hold one. */
  get digitCount(): number {
    if (this.digits === undefined) {
      let count = 0;
      for (let i = 0; i < this.text.length; i++) {
        const c = this.text.charCodeAt(i);
        if (c >= 48 && c <= 57) count++;
      }
      this.digits = count;
    }
    return this.digits;
  }

  /** Marks characters as belonging to a find (or a placeholder). */
  take(start: number, end: number) {
    this.taken.fill(1, start, end);
  }

  /** True when any character of [start, end) is already taken. */
  isTaken(start: number, end: number) {
    for (let i = start; i < end; i++) if (this.taken[i]) return true;
    return false;
  }

  lineIndexAt(offset: number): number {
    let lo = 0;
    let hi = this.lines.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lines[mid]!.start <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** True when the line around a character has no capital but "I" (read once per line). */
  caselessAt(offset: number): boolean {
    const line = this.lines[this.lineIndexAt(offset)]!;
    line.caseless ??= isCaseless(line.text);
    return line.caseless;
  }

  /** The kit's sentences of one line, with offsets in the whole text. */
  sentencesOfLine(index: number): Sentence[] {
    const line = this.lines[index]!;
    if (!line.sentences) {
      const own = line.text.trim() ? analyze(line.text) : [];
      // The kit's analyses are shared and never changed: a line after the first gets moved copies.
      line.sentences = line.start
        ? own.map((s) => ({
            ...s,
            start: s.start + line.start,
            tokens: s.tokens.map((t) => ({ ...t, start: t.start + line.start, end: t.end + line.start })),
          }))
        : own;
      line.tokens = line.sentences.flatMap((s) => s.tokens);
    }
    return line.sentences;
  }

  private tokensOfLineAt(offset: number): Token[] {
    const index = this.lineIndexAt(offset);
    this.sentencesOfLine(index);
    return this.lines[index]!.tokens!;
  }

  /** The sentence around a character. */
  sentenceAt(offset: number): Sentence | undefined {
    const sentences = this.sentencesOfLine(this.lineIndexAt(offset));
    return sentences.findLast((s) => s.start <= offset) ?? sentences[0];
  }

  /** Index, in its line's tokens, of the first token that starts at or after `offset`. */
  private tokenIndexAt(tokens: Token[], offset: number): number {
    let lo = 0;
    let hi = tokens.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tokens[mid]!.start < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The tokens that lie inside [start, end) of one line. */
  tokensIn(start: number, end: number): Token[] {
    const tokens = this.tokensOfLineAt(start);
    const out: Token[] = [];
    for (let i = this.tokenIndexAt(tokens, start); i < tokens.length && tokens[i]!.start < end; i++)
      out.push(tokens[i]!);
    return out;
  }

  /** Up to `count` tokens of the line that end before `offset`, nearest first. */
  tokensBefore(offset: number, count: number): Token[] {
    const tokens = this.tokensOfLineAt(offset);
    const out: Token[] = [];
    for (let i = this.tokenIndexAt(tokens, offset) - 1; i >= 0 && out.length < count; i--)
      if (tokens[i]!.end <= offset) out.push(tokens[i]!);
    return out;
  }

  /** Up to `count` word tokens of the same sentence that end before `offset`, nearest first. */
  wordsBefore(offset: number, count: number): Token[] {
    const tokens = this.tokensOfLineAt(offset);
    const out: Token[] = [];
    for (let i = this.tokenIndexAt(tokens, offset) - 1; i >= 0 && out.length < count; i--) {
      const token = tokens[i]!;
      if (token.end > offset) continue;
      if (token.pos === "PUNCT" && /[.!?;:]/.test(token.text)) break;
      if (token.pos !== "PUNCT" && token.pos !== "SYM") out.push(token);
    }
    return out;
  }

  /** The first token of the line that starts at or after `offset`. */
  tokenAfter(offset: number): Token | undefined {
    const tokens = this.tokensOfLineAt(offset);
    return tokens[this.tokenIndexAt(tokens, offset)];
  }
}
