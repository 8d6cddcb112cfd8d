/** The voice loop's messages, spelled as spec 2 §5 and §8 spell them. */
export const SPEECH_UNAVAILABLE_TOAST = {
  title: "Speech Recognition Unavailable",
  description:
    "The speech recognition service requires an API key. Would you like to continue with text input instead?",
  variant: "destructive",
  duration: 6000,
} as const;
export const AUDIO_PROCESSING_TOAST = {
  title: "Audio Processing Error",
  description: "There was an issue processing your audio. Please try speaking again.",
  variant: "destructive",
} as const;
export const SPEECH_PROCESSING_TOAST = {
  title: "Speech Processing Issue",
  description: "I had trouble understanding that. Could you try again?",
  variant: "destructive",
} as const;
export const NO_SPEECH_TOAST = {
  title: "No speech detected",
  description: "I didn't hear anything. Please try speaking again.",
  duration: 3000, // short: listening is already back after about 1 s
} as const;
export const MICROPHONE_TOASTS = {
  denied: {
    title: "Microphone Access Error",
    description: "Please check your microphone permissions and try again.",
    variant: "destructive",
  },
  failed: {
    title: "Voice Recognition Failed",
    description: "Could not access microphone. Please check permissions and try again.",
    variant: "destructive",
  },
  /** No microphone at all: the spec's words, then that typing works (the page is in text already). */
  missing: {
    title: "Voice Recognition Failed",
    description:
      "Could not access microphone. Please check permissions and try again. No microphone was found on this device, so the interview continues in text: type your answers below.",
    variant: "destructive",
    duration: 6000,
  },
} as const;

/** Why voice cannot listen here (capabilities.ts), said on the welcome and when switching to voice. */
export const CANNOT_LISTEN_TITLE = "Voice can't listen in this browser";
export const CANNOT_LISTEN_REASONS = {
  "no-service":
    "This browser has no speech recognition of its own, and this interview's speech service is not available, so nothing here could hear your answers. Start Text Interview to answer by typing.",
  "no-recorder":
    "This browser cannot record from a microphone here, and it has no speech recognition of its own. Start Text Interview to answer by typing.",
} as const;
/** The browser has no voice and the server none it can play: questions are shown, not spoken. */
export const CANNOT_SPEAK_TEXT =
  "The interviewer can't speak aloud in this browser: each question is shown on screen. Read the question, then answer aloud.";
export const READ_THE_QUESTION = "Read the question, then answer aloud";
export const SOUND_BLOCKED_TEXT =
  "Your browser did not let the interviewer play sound, so the question is shown above.";
