/**
 * The browser's own speech recognition (Web Speech API: `SpeechRecognition`, or
 * `webkitSpeechRecognition` in Chrome, Edge and Safari), used when the server has no speech service.
 * One start() hears one utterance; its text, or why nothing was heard, goes to the callbacks.
 */
import { recognitionClass } from "./capabilities";

interface RecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult:
    | ((event: { results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal?: boolean }> }) => void)
    | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  onspeechend: (() => void) | null;
  start(): void;
  abort(): void;
}
type RecognitionConstructor = new () => RecognitionLike;

/**
 * Why the browser heard nothing usable: nothing said (listen again), the microphone refused, or
 * recognition itself unavailable (no network for a cloud recognizer, not allowed, no language).
 */
export type RecognitionFailure = "no-speech" | "denied" | "microphone" | "unavailable";

const FAILURES: Record<string, RecognitionFailure> = {
  "no-speech": "no-speech",
  "not-allowed": "denied",
  "audio-capture": "microphone",
  "service-not-allowed": "unavailable",
  network: "unavailable",
  "language-not-supported": "unavailable",
  "bad-grammar": "unavailable",
};

export class BrowserRecognizer {
  #active: RecognitionLike | null = null;
  onText: (text: string) => void = () => {};
  onFailure: (failure: RecognitionFailure) => void = () => {};
  /** The speaker stopped talking: the moment the utterance ended (the recorder's stop, here). */
  onSpeechEnd: () => void = () => {};

  get listening() {
    return this.#active !== null;
  }

  start() {
    if (this.#active) return;
    const Recognition = recognitionClass<RecognitionConstructor>();
    if (!Recognition) return this.onFailure("unavailable");
    const recognition = new Recognition();
    recognition.lang = navigator.language || "en-US";
    recognition.continuous = false;
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    let settled = false;
    const settle = (report: () => void) => {
      if (settled) return;
      settled = true;
      if (this.#active === recognition) this.#active = null;
      report();
    };
    recognition.onspeechend = () => this.onSpeechEnd();
    recognition.onresult = (event) => {
      const text = Array.from(event.results)
        .map((result) => result[0]?.transcript ?? "")
        .join(" ")
        .trim();
      settle(() => this.onText(text));
    };
    recognition.onerror = (event) => {
      if (event.error === "aborted") return settle(() => {});
      settle(() => this.onFailure(FAILURES[event.error] ?? "no-speech"));
    };
    // Ended without a result or an error: nothing was said.
    recognition.onend = () => settle(() => this.onFailure("no-speech"));
    this.#active = recognition;
    try {
      recognition.start();
    } catch {
      settle(() => this.onFailure("unavailable"));
    }
  }

  /** Stops listening; whatever was being heard is dropped. */
  stop() {
    const recognition = this.#active;
    this.#active = null;
    if (!recognition) return;
    recognition.onresult = null;
    recognition.onerror = null;
    recognition.onend = null;
    recognition.onspeechend = null;
    try {
      recognition.abort();
    } catch {
      // already stopped
    }
  }
}
