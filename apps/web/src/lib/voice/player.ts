/**
 * Speech playback that iOS allows (issue 24). WebKit lets an audible `play()` start only from a tap,
 * but an element once played inside a tap may play again later. So the interview has one audio
 * element and one AudioContext, unlocked synchronously inside the Start and Resume taps and reused
 * for every sentence; a fresh `new Audio()` after a network wait is refused (NotAllowedError).
 */

import { mediaSourceClass, type SpeechSource, streamInto, streamingPath } from "./streaming";

/**
 * How playing one sentence ended: to its end, not at all (undecodable, never started), refused by
 * the browser's autoplay rule, or stopped by the page.
 */
export type PlayOutcome = "ended" | "failed" | "refused" | "stopped";

/** A sentence that has not begun to play after this long is given up (the browser's voice may say it). */
const START_TIMEOUT_MS = 8000;

/** 50 ms of silence (8 kHz, 8-bit mono WAV): what the tap plays to unlock the element. */
export const SILENT_CLIP = (() => {
  const samples = 400;
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples, true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 8000, true);
  view.setUint32(28, 8000, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  ascii(36, "data");
  view.setUint32(40, samples, true);
  bytes.fill(128, 44); // 8-bit silence
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:audio/wav;base64,${btoa(binary)}`;
})();

/**
 * The interview's one audio element and AudioContext. `unlock()` must run synchronously inside a
 * tap; `play()` then works from any later task on the browsers with iOS's rule.
 */
class SpeechPlayer {
  #audio: HTMLAudioElement | null = null;
  #context: AudioContext | null = null;
  #stopCurrent: (() => void) | null = null;

  get element(): HTMLAudioElement {
    if (!this.#audio) {
      this.#audio = new Audio();
      this.#audio.preload = "auto";
      // ManagedMediaSource plays only with remote playback off (or an AirPlay alternative).
      this.#audio.disableRemotePlayback = true;
    }
    return this.#audio;
  }

  /** The interview's AudioContext (the microphone's level meter uses it), made on first use. */
  get context(): AudioContext | undefined {
    if (!this.#context) {
      const Context =
        globalThis.AudioContext ??
        (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      if (!Context) return undefined;
      this.#context = new Context();
    }
    return this.#context;
  }

  /**
   * Unlocks playback inside the participant's tap: the element plays a moment of silence, the
   * AudioContext resumes and starts a silent buffer, and (when the browser's voice may be used)
   * speechSynthesis says an empty utterance, which is what iOS asks before it speaks later.
   */
  unlock({ primeBrowserVoice }: { primeBrowserVoice: boolean }) {
    const audio = this.element;
    if (!this.#stopCurrent) {
      audio.src = SILENT_CLIP;
      void audio.play().catch(() => {});
    }
    const context = this.context;
    if (context) {
      if (context.state !== "running") void context.resume().catch(() => {});
      try {
        const silence = context.createBufferSource();
        silence.buffer = context.createBuffer(1, 1, context.sampleRate);
        silence.connect(context.destination);
        silence.start(0);
      } catch {
        // A context that cannot start a source has nothing to unlock.
      }
    }
    const synth = globalThis.speechSynthesis;
    if (primeBrowserVoice && synth && typeof SpeechSynthesisUtterance !== "undefined") {
      const prime = new SpeechSynthesisUtterance("");
      prime.volume = 0;
      try {
        synth.speak(prime);
      } catch {
        // Nothing to prime.
      }
    }
  }

  /** Plays one sentence on the element to its end; `onPlaying` when its first sound starts. */
  play(source: SpeechSource, onPlaying: () => void): Promise<PlayOutcome> {
    this.stop();
    const audio = this.element;
    return new Promise((resolve) => {
      let playing = false;
      let detach = () => {};
      const finish = (outcome: PlayOutcome) => {
        clearTimeout(timer);
        audio.removeEventListener("playing", markPlaying);
        audio.removeEventListener("ended", ended);
        audio.removeEventListener("error", failed);
        if (this.#stopCurrent === stop) this.#stopCurrent = null;
        detach();
        resolve(outcome);
      };
      // An event of the tap's moment of silence, still on its way when this sentence took over.
      const stale = () => audio.currentSrc === SILENT_CLIP;
      const markPlaying = () => {
        if (playing || stale()) return;
        playing = true;
        onPlaying();
      };
      const ended = () => {
        if (!stale()) finish("ended");
      };
      // Failing before a sound was made lets the caller try another way; after, the rest is skipped.
      const failed = () => {
        if (!stale()) finish(playing ? "ended" : "failed");
      };
      const stop = () => {
        audio.pause();
        finish("stopped");
      };
      const timer = setTimeout(() => {
        if (playing) return;
        audio.pause();
        finish("failed");
      }, START_TIMEOUT_MS);
      this.#stopCurrent = stop;
      audio.addEventListener("playing", markPlaying);
      audio.addEventListener("ended", ended);
      audio.addEventListener("error", failed);
      const Source = "download" in source ? mediaSourceClass(streamingPath()) : undefined;
      if ("url" in source) audio.src = source.url;
      else if (Source) detach = streamInto(audio, source.download, Source);
      else {
        finish("failed");
        return;
      }
      audio.play().catch((error: unknown) => {
        const name = (error as { name?: unknown } | null)?.name;
        if (name === "NotAllowedError") finish(playing ? "ended" : "refused");
        // AbortError: the page moved on (stopped, or the next source); the time-out covers the rest.
        else if (name !== "AbortError") finish(playing ? "ended" : "failed");
      });
    });
  }

  /** Stops the sentence being played, if any. */
  stop() {
    this.#stopCurrent?.();
  }
}

export const speechPlayer = new SpeechPlayer();
