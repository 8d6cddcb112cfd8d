import { sanitizeForSpeech } from "@parley/ai/speech";
import { runningAudioContext } from "../../lib/voice/audioUnlock";
import { speechPlayer } from "../../lib/voice/player";
import { requestSpeech, type SpeechFormat, speakWithBrowser } from "../../lib/voice/speech";
import { SpeechDownload, type SpeechSource, streamingPath } from "../../lib/voice/streaming";

/** Who turns text into sound: the server's speech service, or the browser's own speechSynthesis. */
export type SpeakerEngine = "server" | "browser";

interface Item {
  raw: string;
  clean: string;
  prepared: Promise<SpeechSource | null> | null;
}

/**
 * Audio of a sentence already fetched, per format and spoken text (spec 1 §9: synthesized speech is
 * cached): an MP3 file's URL, or the PCM download, whole, played again from its parts.
 */
const cache = new Map<string, SpeechSource>();

/**
 * How many sentences' audio a page keeps (a long interview's audio would otherwise stay in memory
 * to its end): the least recently spoken goes first, its file's URL given back.
 */
export const MOST_CACHED_SENTENCES = 48;

function remember(key: string, source: SpeechSource) {
  cache.delete(key);
  cache.set(key, source);
  while (cache.size > MOST_CACHED_SENTENCES) {
    const [oldest, dropped] = cache.entries().next().value!;
    cache.delete(oldest);
    if ("url" in dropped) URL.revokeObjectURL(dropped.url);
  }
}

/** A cached sentence's audio, marked as the most recently spoken. */
function recall(key: string): SpeechSource | undefined {
  const source = cache.get(key);
  if (source) remember(key, source);
  return source;
}

function cacheWhenComplete(download: SpeechDownload, key: string, format: SpeechFormat) {
  void download.complete.then((whole) => {
    if (!whole) return;
    remember(key, format === "pcm" ? { pcm: download } : { url: URL.createObjectURL(download.blob()) });
  });
}

/**
 * Raw PCM where a tap has unlocked the AudioContext and it is running: played as its first bytes
 * arrive, about 40 ms sooner than MP3 on the element (issue 34). MP3 elsewhere, and the element.
 */
const speechFormat = (): SpeechFormat => (runningAudioContext() ? "pcm" : "mp3");

async function fetchSpeech(
  clean: string,
  interviewId: number,
  signal: AbortSignal,
): Promise<SpeechSource | null> {
  const format = speechFormat();
  const key = `${format} ${clean}`;
  const cached = recall(key);
  if (cached) return cached;
  try {
    const res = await requestSpeech(clean, interviewId, signal, format);
    if (!res.ok) return null;
    if (res.body && format === "pcm") {
      // Scheduled on the AudioContext part by part as the bytes arrive.
      const download = new SpeechDownload(res.body);
      cacheWhenComplete(download, key, format);
      return { pcm: download };
    }
    if (res.body && streamingPath() !== "whole-file") {
      // Played as its bytes arrive, so the first sentence starts about when its first frames are here.
      const download = new SpeechDownload(res.body);
      cacheWhenComplete(download, key, format);
      return { download };
    }
    const url = URL.createObjectURL(await res.blob());
    remember(key, { url });
    return { url };
  } catch {
    return null;
  }
}

const cancelSource = (source: SpeechSource | null) => {
  if (source && "download" in source) source.download.cancel();
  if (source && "pcm" in source) source.pcm.cancel();
};

/**
 * The sentences of one reply, spoken in order while later ones are still being written. Each
 * sentence's speech is requested as soon as the sentence is complete, so it is ready (or arriving)
 * when its turn comes, and played on the interview's one unlocked audio element; a sentence the
 * server cannot voice is said by the browser (spec 1 §8).
 */
export class SpeechQueue {
  readonly #engine: SpeakerEngine;
  readonly #interviewId: number;
  readonly #abort = new AbortController();
  readonly #items: Item[] = [];
  #closed = false;
  #stopped = false;
  #spoken = 0;
  #wake: (() => void) | null = null;
  #stopCurrent: (() => void) | null = null;
  #started = false;
  #refused = false;
  #browserVoiceFails = false;
  readonly finished: Promise<void>;
  /** Called once, when the first sound of this reply starts. */
  onFirstAudio: () => void = () => {};
  /** Called once if the browser refuses to play this reply and its own voice cannot say it either. */
  onRefused: () => void = () => {};

  constructor(options: { engine: SpeakerEngine; interviewId: number }) {
    this.#engine = options.engine;
    this.#interviewId = options.interviewId;
    this.finished = this.#run();
  }

  /** A finished sentence of the reply, as written; markup is never read aloud (spec 1 §5). */
  add(raw: string) {
    if (this.#stopped || this.#closed) return;
    const clean = sanitizeForSpeech(raw);
    const prepared =
      clean && this.#engine === "server" && !this.#refused
        ? fetchSpeech(clean, this.#interviewId, this.#abort.signal)
        : null;
    this.#items.push({ raw, clean, prepared });
    this.#poke();
  }

  /** No more sentences will come. */
  close() {
    this.#closed = true;
    this.#poke();
  }

  /** Stops speaking now and drops what was not said yet. */
  stop() {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#abort.abort();
    this.#stopCurrent?.();
    this.#poke();
  }

  get stopped() {
    return this.#stopped;
  }

  /** Some of this reply was heard. */
  get heard() {
    return this.#started;
  }

  /** The browser refused to play sound (its autoplay rule) and nothing else could say the reply. */
  get refused() {
    return this.#refused && !this.#started;
  }

  /** The reply's text whose speech finished: everything before the sentence that was cut off. */
  saidText(): string {
    return this.#items
      .slice(0, this.#spoken)
      .map((item) => item.raw)
      .join("");
  }

  #poke() {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  async #run(): Promise<void> {
    for (let index = 0; ; index += 1) {
      while (!this.#stopped && index >= this.#items.length && !this.#closed) {
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
      }
      const item = this.#items[index];
      if (this.#stopped || !item) {
        for (const rest of this.#items.slice(index)) void rest.prepared?.then(cancelSource);
        return;
      }
      if (item.clean) await this.#say(item);
      if (this.#stopped) return;
      this.#spoken = index + 1;
    }
  }

  #markStarted() {
    if (this.#started) return;
    this.#started = true;
    this.onFirstAudio();
  }

  async #say(item: Item) {
    const source = item.prepared ? await item.prepared : null;
    if (this.#stopped) return cancelSource(source);
    if (source && !this.#refused) {
      this.#stopCurrent = () => speechPlayer.stop();
      const outcome = await speechPlayer.play(source, () => this.#markStarted());
      this.#stopCurrent = null;
      if (outcome === "ended" || outcome === "stopped") return;
      // Refused once, refused for the rest of the reply: the browser's voice is tried instead.
      if (outcome === "refused") this.#refused = true;
    } else {
      cancelSource(source);
    }
    if (this.#stopped) return;
    if (!this.#browserVoiceFails) {
      this.#stopCurrent = () => globalThis.speechSynthesis?.cancel();
      const said = await speakWithBrowser(item.clean, () => this.#markStarted());
      this.#stopCurrent = null;
      // Nothing says it here (no voice, or refused too): later sentences do not wait 3 s each for it.
      if (said === "failed") this.#browserVoiceFails = true;
    }
    if (this.#browserVoiceFails) this.#reportRefusal();
  }

  #reportRefusal() {
    if (!this.refused || this.#stopped) return;
    const report = this.onRefused;
    this.onRefused = () => {};
    report();
  }
}
