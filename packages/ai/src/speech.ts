/**
 * Pure rules shared by the server and the browser: what text-to-speech may say (spec 1 §5) and
 * which transcriptions count (spec 2 §5).
 */

export const REPEAT_IN_ENGLISH = "I'm sorry, could you please repeat that in English?";

/** Strips markup, braces and code from text to be spoken; mostly non-ASCII text asks for English. */
export function sanitizeForSpeech(text: string): string {
  const nonAscii = [...text].filter((ch) => ch.charCodeAt(0) > 127).length;
  if (text.length > 0 && nonAscii / [...text].length > 0.3) return REPEAT_IN_ENGLISH;
  return text
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/`[^`]*`/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]*>/g, " ")
    .replace(/\{[^{}]*\}/g, " ")
    .replace(/[{}[\]<>]/g, " ")
    .replace(/#+/g, " ")
    .replace(/(\*\*|__|\*|_|~~)/g, "")
    .replace(/^\s*[-+*]\s+/gm, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Wording that means the transcription service itself is not available (spec 2 §5: about an API key
 * or about failure). Failure wording must be about the service ("transcription failed", "failed to
 * transcribe"), so a participant who says a project failed is not sent to text mode.
 */
const UNAVAILABLE =
  /(api key|apikey|not configured|unavailable|requires an? .*key|(transcription|recognition|speech service|speech-to-text|service) (has )?failed|failed to (transcribe|process (the )?audio)|service failure)/i;

export function isServiceUnavailableText(text: string): boolean {
  return UNAVAILABLE.test(text);
}

/** Valid: more than 2 characters once trimmed, not only punctuation, no 'Error' or 'failed'. */
export function isValidTranscription(text: string | null | undefined): boolean {
  const trimmed = (text ?? "").trim();
  if (trimmed.length <= 2) return false;
  if (/^[\p{P}\p{S}\s]+$/u.test(trimmed)) return false;
  if (trimmed.includes("Error") || trimmed.includes("failed")) return false;
  return true;
}

/** Spec 2 §5, §9: voice audio under 100 characters of data (base64, as it travels) is no speech. */
export const MIN_AUDIO_DATA_CHARS = 100;

/** Whether recorded audio of this many bytes reaches 100 characters of base64 data. */
export function hasSpeechData(byteLength: number): boolean {
  return Math.ceil(byteLength / 3) * 4 >= MIN_AUDIO_DATA_CHARS;
}
