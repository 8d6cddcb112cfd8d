import type { SpeakerEngine } from "./speechQueue";
import type { ListenerEngine } from "./voiceMachine";

/** What the interview's server can do with speech (participant.open's `voice`). */
export interface ServerVoice {
  transcribe: boolean;
  speak: boolean;
}

type RecognitionConstructor = new () => unknown;

/** The browser's own speech recognition class, if it has one (SpeechRecognition, or webkit's). */
export function recognitionClass<T = RecognitionConstructor>(): T | undefined {
  const scope = globalThis as { SpeechRecognition?: T; webkitSpeechRecognition?: T };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

/** Whether this browser can listen by itself. */
export const browserCanRecognize = () => recognitionClass() !== undefined;

/** Whether the browser has a voice to speak with (Firefox and headless Chromium often have none). */
export const browserHasVoices = () => (globalThis.speechSynthesis?.getVoices().length ?? 0) > 0;

/** What this browser can do with speech, read before the participant starts. */
export interface BrowserVoice {
  /** Its own speech recognition (SpeechRecognition, webkitSpeechRecognition). */
  recognition: boolean;
  /** A microphone recording it can send to the server (getUserMedia and MediaRecorder). */
  recording: boolean;
  /** Plays the server's speech (MP3) in an audio element. */
  playback: boolean;
  /** speechSynthesis has at least one voice. */
  voices: boolean;
}

/**
 * Who listens and who speaks in a voice interview here, decided before it starts (issue 24):
 * recordings go to the server's transcription where it has one, else the browser's recognizer; the
 * server's voice plays where it has one and audio plays, else the browser's own voice. Null: nobody
 * can (voice is not offered when nobody listens; questions are shown when nobody speaks).
 */
export interface VoicePlan {
  listener: ListenerEngine | null;
  speaker: SpeakerEngine | null;
  /** Why nobody can listen: no speech service and no recognizer, or a service but no recorder. */
  cannotListen: "no-service" | "no-recorder" | null;
}

export function planVoice(server: ServerVoice, browser: BrowserVoice): VoicePlan {
  const listener: ListenerEngine | null =
    server.transcribe && browser.recording ? "server" : browser.recognition ? "browser" : null;
  const speaker: SpeakerEngine | null =
    server.speak && browser.playback ? "server" : browser.voices ? "browser" : null;
  const cannotListen = listener ? null : server.transcribe ? "no-recorder" : "no-service";
  return { listener, speaker, cannotListen };
}
