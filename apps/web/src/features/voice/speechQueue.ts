import { sanitizeForSpeech } from "@parley/ai/speech";
import { requestSpeech, speakWithBrowser } from "../../lib/voice/speech";

/** Who turns text into sound: the server's speech service, or the browser's own speechSynthesis. */
export type SpeakerEngine = "server" | "browser";

/** A sentence whose speech is on its way: an audio element that plays it, or null (browser voice). */
type Prepared = { audio: HTMLAudioElement; cancel: () => void } | null;

interface Item {
  raw: string;
  clean: string;
  prepared: Promise<Prepared> | null;
}

/** Audio of a sentence already fetched, per spoken text (spec 1 §9: synthesized speech is cached). */
const cache = new Map<string, string>();
/** A sentence's audio that has not begun to play after this long is given up for the browser's voice. */
const START_TIMEOUT_MS = 8000;

const streamable = () =>
  typeof MediaSource !== "undefined" &&
  typeof MediaSource.isTypeSupported === "function" &&
  MediaSource.isTypeSupported("audio/mpeg");

function appendTo(buffer: SourceBuffer, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    buffer.addEventListener("updateend", () => resolve(), { once: true });
    buffer.addEventListener("error", () => reject(new Error("append failed")), { once: true });
    buffer.appendBuffer(bytes as Uint8Array<ArrayBuffer>);
  });
}

/**
 * Plays speech as its bytes arrive: the response body is fed into a MediaSource, so the first
 * sentence starts about when its first audio frames are here, not when the whole file is. When the
 * download completes the audio is cached for the same text.
 */
function streamIntoAudio(body: ReadableStream<Uint8Array>, clean: string): Prepared {
  const source = new MediaSource();
  const audio = new Audio();
  audio.preload = "auto";
  audio.src = URL.createObjectURL(source);
  const reader = body.getReader();
  let cancelled = false;
  source.addEventListener(
    "sourceopen",
    async () => {
      URL.revokeObjectURL(audio.src); // attached: the URL is no longer needed
      const parts: Uint8Array[] = [];
      try {
        const buffer = source.addSourceBuffer("audio/mpeg");
        for (let next = await reader.read(); !next.done; next = await reader.read()) {
          parts.push(next.value);
          await appendTo(buffer, next.value);
        }
        cache.set(clean, URL.createObjectURL(new Blob(parts as BlobPart[], { type: "audio/mpeg" })));
      } catch {
        // A broken download plays what arrived; an empty one fails and falls back to the browser.
      }
      if (!cancelled && source.readyState === "open") source.endOfStream();
    },
    { once: true },
  );
  return {
    audio,
    cancel: () => {
      cancelled = true;
      void reader.cancel().catch(() => {});
    },
  };
}

async function fetchSpeech(clean: string, interviewId: number, signal: AbortSignal): Promise<Prepared> {
  const cached = cache.get(clean);
  if (cached) return { audio: new Audio(cached), cancel: () => {} };
  try {
    const res = await requestSpeech(clean, interviewId, signal);
    if (!res.ok) return null;
    if (res.body && streamable()) return streamIntoAudio(res.body, clean);
    const url = URL.createObjectURL(await res.blob());
    cache.set(clean, url);
    return { audio: new Audio(url), cancel: () => {} };
  } catch {
    return null;
  }
}

/**
 * The sentences of one reply, spoken in order while later ones are still being written. Each
 * sentence's speech is requested as soon as the sentence is complete, so it is ready (or arriving)
 * when its turn comes; a sentence the server cannot voice is said by the browser (spec 1 §8).
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
  readonly finished: Promise<void>;
  /** Called once, when the first sound of this reply starts. */
  onFirstAudio: () => void = () => {};

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
      clean && this.#engine === "server" ? fetchSpeech(clean, this.#interviewId, this.#abort.signal) : null;
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
        for (const rest of this.#items.slice(index)) void rest.prepared?.then((p) => p?.cancel());
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
    const prepared = item.prepared ? await item.prepared : null;
    if (this.#stopped) return prepared?.cancel();
    if (prepared && (await this.#play(prepared.audio))) return;
    if (this.#stopped) return;
    this.#markStarted();
    this.#stopCurrent = () => window.speechSynthesis?.cancel();
    await speakWithBrowser(item.clean);
    this.#stopCurrent = null;
  }

  /** Plays one sentence's audio to its end; false if it could not be played at all. */
  #play(audio: HTMLAudioElement): Promise<boolean> {
    return new Promise((resolve) => {
      let playing = false;
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.#stopCurrent = null;
        audio.onplaying = null;
        audio.onended = null;
        audio.onerror = null;
        resolve(ok);
      };
      const timer = setTimeout(() => {
        if (!playing) {
          audio.pause();
          finish(false);
        }
      }, START_TIMEOUT_MS);
      this.#stopCurrent = () => {
        audio.pause();
        finish(true);
      };
      audio.onplaying = () => {
        playing = true;
        this.#markStarted();
      };
      audio.onended = () => finish(true);
      // Failing before a sound was made falls back to the browser; after, the rest is skipped.
      audio.onerror = () => finish(playing);
      audio.play().catch(() => finish(playing));
    });
  }
}
