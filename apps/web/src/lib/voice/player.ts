/**
 * Speech playback that iOS allows (issue 24). WebKit lets an audible `play()` start only from a tap,
 * but an element once played inside a tap may play again later. So the interview has one audio
 * element and one AudioContext, unlocked synchronously inside the Start and Resume taps and reused
 * for every sentence; a fresh `new Audio()` after a network wait is refused (NotAllowedError).
 */

import { audioContext, audioElement, SILENT_CLIP, unlockAudio } from "./audioUnlock";
import { playPcm } from "./pcm";
import {
  mediaSourceClass,
  type SpeechDownload,
  type SpeechSource,
  streamInto,
  streamingPath,
} from "./streaming";

export { SILENT_CLIP };

/**
 * How playing one sentence ended: to its end, not at all (undecodable, never started), refused by
 * the browser's autoplay rule, or stopped by the page.
 */
export type PlayOutcome = "ended" | "failed" | "refused" | "stopped";

/** A sentence that has not begun to play after this long is given up (the browser's voice may say it). */
const START_TIMEOUT_MS = 8000;

/**
 * The interview's one audio element and AudioContext (audioUnlock.ts), unlocked inside a tap;
 * `play()` then works from any later task on the browsers with iOS's rule.
 */
class SpeechPlayer {
  #stopCurrent: (() => void) | null = null;

  get element(): HTMLAudioElement {
    return audioElement();
  }

  /** The interview's AudioContext (the microphone's level meter uses it), made on first use. */
  get context(): AudioContext | undefined {
    return audioContext();
  }

  /** Unlocks playback inside the participant's tap (see unlockAudio); a sentence playing plays on. */
  unlock({ primeBrowserVoice }: { primeBrowserVoice: boolean }) {
    unlockAudio({ primeBrowserVoice, playing: this.#stopCurrent !== null });
  }

  /**
   * Plays one sentence to its end, PCM on the AudioContext and the rest on the element; `onPlaying`
   * when its first sound starts.
   */
  play(source: SpeechSource, onPlaying: () => void): Promise<PlayOutcome> {
    this.stop();
    if ("pcm" in source) return this.#playPcm(source.pcm, onPlaying);
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

  #playPcm(download: SpeechDownload, onPlaying: () => void): Promise<PlayOutcome> {
    // Suspended since the speech was asked for (an iPhone's call): nothing would sound or end.
    const context = this.context;
    if (context?.state !== "running") return Promise.resolve("failed");
    let playing = false;
    let gaveUp = false;
    const { done, stop } = playPcm(context, download, () => {
      playing = true;
      onPlaying();
    });
    const timer = setTimeout(() => {
      if (playing) return;
      gaveUp = true;
      stop();
    }, START_TIMEOUT_MS);
    this.#stopCurrent = stop;
    return done.then((outcome) => {
      clearTimeout(timer);
      if (this.#stopCurrent === stop) this.#stopCurrent = null;
      // Given up before a sound: the caller tries another way, as when the element fails.
      return gaveUp ? "failed" : outcome;
    });
  }

  /** Stops the sentence being played, if any. */
  stop() {
    this.#stopCurrent?.();
  }
}

export const speechPlayer = new SpeechPlayer();
