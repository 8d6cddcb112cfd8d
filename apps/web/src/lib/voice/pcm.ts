/**
 * Speech as raw PCM played on the interview's unlocked AudioContext as its bytes arrive (issue 34).
 * The media element starts only once it has buffered about 200 ms of decoded audio (Chromium's
 * renderer, with MP3 through MediaSource); buffers scheduled on the context start with the first
 * bytes. The bytes are what OpenAI's speech API sends for `response_format: "pcm"`.
 */
import type { SpeechDownload } from "./streaming";

/** OpenAI's PCM: 24 kHz, 16-bit signed little-endian, mono, no header. */
export const PCM_SAMPLE_RATE = 24_000;

/** Frames the audio thread renders at a time (Web Audio's render quantum). */
export const RENDER_QUANTUM_FRAMES = 128;

/**
 * How far ahead of the context's clock a first (or late) part is scheduled: one render quantum, about
 * 2.7 ms at 48 kHz. `currentTime` is where the audio thread renders next, so a part at one quantum
 * past it is in the thread's hands before its time comes even if a quantum is rendered meanwhile (a
 * part whose time has passed starts at once, and by the spec's playback algorithm loses the samples
 * of the time that passed). Measured in the voice bench, a 10 ms lead made the first sound about
 * 7 ms later for nothing.
 */
export const scheduleLead = (sampleRate: number) => RENDER_QUANTUM_FRAMES / sampleRate;

/**
 * Turns the download's parts into samples. A network cuts the stream anywhere, so a part may end
 * inside a sample: its odd byte is kept and joined to the next part's first.
 */
export class PcmSamples {
  /** The last part's odd byte: the low byte of a sample whose high byte is still to come. */
  #carry: number | null = null;

  /** The whole samples `bytes` completes (with a byte carried from before), as floats in [-1, 1). */
  push(bytes: Uint8Array): Float32Array {
    let joined = bytes;
    if (this.#carry !== null) {
      joined = new Uint8Array(bytes.length + 1);
      joined[0] = this.#carry;
      joined.set(bytes, 1);
    }
    const count = Math.floor(joined.length / 2);
    this.#carry = joined.length % 2 === 1 ? (joined[joined.length - 1] as number) : null;
    const view = new DataView(joined.buffer, joined.byteOffset, count * 2);
    const samples = new Float32Array(count);
    for (let i = 0; i < count; i += 1) samples[i] = view.getInt16(i * 2, true) / 0x8000;
    return samples;
  }
}

/**
 * When a part that comes now starts: right after the last one scheduled, so the parts play back to
 * back, unless that moment is already too near (the download fell behind), then a lead from now.
 */
export function nextStartTime(now: number, scheduledUntil: number, lead: number): number {
  return Math.max(scheduledUntil, now + lead);
}

/** How playing a download on the context ended: as the element path's PlayOutcome, without a refusal. */
export type PcmOutcome = "ended" | "failed" | "stopped";

/**
 * Plays a PCM download on the context, each part as it arrives. `onPlaying` is called when the first
 * sound starts; the answer comes when the last part has played (or the download gave nothing, or
 * `stop` was called), and `stop` silences at once what was scheduled.
 */
export function playPcm(
  context: AudioContext,
  download: SpeechDownload,
  onPlaying: () => void,
): { done: Promise<PcmOutcome>; stop: () => void } {
  const samples = new PcmSamples();
  const lead = scheduleLead(context.sampleRate);
  const playing = new Set<AudioBufferSourceNode>();
  let fed = 0;
  let scheduledUntil = 0;
  let started = false;
  let finished = false;
  let startTimer: ReturnType<typeof setTimeout> | undefined;
  let resolve!: (outcome: PcmOutcome) => void;
  const done = new Promise<PcmOutcome>((r) => {
    resolve = r;
  });
  const finish = (outcome: PcmOutcome) => {
    if (finished) return;
    finished = true;
    clearTimeout(startTimer);
    stopListening();
    for (const node of playing) {
      node.onended = null;
      try {
        node.stop();
      } catch {
        // Not started yet or already ended: nothing to silence.
      }
      node.disconnect();
    }
    playing.clear();
    resolve(outcome);
  };
  const endIfDone = () => {
    if (finished || !download.settled || fed < download.parts.length || playing.size > 0) return;
    finish(started ? "ended" : "failed");
  };
  const schedule = (part: Float32Array) => {
    const buffer = context.createBuffer(1, part.length, PCM_SAMPLE_RATE);
    buffer.getChannelData(0).set(part);
    const node = context.createBufferSource();
    node.buffer = buffer;
    node.connect(context.destination);
    const at = nextStartTime(context.currentTime, scheduledUntil, lead);
    node.start(at);
    scheduledUntil = at + buffer.duration;
    playing.add(node);
    node.onended = () => {
      playing.delete(node);
      node.disconnect();
      endIfDone();
    };
    if (!started) {
      started = true;
      // The first sound is heard when its scheduled time comes, as the element's `playing` is.
      startTimer = setTimeout(onPlaying, Math.max(0, (at - context.currentTime) * 1000));
    }
  };
  const pump = () => {
    if (finished) return;
    // Every part that has arrived goes in one buffer: fewer joins, and nothing waits for a later part.
    const arrived = download.parts.slice(fed);
    fed = download.parts.length;
    const joined = arrived.map((part) => samples.push(part));
    const length = joined.reduce((sum, part) => sum + part.length, 0);
    if (length > 0) {
      const part = new Float32Array(length);
      let at = 0;
      for (const piece of joined) {
        part.set(piece, at);
        at += piece.length;
      }
      try {
        schedule(part);
      } catch {
        return finish(started ? "ended" : "failed");
      }
    }
    endIfDone();
  };
  const stopListening = download.onProgress(pump);
  pump();
  return { done, stop: () => finish("stopped") };
}
