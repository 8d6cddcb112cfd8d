/** Preferred voices when the browser speaks (spec 1 §9). */
export const PREFERRED_VOICES = ["Google US English", "Microsoft David", "Alex", "Samantha"];
/** Speech that has not started after this long never will (refused, or no voice to say it). */
const START_TIMEOUT_MS = 3000;
/** Once started, the browser may never say it finished (a Chrome bug): stop waiting after this. */
const SPEECH_TIMEOUT_PER_CHAR_MS = 90;
const SPEECH_TIMEOUT_MIN_MS = 2500;

function pickVoice(): SpeechSynthesisVoice | undefined {
  const voices = globalThis.speechSynthesis?.getVoices() ?? [];
  for (const name of PREFERRED_VOICES) {
    const voice = voices.find((v) => v.name.includes(name));
    if (voice) return voice;
  }
  return voices.find((v) => v.lang.startsWith("en"));
}

/**
 * The browser's own speech synthesis. `onStart` is called when the sound really starts; the answer
 * says whether anything was said ("failed": refused, no voice, or never started within 3 s).
 */
export function speakWithBrowser(text: string, onStart: () => void = () => {}): Promise<"spoken" | "failed"> {
  return new Promise((resolve) => {
    const synth = globalThis.speechSynthesis;
    if (!synth || typeof SpeechSynthesisUtterance === "undefined") return resolve("failed");
    const utterance = new SpeechSynthesisUtterance(text);
    const voice = pickVoice();
    if (voice) utterance.voice = voice;
    let started = false;
    let timer = setTimeout(() => {
      synth.cancel(); // so it does not start later, over the next sentence
      done();
    }, START_TIMEOUT_MS);
    function done() {
      clearTimeout(timer);
      utterance.onstart = null;
      utterance.onend = null;
      utterance.onerror = null;
      resolve(started ? "spoken" : "failed");
    }
    utterance.onstart = () => {
      started = true;
      onStart();
      clearTimeout(timer);
      timer = setTimeout(done, Math.max(SPEECH_TIMEOUT_MIN_MS, text.length * SPEECH_TIMEOUT_PER_CHAR_MS));
    };
    utterance.onend = done;
    utterance.onerror = done;
    try {
      synth.cancel();
      synth.speak(utterance);
    } catch {
      done();
    }
  });
}

/** How the server sends speech: MP3 for the audio element, raw PCM for the AudioContext (pcm.ts). */
export type SpeechFormat = "mp3" | "pcm";

/**
 * Asks the server to synthesize speech (/api/ai/tts). No Authorization header (spec 1 §7): the
 * participant is known by the share-link grant cookie and the interview id, an owner previewing by
 * the session cookie.
 */
export function requestSpeech(
  clean: string,
  interviewId: number,
  signal?: AbortSignal,
  format: SpeechFormat = "mp3",
): Promise<Response> {
  return fetch("/api/ai/tts", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text: clean, interviewId, format }),
    signal,
  });
}
