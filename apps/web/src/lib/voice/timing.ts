/**
 * The voice loop's timings, in a module of their own: the page reads them before the microphone and
 * speech code (capture.ts and the rest) has loaded, which happens only when voice is used.
 */

/** Speech capture constants (spec 1 §9, spec 2 §4–§5). */
export const VOICE = {
  threshold: 8,
  silenceMs: 2000,
  minSpeechMs: 1000,
  maxUtteranceMs: 24000,
  checkEveryMs: 100,
  chunkMs: 250,
  /** Recordings under this many characters of (base64) data hold no speech (spec 2 §5). */
  minAudioChars: 100,
  welcomeListenDelayMs: 200,
  replyListenDelayMs: 300,
  resumeDelayMs: 500,
  noSpeechRetryMs: 1000,
  errorRetryMs: 1500,
} as const;
