/**
 * The offline interviewer's reading of text, on the text kit (`../text`): what a word, a content
 * word, a phrase and a negation are is what the kit's parts of speech, stop flags, lemmas and
 * negation scope say, the same as for the evidence engine. Dialogue acts the kit cannot know are
 * in `./vocabulary`.
 */
import { hash } from "../offline/text";
import {
  analyze,
  isContent,
  longEnoughToTell,
  mayBeEnglish,
  type Sentence,
  sliceOf,
  type Token,
  tokensOf,
  verbOfActionNoun,
  wordsOf,
} from "../text";
import type { InterviewMessage, TurnContext } from "./types";
import { VAGUE } from "./vocabulary";

export { hash };

/**
 * A reading kept per text: every turn reads the whole conversation again (topics, coverage, the
 * read-back), and messages do not change once said. Readers never change what they get.
 */
function kept<T>(read: (text: string) => T): (text: string) => T {
  const readings = new Map<string, T>();
  return (text) => {
    let reading = readings.get(text);
    if (reading === undefined) {
      if (readings.size >= 2000) readings.delete(readings.keys().next().value!);
      reading = read(text);
      readings.set(text, reading);
    }
    return reading;
  };
}

/** Words of a text, lower case, without punctuation. */
export const words = (text: string) => wordsOf(text);

/** Sentences as said, verbatim. */
export const sentences = (text: string) => analyze(text).map((s) => s.text);

/** Content words as written (lower case), each once, in order. */
const contentWords = kept((text) => [
  ...new Set(
    tokensOf(text)
      .filter(isContent)
      .map((t) => t.normal),
  ),
]);
export const keywords = (text: string): string[] => [...contentWords(text)];

/** How much an answer says: its content words and its numbers ("twenty plumbers", "two hours"). */
export const informativeWordCount = (text: string): number =>
  new Set(
    tokensOf(text)
      .filter((t) => isContent(t) || t.pos === "NUM")
      .map((t) => t.normal),
  ).size;

/**
 * What a content word means when two texts are compared: its lemma, and for an action noun the verb
 * it names, so "rescheduling" meets "reschedule" and "bookings" meets "book".
 */
export const sense = (token: Token) => {
  const lemma = (token.pos === "NOUN" && verbOfActionNoun(token.lemma, { withObject: false })) || token.lemma;
  return SAME_SENSE[lemma] ?? lemma;
};

/**
 * Words a business uses for one thing: what customers are called, what is kept in stock, what a
 * booking is. Compared as one sense, so "supplies" meets a feature called "Low-stock alerts".
 */
const SAME_SENSE: Record<string, string> = {
  customer: "client",
  supply: "stock",
  inventory: "stock",
  reservation: "book",
  appointment: "book",
  employee: "staff",
};

/** The senses of a text's content words. */
export const senses: (text: string) => ReadonlySet<string> = kept(
  (text) => new Set(tokensOf(text).filter(isContent).map(sense)),
);

/** The sense of one word said alone (a topic's keyword). */
export const senseOf = (word: string) => [...senses(word)][0] ?? word.toLowerCase();

/** Lower-case words joined by single spaces: how a question is found inside another message. */
export const normalise = kept((text) => wordsOf(text).join(" "));

export const slug = (text: string) =>
  keywords(text)
    .slice(0, 4)
    .join("-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40) || "topic";

/** A list the owner typed: one item per line, bullet, semicolon or comma. */
export function listItems(text: string | null | undefined): string[] {
  const raw = (text ?? "").trim();
  if (!raw) return [];
  const lines = raw
    .split(/\r?\n|;|•/)
    .map((l) => l.replace(/^\s*([-*]|\d+[.)])\s*/, "").trim())
    .filter(Boolean);
  const items = lines.length > 1 ? lines : raw.split(/,\s*/);
  return [...new Set(items.map((i) => i.replace(/[.\s]+$/, "").trim()).filter((i) => i.length > 1))];
}

// ---- What an answer contains ----

/** "each one", "the one we use": a number after a determiner that counts nothing is a pronoun. */
const isPronounOne = (t: Token, previous: Token | undefined) => t.normal === "one" && previous?.pos === "DET";

/** True when the text states a number ("12", "three", "one clinic"). */
export const hasNumber = (text: string) =>
  analyze(text).some((s) => s.tokens.some((t, i) => t.pos === "NUM" && !isPronounOne(t, s.tokens[i - 1])));

