/// <reference path="./vendor.d.ts" />
/**
 * The one text kit: sentences, tokens with their part of speech, lemma and negation scope, from
 * wink-nlp's English model (see docs/decisions.md, "Text kit"). Everything that reads words in
 * packages/ai (the interviewer, extraction, the writer, the quality gate) goes through here, so
 * they agree on what a word, a sentence and a negation are.
 */
import model from "wink-eng-lite-web-model";
import lemmatizer from "wink-lemmatizer";
import winkNLP, { type WinkMethods } from "wink-nlp";
import { canBeNoun } from "./lexicon";

/** Universal POS tags as wink's model assigns them. */
export type Pos =
  | "ADJ"
  | "ADP"
  | "ADV"
  | "AUX"
  | "CCONJ"
  | "DET"
  | "INTJ"
  | "NOUN"
  | "NUM"
  | "PART"
  | "PRON"
  | "PROPN"
  | "PUNCT"
  | "SCONJ"
  | "SYM"
  | "VERB"
  | "X"
  | "SPACE";

export interface Token {
  /** The characters as written. */
  text: string;
  /** Lower case, contractions expanded ("n't" → "not"). */
  normal: string;
  lemma: string;
  pos: Pos;
  /** Inside the scope of a negation ("I don't want the staff to type twice": want … twice). */
  negated: boolean;
  stop: boolean;
  /** Offsets in the text the sentence came from. */
  start: number;
  end: number;
}

export interface Sentence {
  /** The sentence's own characters, verbatim. */
  text: string;
  start: number;
  tokens: Token[];
}

let engine: WinkMethods | undefined;

/**
 * The English model, loaded once (about 60 ms), with the steps the kit reads: sentence boundaries,
 * negation scope and parts of speech (named entities, sentiment and custom entities stay off).
 */
export function nlp(): WinkMethods {
  engine ??= winkNLP(model, ["sbd", "negation", "pos"]);
  return engine;
}

// Texts are read again by later steps (a quote by the writer, a story by the gate): the last few
// thousand analyses are kept. Sentences and tokens are never changed by their readers.
const analyses = new Map<string, Sentence[]>();
const ANALYSES_KEPT = 20_000;

/**
 * Sentences of a text with their tokens. Lines are sentence boundaries too (transcripts and lists
 * put one statement on a line), and each sentence's text is a verbatim slice of the input.
 */
export function analyze(text: string): Sentence[] {
  const kept = analyses.get(text);
  if (kept) return kept;
  const out: Sentence[] = [];
  let lineStart = 0;
  for (const line of text.split("\n")) {
    if (line.trim()) readLine(line, lineStart, out);
    lineStart += line.length + 1;
  }
  return remember(text, out);
}

