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
} as const;