/** True when something in the text is said in the scope of a negation. */
export const isNegative = (text: string) => tokensOf(text).some((t) => t.negated);

export function isVague(answer: string): boolean {
  const content = keywords(answer);
  return content.length < 3 || (VAGUE.test(answer) && content.length < 8);
}

// ---- Phrases taken from an answer ----

const MAX_WORDS = 4;

/** A word as written: tokens glued by hyphens ("patient-facing", "no-shows") are one word. */
interface Word {
  tokens: Token[];
  /** The part of speech of its last token. */
  pos: Token["pos"];
  compound: boolean;
}

function wordsIn(tokens: Token[]): Word[] {
  const out: Word[] = [];
  for (const [i, t] of tokens.entries()) {
    const last = out.at(-1);
    const lastToken = last?.tokens.at(-1);
    const glued = lastToken?.end === t.start;
    const hyphen = t.text === "-" || lastToken?.text === "-";
    const nextGlued = t.text === "-" && tokens[i + 1]?.start === t.end;
    if (last && glued && hyphen && (t.text !== "-" || nextGlued)) {
      last.tokens.push(t);
      if (t.text !== "-") last.pos = t.pos;
      last.compound = true;
    } else out.push({ tokens: [t], pos: t.pos, compound: false });
  }
  return out;
}

const NOMINAL: ReadonlySet<Token["pos"]> = new Set(["NOUN", "PROPN"]);
const isNominal = (w: Word) => NOMINAL.has(w.pos) || (w.compound && w.tokens.some((t) => NOMINAL.has(t.pos)));
const isModifier = (w: Word, previous: Word | undefined) =>
  isNominal(w) ||
  w.pos === "ADJ" ||
  w.compound ||
  // A participle after a determiner: "the shared spreadsheet".
  (w.pos === "VERB" && /(?:ed|ing)$/.test(w.tokens[0]!.normal) && previous?.pos === "DET");

/** Tokens that join a number to what it counts: "12 appointments a week", "5 of 8 participants". */
const QUANTITY = new Set(["NUM", "NOUN", "ADJ", "PROPN"]);

/** Where a sentence hedges ("kind of", "stuff"): words there say nothing worth quoting. */
function hedges(sentence: Sentence): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const m of sentence.text.matchAll(new RegExp(VAGUE.source, "gi")))
    spans.push([sentence.start + m.index, sentence.start + m.index + m[0].length]);
  return spans;
}

/** True for a phrase worth quoting: a content word of four letters or more, outside any hedge. */
const substantial = (run: Token[], hedged: Array<[number, number]> = []) =>
  run.some(
    (t) => isContent(t) && t.text.length > 3 && !hedged.some(([from, to]) => t.start >= from && t.end <= to),
  );

/**
 * A number with what it counts, from the number's position: "12 appointments a week", "three or
 * four times", "5 of 8 participants". A rate ("a week", "per day") may follow the counted noun.
 */
function quantityAt(words: Word[], i: number): Word[] {
  const run = [words[i]!];
  let j = i + 1;
  const at = (k: number) => words[k];
  // "three or four", "5 of 8", "10 to 12"
  const link = (w: Word | undefined) => w && ["CCONJ", "ADP", "PART"].includes(w.pos);
  for (const gap of [1, 2]) {
    const links = words.slice(j, j + gap);
    if (links.length === gap && links.every(link) && at(j + gap)?.pos === "NUM") {
      run.push(...links, at(j + gap)!);
      j += gap + 1;
      break;
    }
  }
  if (at(j)?.pos === "ADP" && at(j)!.tokens[0]!.normal === "of" && at(j + 1)?.pos !== "PRON") {
    run.push(at(j)!);
    j += 1;
    if (at(j)?.pos === "DET") run.push(at(j++)!);
  }
  let counted = false;
  while (at(j) && QUANTITY.has(at(j)!.pos) && run.length < MAX_WORDS + 2) {
    counted ||= isNominal(at(j)!);
    run.push(at(j++)!);
  }
  if (counted && at(j) && ["DET", "ADP"].includes(at(j)!.pos) && at(j + 1) && isNominal(at(j + 1)!)) {
    const after = at(j + 2);
    if (!after || !isModifier(after, at(j + 1))) run.push(at(j)!, at(j + 1)!);
  }
  while (run.length > 1 && !isNominal(run.at(-1)!) && run.at(-1)!.pos !== "NUM") run.pop();
  return run;
}

