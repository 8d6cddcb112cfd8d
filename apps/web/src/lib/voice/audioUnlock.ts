/**
 * The interview's one audio element and AudioContext, and their unlocking inside a tap (issue 24:
 * WebKit lets an audible `play()` start only from a tap, but an element once played inside a tap
 * may play again later). Small and loaded with the page, so Start's tap unlocks sound before the
 * rest of the voice code (player.ts, loaded when voice is used) has arrived.
 */

/** 50 ms of silence (8 kHz, 8-bit mono WAV): what the tap plays to unlock the element. */
export const SILENT_CLIP = (() => {
  const samples = 400;
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples, true);
  ascii(8, "WAVEfmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 8000, true);
  view.setUint32(28, 8000, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  ascii(36, "data");
  view.setUint32(40, samples, true);
  bytes.fill(128, 44); // 8-bit silence
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:audio/wav;base64,${btoa(binary)}`;
})();

let sharedAudio: HTMLAudioElement | null = null;
let sharedContext: AudioContext | null = null;

/** The interview's one audio element, reused for every sentence. */
export function audioElement(): HTMLAudioElement {
  if (!sharedAudio) {
    sharedAudio = new Audio();
    sharedAudio.preload = "auto";
    // ManagedMediaSource plays only with remote playback off (or an AirPlay alternative).
    sharedAudio.disableRemotePlayback = true;
  }
  return sharedAudio;
}

/** The interview's AudioContext (the microphone's level meter uses it), made on first use. */
export function audioContext(): AudioContext | undefined {
  if (!sharedContext) {
    const Context =
      globalThis.AudioContext ??
      (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return undefined;
    sharedContext = new Context();
  }
  return sharedContext;
}

/**
 * The interview's AudioContext if a tap has unlocked it and it is running now (never makes one):
 * speech can then be played on it as raw PCM (pcm.ts).
 */
export function runningAudioContext(): AudioContext | undefined {
  return sharedContext?.state === "running" ? sharedContext : undefined;
}

/**
 * Unlocks playback; must run synchronously inside the participant's tap. The element plays a
 * moment of silence (unless a sentence is `playing` on it), the AudioContext resumes and starts a
 * silent buffer, and (when the browser's voice may be used) speechSynthesis says an empty
 * utterance, which is what iOS asks before it speaks later.
 */
export function unlockAudio({
  primeBrowserVoice,
  playing,
}: {
  primeBrowserVoice: boolean;
  playing: boolean;
}) {
  const element = audioElement();
  if (!playing) {
    element.src = SILENT_CLIP;
    void element.play().catch(() => {});
  }
  const context = audioContext();
  if (context) {
    if (context.state !== "running") void context.resume().catch(() => {});
    try {
      const silence = context.createBufferSource();
      silence.buffer = context.createBuffer(1, 1, context.sampleRate);
      silence.connect(context.destination);
      silence.start(0);
    } catch {
      // A context that cannot start a source has nothing to unlock.
    }
  }
  const synth = globalThis.speechSynthesis;
  if (primeBrowserVoice && synth && typeof SpeechSynthesisUtterance !== "undefined") {
    const prime = new SpeechSynthesisUtterance("");
    prime.volume = 0;
    try {
      synth.speak(prime);
    } catch {
      // Nothing to prime.
    }
  }
}
