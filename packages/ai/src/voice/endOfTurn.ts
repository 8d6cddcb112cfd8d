/**
 * When the participant has finished speaking (issue 24, "patience"). The spec's rule stays the
 * default: 2 s of silence ends an utterance (capture.ts). What was said is only known once it has
 * been transcribed, so the decisions here read the transcript afterwards:
 * - words that leave the thought open ("…and", "because", "um") do not end the turn: listening goes
 *   on a little longer, and what comes next is joined to them before anything is sent;
 * - a request for time ("give me a minute", "let me think", "hmm") is never taken as the answer: the
 *   loop waits, showing "Take your time", until the participant speaks again or resumes;
 * - sound over the interviewer short enough to be a backchannel ("mm-hmm", "yeah") does not stop it.
 * Words come from the platform's Unicode word segmentation (Intl.Segmenter); the vocabularies are
 * named data in turnWords.ts.
 */
import {
  AROUND_THINKING,
  CLOSED_ENDINGS,
  COURTESIES,
  FILLERS,
  OPEN_ENDINGS,
  SPOKEN_YES,
  THINKING_PHRASES,
} from "./turnWords";

export const END_OF_TURN = {
  /** After words that leave the thought open, how long listening waits for the participant to go on. */
  unfinishedWaitMs: 3000,
  /** At most this many pieces are joined into one answer; the next one is sent however it ends. */
  maxPieces: 5,
  /**
   * Sound over the interviewer for this long (gaps under 150 ms bridged) is the participant taking
   * the turn; shorter sound is a backchannel. Measured on espeak-ng's voice: "yeah" 0.24 s,
   * "uh-huh" 0.31 s, "okay" 0.40 s, "mm-hmm" 0.53 s, "yeah, yeah" 0.68 s; "sorry, actually no"
   * 1.26 s, "wait, can I add something?" 1.49 s.
   */
  bargeInMs: 800,
} as const;

/** Whether sound over the interviewer that has lasted this long is the participant taking the turn. */
export const takesTheTurn = (soundMs: number) => soundMs >= END_OF_TURN.bargeInMs;

export type TurnReading =
  | { kind: "finished" }
  /** The words so far leave the thought open: wait for more. */
  | { kind: "unfinished"; why: "open-word" | "filler" | "trailing-off" }
  /** A request for time; `before` is what was said before it (kept, to be joined with what follows). */
  | { kind: "thinking"; before: string };

interface SpokenWord {
  /** Lower case, straight apostrophes. */
  word: string;
  start: number;
}

const segmenter =
  typeof Intl !== "undefined" && "Segmenter" in Intl
    ? new Intl.Segmenter("en", { granularity: "word" })
    : null;

/** The words of a transcript with where each starts (Unicode word boundaries; punctuation left out). */
export function spokenWords(text: string): SpokenWord[] {
  const plain = text.replace(/[’‘]/g, "'");
  if (segmenter) {
    return [...segmenter.segment(plain)]
      .filter((part) => part.isWordLike)
      .map((part) => ({ word: part.segment.toLowerCase(), start: part.index }));
  }
  // Browsers without Intl.Segmenter (Firefox before 125): letters and digits, inner apostrophes kept.
  return [...plain.matchAll(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu)].map((match) => ({
    word: match[0].toLowerCase(),
    start: match.index,
  }));
}

const phrases = (list: readonly string[]) =>
  list.map((phrase) => phrase.split(" ")).sort((a, b) => b.length - a.length);
const FILLER = new Set(FILLERS);
const AROUND = phrases([...AROUND_THINKING, ...FILLERS]);
const AROUND_WORDS = new Set(AROUND_THINKING.filter((phrase) => !phrase.includes(" ")));
const OPEN = phrases(OPEN_ENDINGS);
const CLOSED = phrases(CLOSED_ENDINGS);
const THINKING = phrases(THINKING_PHRASES);
const COURTESY = phrases(COURTESIES);
const YES = phrases(SPOKEN_YES);

/** The phrase of `list` that the words end with, just before `end`. */
const endingOf = (words: SpokenWord[], list: string[][], end = words.length) =>
  list.find(
    (phrase) => phrase.length <= end && phrase.every((w, i) => words[end - phrase.length + i]?.word === w),
  );

/** The text before a cut, without the comma or dash that led into what was cut. */
const before = (text: string, at: number) => text.slice(0, at).replace(/[\s,;:–—-]+$/u, "");

/** A transcript that trails off: "…", "...", or a dash at its end. */
const TRAILING_OFF = /(\.\.\.|…|\s[-–—]|[–—])\s*$/u;