/** Noun phrases without their determiner, at most four words: "shared spreadsheet", "patient-facing tools". */
function nounRuns(words: Word[]): Array<{ run: Word[]; determined: boolean }> {
  const out: Array<{ run: Word[]; determined: boolean }> = [];
  let run: Word[] = [];
  let start = 0;
  const flush = () => {
    while (run.length && !isNominal(run.at(-1)!)) run.pop();
    if (run.length) out.push({ run: run.slice(-MAX_WORDS), determined: words[start - 1]?.pos === "DET" });
    run = [];
  };
  words.forEach((w, i) => {
    // An adjective after a noun starts the next phrase: "tools | last year".
    if (w.pos === "ADJ" && !w.compound && run.length && isNominal(run.at(-1)!)) flush();
    if (w.pos !== "NUM" && isModifier(w, words[i - 1])) {
      if (!run.length) start = i;
      run.push(w);
    } else flush();
  });
  flush();
  return out;
}

/** Counts as a word of a content run: a content word or an adverb that is not a stop word. */
const meaningful = (w: Word) => w.tokens.some(isContent) || (w.pos === "ADV" && !w.tokens[0]!.stop);

/**
 * Short phrases in the participant's own words, best first: a number with what it counts ("12
 * appointments a week"), a noun phrase ("the shared spreadsheet"), then a run of content words, a
 * verb starting a new one ("moving appointments"). Each is copied from the answer, never paraphrased.
 */
export function phrases(answer: string, options: { strong?: boolean } = {}): string[] {
  const found: Array<{ text: string; score: number }> = [];
  for (const sentence of analyze(answer)) {
    const hedged = hedges(sentence);
    const add = (run: Word[], score: number) => {
      const tokens = run.flatMap((w) => w.tokens);
      if (!substantial(tokens, hedged)) return;
      const text = sliceOf(sentence.text, tokens, sentence.start);
      if (text.length > 2 && !text.includes("?"))
        found.push({ text, score: score + Math.min(run.length, 4) });
    };
    const words = wordsIn(sentence.tokens);
    words.forEach((w, i) => {
      if (w.pos === "NUM" && !isPronounOne(w.tokens[0]!, words[i - 1]?.tokens.at(-1)))
        add(quantityAt(words, i), 6);
    });
    for (const { run, determined } of nounRuns(words)) {
      if (determined || run.length > 1) add(run, determined ? 3 : 2);
      else if (!options.strong) add(run, 0);
    }
    if (options.strong) continue;
    let run: Word[] = [];
    const flush = () => {
      if (run.length > 1) add(run.slice(0, MAX_WORDS), 2);
      run = [];
    };
    for (const w of words) {
      if (w.pos === "VERB" && run.length) flush();
      if (meaningful(w)) run.push(w);
      else flush();
    }
    flush();
  }
  return rank(found);
}

function rank(found: Array<{ text: string; score: number }>): string[] {
  const seen = new Set<string>();
  return found
    .sort((a, b) => b.score - a.score)
    .map((f) => f.text)
    .filter((text) => {
      const key = text.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** How much of the latest text is read for its language: franc takes milliseconds per kilobyte. */
const LANGUAGE_SAMPLE_CHARS = 600;

/**
 * Whether the rules can read what the participant says: their vocabularies (declines, "not sure",
 * instructions, off-topic) are English, so in another language the model judges each answer itself.
 * The participant's latest words decide once there are enough of them to tell; before that, the
 * whole conversation (the model writes in the participant's language).
 */
export function rulesRead(messages: InterviewMessage[]): boolean {
  const latest = (list: InterviewMessage[]) =>
    list
      .map((m) => m.content)
      .join("\n")
      .slice(-LANGUAGE_SAMPLE_CHARS);
  const said = latest(messages.filter((m) => m.role === "user"));
  return mayBeEnglish(longEnoughToTell(said) ? said : latest(messages));
}

/** Everything the participant has said, for questions an earlier answer may have answered. */
export const allTold = (ctx: TurnContext) =>
  ctx.messages
    .filter((m) => m.role === "user")
    .map((m) => m.content)
    .join("\n");
