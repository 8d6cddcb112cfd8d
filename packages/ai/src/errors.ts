/** An AI call that cannot be served, with the HTTP status the API answers and a message people read. */
export class AiError extends Error {
  constructor(
    readonly status: 400 | 403 | 413 | 415 | 429 | 502 | 503 | 504,
    message: string,
    readonly upgradeRequired = false,
    /** Set when a limit refused the call before it was made (the API words it for participants). */
    readonly limit?: "canceled" | "call-limit" | "budget" | "interview-limit",
  ) {
    super(message);
    this.name = "AiError";
  }
}

export const SPEECH_UNAVAILABLE = "The speech recognition service requires an API key.";
export const TTS_UNAVAILABLE = "Text-to-speech requires an API key; the browser's own voice is used instead.";
