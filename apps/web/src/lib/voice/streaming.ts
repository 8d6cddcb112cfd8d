/**
 * Speech as it downloads, fed to an audio element while its bytes arrive: through MediaSource, or
 * ManagedMediaSource on an iPhone (which has only that), else played as a whole file.
 */

/** How a sentence's bytes reach the element while they download. */
export type StreamingPath = "media-source" | "managed-media-source" | "whole-file";

interface MediaSourceClass {
  isTypeSupported(type: string): boolean;
}

/**
 * MediaSource where the browser has it; ManagedMediaSource on an iPhone, which has only that;
 * otherwise the whole file is downloaded before it plays.
 */
export function chooseStreamingPath(
  scope: { MediaSource?: MediaSourceClass; ManagedMediaSource?: MediaSourceClass },
  type = "audio/mpeg",
): StreamingPath {
  const supports = (source: MediaSourceClass | undefined) =>
    typeof source?.isTypeSupported === "function" && source.isTypeSupported(type);
  if (supports(scope.MediaSource)) return "media-source";
  if (supports(scope.ManagedMediaSource)) return "managed-media-source";
  return "whole-file";
}

export type MediaSourceConstructor = new () => MediaSource;
export const mediaSourceClass = (path: StreamingPath): MediaSourceConstructor | undefined => {
  const scope = globalThis as {
    MediaSource?: MediaSourceConstructor;
    ManagedMediaSource?: MediaSourceConstructor;
  };
  return path === "media-source"
    ? scope.MediaSource
    : path === "managed-media-source"
      ? scope.ManagedMediaSource
      : undefined;
};

export const streamingPath = (): StreamingPath =>
  chooseStreamingPath(globalThis as Parameters<typeof chooseStreamingPath>[0]);

/** A sentence's speech as it downloads: the bytes so far, and word of each new part. */
export class SpeechDownload {
  readonly parts: Uint8Array[] = [];
  /** Every byte arrived (true) or the download broke off (false). */
  readonly complete: Promise<boolean>;
  #settled = false;
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #listeners = new Set<() => void>();

  constructor(body: ReadableStream<Uint8Array>) {
    this.#reader = body.getReader();
    this.complete = this.#read();
  }

  /** No more bytes will come (finished or broken off). */
  get settled() {
    return this.#settled;
  }

  blob(): Blob {
    return new Blob(this.parts as BlobPart[], { type: "audio/mpeg" });
  }

  onProgress(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  cancel() {
    void this.#reader.cancel().catch(() => {});
  }

  async #read(): Promise<boolean> {
    let whole = false;
    try {
      for (let next = await this.#reader.read(); !next.done; next = await this.#reader.read()) {
        this.parts.push(next.value);
        this.#notify();
      }
      whole = true;
    } catch {
      // A broken download plays what arrived.
    }
    this.#settled = true;
    this.#notify();
    return whole;
  }

  #notify() {
    for (const listener of this.#listeners) listener();
  }
}

/**
 * A sentence to play: a finished file or MP3 bytes still arriving (played on the audio element), or
 * raw PCM arriving or arrived (played on the AudioContext, pcm.ts).
 */
export type SpeechSource = { url: string } | { download: SpeechDownload } | { pcm: SpeechDownload };

/** Feeds a download into a (Managed)MediaSource on the element as its bytes arrive; answers a detach. */
export function streamInto(
  audio: HTMLAudioElement,
  download: SpeechDownload,
  Source: MediaSourceConstructor,
) {
  const source = new Source();
  const url = URL.createObjectURL(source);
  let buffer: SourceBuffer | null = null;
  let fed = 0;
  let detached = false;
  const pump = () => {
    if (detached || !buffer || buffer.updating || source.readyState !== "open") return;
    try {
      const next = download.parts[fed];
      if (next) {
        fed += 1;
        buffer.appendBuffer(next as Uint8Array<ArrayBuffer>);
      } else if (download.settled) {
        source.endOfStream();
      }
    } catch {
      // A part the buffer will not take: what was appended plays, the rest is given up.
      if (source.readyState === "open") source.endOfStream();
    }
  };
  source.addEventListener(
    "sourceopen",
    () => {
      URL.revokeObjectURL(url); // attached: the URL is no longer needed
      try {
        buffer = source.addSourceBuffer("audio/mpeg");
        buffer.addEventListener("updateend", pump);
        pump();
      } catch {
        // Not playable this way: the element reports an error or the start time-out gives up.
      }
    },
    { once: true },
  );
  const stopListening = download.onProgress(pump);
  audio.src = url;
  return () => {
    detached = true;
    stopListening();
  };
}
