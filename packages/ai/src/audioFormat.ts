/**
 * Recorded speech as browsers make it and transcription services take it. Shared by the browser
 * (which container to record in, what to call the upload) and the server (what to call the file it
 * hands to the provider, which names the format by the file's extension).
 */

/**
 * What the browser records in, best first (`MediaRecorder.isTypeSupported` picks): WebM/Opus in
 * Chromium, Firefox and Safari 18.4+; MP4/AAC in earlier Safari (which has no WebM recorder); Ogg/Opus
 * in older Firefox.
 */
export const RECORDING_TYPES = [
  "audio/webm;codecs=opus",
  "audio/webm",
  "audio/mp4",
  "audio/ogg;codecs=opus",
  "audio/ogg",
] as const;

/**
 * The extensions OpenAI's transcription endpoint accepts (flac, mp3, mp4, mpeg, mpga, m4a, ogg, wav,
 * webm), by the media type the audio arrived with. AAC has no extension of its own there: an ADTS
 * stream or an MP4 audio file is sent as `.m4a`, which the service decodes by content.
 */
const EXTENSIONS: Array<[RegExp, string]> = [
  [/^(audio|video)\/webm\b/, "webm"],
  [/^audio\/(x-)?m4a\b/, "m4a"],
  [/^audio\/(x-)?aac\b/, "m4a"],
  [/^(audio|video)\/mp4\b/, "mp4"],
  [/^(audio|application)\/ogg\b|^audio\/opus\b/, "ogg"],
  [/^audio\/(x-)?(wav|wave)\b|^audio\/vnd\.wave\b/, "wav"],
  [/^audio\/(mpeg|mp3)\b/, "mp3"],
  [/^audio\/(x-)?flac\b/, "flac"],
];

/** The file extension a transcription service should see for audio of this media type ("webm" if unknown). */
export function audioExtension(mimeType: string): string {
  const type = mimeType.trim().toLowerCase();
  return EXTENSIONS.find(([pattern]) => pattern.test(type))?.[1] ?? "webm";
}

/** "audio/mp4" → "speech.mp4": the name a recording is uploaded and forwarded under. */
export const audioFileName = (mimeType: string) => `speech.${audioExtension(mimeType)}`;

/** Whether audio of this media type may be sent for transcription (any audio, or a WebM/MP4 recording). */
export function isTranscribableType(mimeType: string): boolean {
  const type = mimeType.trim().toLowerCase();
  return type.startsWith("audio/") || /^video\/(webm|mp4)\b/.test(type);
}
