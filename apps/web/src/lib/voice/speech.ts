import { sanitizeForSpeech } from "@parley/ai/speech";

/** Preferred voices when the browser speaks (spec 1 §9). */
export const PREFERRED_VOICES = ["Google US English", "Microsoft David", "Alex", "Samantha"];
/** The browser may never say it finished (headless Chromium has no voices): stop waiting after this. */
const SPEECH_TIMEOUT_PER_CHAR_MS = 90;
const SPEECH_TIMEOUT_MIN_MS = 2500;

const cache = new Map<string, string>();

function pickVoice(): SpeechSynthesisVoice | undefined {
  const voices = window.speechSynthesis?.getVoices() ?? [];
  for (const name of PREFERRED_VOICES) {
    const voice = voices.find((v) => v.name.includes(name));
    if (voice) return voice;
  }
  return voices.find((v) => v.lang.startsWith("en"));
}

/** The browser's own speech synthesis; resolves when done, on error, or after a time-out. */
export function speakWithBrowser(text: string): Promise<void> {
  return new Promise((resolve) => {
    const synth = window.speechSynthesis;
    if (!synth || typeof SpeechSynthesisUtterance === "undefined") return resolve();
    const utterance = new SpeechSynthesisUtterance(text);
    const voice = pickVoice();
    if (voice) utterance.voice = voice;
    const timer = setTimeout(done, Math.max(SPEECH_TIMEOUT_MIN_MS, text.length * SPEECH_TIMEOUT_PER_CHAR_MS));
    function done() {
      clearTimeout(timer);
      resolve();
    }
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

let current: { audio: HTMLAudioElement; finish: () => void } | null = null;
/** Bumped by stopSpeaking(), so speech still being fetched is not played afterwards. */
let stops = 0;

/** Stops whatever is being said; a pending speak() then resolves at once. */
export function stopSpeaking() {
  stops += 1;
  const playing = current;
  current = null;
  playing?.audio.pause();
  playing?.finish();
  window.speechSynthesis?.cancel();
}

/**
 * Asks the server to synthesize speech (/api/ai/tts). No Authorization header (spec 1 §7): the
 * participant is known by the share-link grant cookie and the interview id, an owner previewing by
 * the session cookie.
 */
export function requestSpeech(clean: string, interviewId: number, signal?: AbortSignal): Promise<Response> {
  return fetch("/api/ai/tts", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text: clean, interviewId }),
    signal,
  });
}

/**
 * Says the text: synthesized by the server (cached per text), or by the browser when the server
 * cannot (spec 1 §8). Markup, braces and code are never read aloud.
 */
export async function speak(text: string, interviewId: number): Promise<void> {
  const clean = sanitizeForSpeech(text);
  if (!clean) return;
  const stopsAtStart = stops;
  const stoppedMeanwhile = () => stops !== stopsAtStart;
  let url = cache.get(clean);
  if (!url) {
    try {
      const res = await requestSpeech(clean, interviewId);
      if (!res.ok) throw new Error(String(res.status));
      url = URL.createObjectURL(await res.blob());
      cache.set(clean, url);
    } catch {
      return stoppedMeanwhile() ? undefined : speakWithBrowser(clean);
    }
  }
  if (stoppedMeanwhile()) return;
  const audio = new Audio(url);
  await new Promise<void>((resolve) => {
    current = { audio, finish: resolve };
    let fellBack = false; // an error event and a refused play() may both report one failure
    const fallBack = () => {
      if (fellBack) return;
      fellBack = true;
      if (stoppedMeanwhile()) resolve();
      else void speakWithBrowser(clean).then(resolve);
    };
    audio.onended = () => resolve();
    audio.onerror = fallBack;
    audio.play().catch(fallBack);
  });
  if (current?.audio === audio) current = null;
}