function readLine(line: string, offset: number, out: Sentence[]) {
  const { its } = nlp();
  // Curly apostrophes read as straight ones ("don’t" is "do" + "n't"); same length, same offsets.
  const doc = nlp().readDoc(line.replace(/[’‘]/g, "'"));
  const tokens = doc.tokens();
  const values = tokens.out(its.value) as string[];
  const normals = tokens.out(its.normal) as string[];
  const lemmas = tokens.out(its.lemma as never) as unknown as string[];
  const tags = tokens.out(its.pos) as Pos[];
  const negations = tokens.out(its.negationFlag) as unknown as boolean[];
  const stops = tokens.out(its.stopWordFlag) as unknown as boolean[];
  const spans: Token[] = [];
  let at = 0;
  const plain = line.replace(/[’‘]/g, "'");
  values.forEach((value, i) => {
    let start = plain.indexOf(value, at);
    // A token the model spelled differently from the text sits where we are: only spaces (and a
    // stray character or two) may lie between one token and the next.
    if (start < 0 || plain.slice(at, start).replace(/\s+/g, "").length > 2) start = Math.min(at, line.length);
    const end = Math.min(line.length, start + value.length);
    at = end;
    spans.push({
      text: line.slice(start, end),
      normal: normals[i] ?? value.toLowerCase(),
      lemma: (lemmas[i] ?? value).toLowerCase(),
      pos: tags[i] ?? "X",
      negated: Boolean(negations[i]),
      stop: Boolean(stops[i]),
      start: offset + start,
      end: offset + end,
    });
  });
  const bounds = doc.sentences().out(its.span) as unknown as Array<[number, number]>;
  for (const [first, last] of bounds) {
    const own = spans.slice(first, last + 1).filter((t) => t.pos !== "SPACE");
    if (!own.length) continue;
    // A capital at the start of a sentence is not a name: "Customers should …" is a plural noun.
    const head = own[0]!;
    if (head.pos === "PROPN" && (lemmatizer.noun(head.normal) !== head.normal || canBeNoun(head.normal))) {
      own[0] = { ...head, pos: "NOUN", lemma: lemmatizer.noun(head.normal) };
    }
    // "dont", "cant", "wont" typed without the apostrophe negate what follows, as "don't" does.
    let negating = false;
    for (const [j, t] of own.entries()) {
      if (t.pos === "PUNCT" || (t.pos === "CCONJ" && t.normal === "but")) negating = false;
      if (negating && !t.negated) own[j] = { ...t, negated: true };
      if (/^(?:do|does|did|ca|can|wo|should|would|could|is|are|was|were|have|has|must)nt$/.test(t.normal))
        negating = true;
    }
    // "I'm" read as one word is the pronoun and the verb.
    for (const [j, t] of own.entries())
      if (t.normal === "i'm" || t.normal === "i") own[j] = { ...t, pos: "PRON", lemma: t.normal };
    const start = own[0]!.start;
    const end = own.at(-1)!.end;
    out.push({ text: line.slice(start - offset, end - offset), start, tokens: own });
  }
}

/** Every token of a text, sentence after sentence. */
const remember = (text: string, sentences: Sentence[]) => {
  if (analyses.size >= ANALYSES_KEPT) analyses.delete(analyses.keys().next().value!);
  analyses.set(text, sentences);
  return sentences;
};

export const tokensOf = (text: string): Token[] => analyze(text).flatMap((s) => s.tokens);

const CONTENT: ReadonlySet<Pos> = new Set(["NOUN", "PROPN", "VERB", "ADJ", "NUM"]);

/** True for a word that carries meaning: a noun, verb or adjective that is not a stop word. */
export const isContent = (token: Token) =>
  CONTENT.has(token.pos) &&
  !token.stop &&
  token.pos !== "NUM" &&
  /\p{L}/u.test(token.text) &&
  token.text.length > 1;

/** The lemmas of a text's content words, in order: how two texts are compared by meaning. */
export function contentLemmas(text: string): string[] {
  return tokensOf(text)
    .filter(isContent)
    .map((t) => t.lemma);
}

/** The Porter stems of a text's content words: looser than lemmas, across word classes ("booking" meets "book"). */
export function contentStems(text: string): string[] {
  const { its } = nlp();
  return tokensOf(text)
    .filter(isContent)
    .map(
      (t) =>
        (
          nlp()
            .readDoc(t.normal)
            .tokens()
            .out(its.stem as never) as unknown as string[]
        )[0] ?? t.lemma,
    );
}

/** Words of a text, lower case, without punctuation. */
export function wordsOf(text: string): string[] {
  return tokensOf(text)
    .filter((t) => t.pos !== "PUNCT" && t.pos !== "SYM" && /[\p{L}\p{N}]/u.test(t.text))
    .map((t) => t.normal);
}

/** The original characters from the first to the last of `tokens`, out of `text`. */
export const sliceOf = (text: string, tokens: Token[], offset = 0) =>
  tokens.length ? text.slice(tokens[0]!.start - offset, tokens.at(-1)!.end - offset) : "";
