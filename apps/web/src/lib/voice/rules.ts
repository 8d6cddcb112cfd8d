import { isServiceUnavailableText, isValidTranscription } from "@parley/ai/speech";
import { VOICE } from "./capture";

/**
 * Characters of base64 data a recording of this many bytes makes. Spec 2 §5 measures audio in
 * "characters of data" (the recording as base64), not in bytes: 100 characters is 73 bytes or fewer.
 */
export function audioDataChars(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

/**
 * The shortest sound taken as the rest of an answer the participant left open ("…by hand and"):
 * what finishes it is often a word or two ("two hours.", measured 0.8–1.0 s on espeak-ng at the
 * capture's 100 ms ticks), below the minimum for a new answer. A cough or a click stays under it.
 */
export const MIN_CONTINUATION_MS = 400;

/**
 * What a finished recording is, checked in the spec's order: under 100 characters of data is no
 * speech (spec 2 §5); so is a sound shorter than the minimum speech of 1000 ms (spec 1 §9), which
 * capture hands on rather than dropping, so the participant hears that nothing was taken. While words
 * of an unfinished answer are held (`continuing`), a shorter sound is the rest of it (issue 24).
 */
export function judgeRecording({
  bytes,
  speechMs,
  continuing = false,
}: {
  bytes: number;
  speechMs: number;
  continuing?: boolean;
}): "no-speech" | "speech" {
  if (audioDataChars(bytes) < VOICE.minAudioChars) return "no-speech";
  if (speechMs < (continuing ? MIN_CONTINUATION_MS : VOICE.minSpeechMs)) return "no-speech";
  return "speech";
}

export type TranscriptionOutcome =
  /** No transcription service (no API key): offer text. */
  | { kind: "unavailable" }
  /** The service answered with an error (busy, failed): 'Audio Processing Error', listen again. */
  | { kind: "retry" }
  /** Nothing usable was heard: listen again quietly. */
  | { kind: "invalid" }
  | { kind: "text"; text: string };

/**
 * Reads POST /api/ai/transcribe's answer (spec 2 §5, §8). Only a 503 whose message speaks of an API
 * key, of a service that is not configured or unavailable means there is no speech recognition; a busy
 * service (429) or any other failure is an audio processing error worth another try.
 */
export function readTranscription(
  status: number,
  body: { text?: unknown; message?: unknown } | null | undefined,
): TranscriptionOutcome {
  const ok = status >= 200 && status < 300;
  if (!ok) {
    const message = typeof body?.message === "string" ? body.message : "";
    return status === 503 && isServiceUnavailableText(message) ? { kind: "unavailable" } : { kind: "retry" };
  }
  const text = typeof body?.text === "string" ? body.text : "";
  if (isServiceUnavailableText(text)) return { kind: "unavailable" };
  if (!isValidTranscription(text)) return { kind: "invalid" };
  return { kind: "text", text: text.trim() };
}

/**
 * Why the microphone could not be opened: the participant (or the browser) refused permission, there
 * is no microphone at all, or anything else (device busy, no media support in this browser).
 */
export function microphoneFailure(error: unknown): "denied" | "missing" | "failed" {
  const name = String((error as { name?: unknown } | null)?.name);
  if (["NotAllowedError", "PermissionDeniedError", "SecurityError"].includes(name)) return "denied";
  if (["NotFoundError", "DevicesNotFoundError", "OverconstrainedError"].includes(name)) return "missing";
  return "failed";
}

/** The toast preview of what the participant said (spec 2 §9: 50 characters). */
export const PREVIEW_CHARS = 50;

export function messagePreview(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > PREVIEW_CHARS ? `${trimmed.slice(0, PREVIEW_CHARS)}...` : trimmed;
}
