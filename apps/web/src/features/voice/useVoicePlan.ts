import { useMemo, useSyncExternalStore } from "react";
import {
  type BrowserVoice,
  browserCanRecognize,
  browserHasVoices,
  planVoice,
  type ServerVoice,
  type VoicePlan,
} from "./capabilities";

/** What this browser can do with speech now (voices may still be loading: see useVoicePlan). */
export function readBrowserVoice(): BrowserVoice {
  const media = globalThis.navigator?.mediaDevices;
  return {
    recognition: browserCanRecognize(),
    recording: typeof MediaRecorder !== "undefined" && typeof media?.getUserMedia === "function",
    playback: typeof Audio !== "undefined" && new Audio().canPlayType("audio/mpeg") !== "",
    voices: browserHasVoices(),
  };
}

/** Browsers load their voices after the page (Chrome says so with `voiceschanged`). */
function subscribeToVoices(onChange: () => void) {
  const synth = globalThis.speechSynthesis;
  if (typeof synth?.addEventListener !== "function") return () => {};
  synth.addEventListener("voiceschanged", onChange);
  return () => synth.removeEventListener("voiceschanged", onChange);
}

/** The voice plan for this interview's server and this browser, kept current as voices load. */
export function useVoicePlan(server: ServerVoice | undefined): VoicePlan {
  const voices = useSyncExternalStore(subscribeToVoices, browserHasVoices, () => false);
  const transcribe = server?.transcribe ?? false;
  const speak = server?.speak ?? false;
  return useMemo(
    () => planVoice({ transcribe, speak }, { ...readBrowserVoice(), voices }),
    [transcribe, speak, voices],
  );
}