/** What the words of an utterance say about the turn (see the module comment). */
export function readUtterance(text: string): TurnReading {
  const words = spokenWords(text);
  if (!words.length) return { kind: "finished" };
  if (endingOf(words, YES)?.length === words.length) return { kind: "finished" };
  if (words.every(({ word }) => FILLER.has(word))) return { kind: "thinking", before: "" };
  // A request for time, perhaps with "please", "for a second" or a filler after it.
  let end = words.length;
  for (let around = endingOf(words, AROUND, end); around && end > 0; around = endingOf(words, AROUND, end))
    end -= around.length;
  // Where what was said before `at` ends, leaving out the "oh", "well" or fillers just before it.
  const saidUpTo = (at: number) => {
    let start = at;
    while (start > 0 && (FILLER.has(words[start - 1]!.word) || AROUND_WORDS.has(words[start - 1]!.word)))
      start -= 1;
    return start;
  };
  const asked = endingOf(words, THINKING, end);
  if (asked) {
    const at = saidUpTo(end - asked.length);
    return { kind: "thinking", before: at ? before(text, words[at]!.start) : "" };
  }
  // A courtesy that buys time, said alone.
  const courtesy = endingOf(words, COURTESY, end);
  if (courtesy && saidUpTo(end - courtesy.length) === 0) return { kind: "thinking", before: "" };
  if (TRAILING_OFF.test(text)) return { kind: "unfinished", why: "trailing-off" };
  if (FILLER.has(words.at(-1)!.word)) return { kind: "unfinished", why: "filler" };
  if (endingOf(words, CLOSED)) return { kind: "finished" };
  if (endingOf(words, OPEN)) return { kind: "unfinished", why: "open-word" };
  return { kind: "finished" };
}

/** Two pieces of one answer as one text: "We plan it by hand and…" + "it takes two hours." */
export function joinSpoken(first: string, next: string): string {
  const head = first
    .trim()
    .replace(/(\.\.\.|…|[-–—])$/u, "")
    .trimEnd();
  const tail = next.trim();
  return head && tail ? `${head} ${tail}` : head || tail;
}

/** What to do with a transcript: send the answer, or wait for more of it. */
export type TurnStep = { kind: "send"; text: string } | { kind: "wait"; reason: "unfinished" | "thinking" };

/**
 * What a transcript does to an answer being assembled, from what is held of it (`held`, and how many
 * pieces it was said in): the whole answer is sent, or more is waited for. The voice loop's
 * `TurnPatience` decides with it, and so does the server when it transcribes and answers in one
 * request (issue 34: POST /api/ai/voice-turn), from the held words the page sends: the two cannot
 * differ.
 */
export function stepOf(
  held: { text: string; pieces: number },
  text: string,
): TurnStep & { said: string; reading: TurnReading } {
  const said = joinSpoken(held.text, text);
  const reading = readUtterance(said);
  if (reading.kind === "thinking") return { kind: "wait", reason: "thinking", said, reading };
  if (reading.kind === "unfinished" && held.pieces + 1 < END_OF_TURN.maxPieces)
    return { kind: "wait", reason: "unfinished", said, reading };
  return { kind: "send", text: said, said, reading };
}

/**
 * One answer being assembled from the utterances it was said in. Time is passed in (ms), so the
 * rules are tested without timers; the voice loop asks `due` every few hundred ms while it listens.
 */
export class TurnPatience {
  #held = "";
  #pieces = 0;
  #waitFrom = 0;
  #thinking = false;

  /** Words heard so far of an answer not yet sent. */
  get held() {
    return this.#held;
  }

  /** How many utterances the held words were said in (the server reads it with them: `stepOf`). */
  get pieces() {
    return this.#pieces;
  }

  /** The participant asked for time and has not spoken or resumed since. */
  get thinking() {
    return this.#thinking;
  }

  /** A transcript arrived: the answer (with what was held before it) is sent, or more is waited for. */
  take(text: string, now: number): TurnStep {
    const step = stepOf({ text: this.#held, pieces: this.#pieces }, text);
    if (step.reading.kind === "thinking") {
      this.#held = step.reading.before;
      this.#thinking = true;
      return { kind: "wait", reason: "thinking" };
    }
    this.#pieces += 1;
    if (step.kind === "wait") {
      this.#held = step.said;
      this.#thinking = false;
      this.#waitFrom = now;
      return { kind: "wait", reason: "unfinished" };
    }
    this.clear();
    return { kind: "send", text: step.said };
  }

  /** The participant resumed (Resume, or speaking after a pause): a held answer waits afresh from now. */
  resumed(now: number) {
    this.#thinking = false;
    this.#waitFrom = now;
  }

  /**
   * The held words, once the participant has not gone on for the unfinished wait (and is not
   * speaking now, nor taking their time): they are sent as they are. Null while there is nothing due.
   */
  due(now: number, speaking: boolean): string | null {
    if (!this.#held || this.#thinking) return null;
    if (speaking) {
      this.#waitFrom = now;
      return null;
    }
    if (now - this.#waitFrom < END_OF_TURN.unfinishedWaitMs) return null;
    const text = this.#held;
    this.clear();
    return text;
  }

  clear() {
    this.#held = "";
    this.#pieces = 0;
    this.#thinking = false;
  }
}
