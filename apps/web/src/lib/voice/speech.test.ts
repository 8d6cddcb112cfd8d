import { afterEach, describe, expect, it, vi } from "vitest";
import { requestSpeech, speakWithBrowser } from "./speech";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("requestSpeech", () => {
  it("asks /api/ai/tts with cookies and the interview id but without the auth header (spec 1 §7)", async () => {
    const calls: Array<[string, RequestInit]> = [];
    vi.stubGlobal("localStorage", { getItem: () => "owner-token", setItem() {}, removeItem() {} });
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response("{}", { status: 503 });
    });
    await requestSpeech("Welcome to the interview.", 7);
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0] as [string, RequestInit];
    expect(url).toBe("/api/ai/tts");
    expect(init).toMatchObject({ method: "POST", credentials: "include" });
    expect(init.headers).toEqual({ "Content-Type": "application/json" });
    expect(JSON.parse(init.body as string)).toEqual({
      text: "Welcome to the interview.",
      interviewId: 7,
      format: "mp3",
    });
  });
});

/** A stand-in speechSynthesis: `behaviour` decides what happens to each utterance. */
function fakeSynthesis(behaviour: "speaks" | "errors" | "silent") {
  class Utterance {
    text: string;
    voice: unknown = null;
    onstart: (() => void) | null = null;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(text: string) {
      this.text = text;
    }
  }
  const synth = {
    getVoices: () => [],
    cancel: vi.fn(),
    speak(utterance: Utterance) {
      if (behaviour === "speaks") {
        queueMicrotask(() => utterance.onstart?.());
        setTimeout(() => utterance.onend?.(), 10);
      } else if (behaviour === "errors") {
        queueMicrotask(() => utterance.onerror?.()); // headless Chromium: no voice, 'synthesis-failed'
      }
    },
  };
  vi.stubGlobal("SpeechSynthesisUtterance", Utterance);
  vi.stubGlobal("speechSynthesis", synth);
  return synth;
}

describe("speakWithBrowser", () => {
  it("says the sentence and reports when its sound starts", async () => {
    fakeSynthesis("speaks");
    const onStart = vi.fn();
    await expect(speakWithBrowser("What is the hardest part of your day?", onStart)).resolves.toBe("spoken");
    expect(onStart).toHaveBeenCalledOnce();
  });

  it("fails at once, without a start, when the browser has no voice to say it", async () => {
    fakeSynthesis("errors");
    const onStart = vi.fn();
    await expect(speakWithBrowser("What is the hardest part of your day?", onStart)).resolves.toBe("failed");
    expect(onStart).not.toHaveBeenCalled();
  });

  it("gives up after 3 s when speech never starts, instead of a long fake 'speaking'", async () => {
    vi.useFakeTimers();
    const synth = fakeSynthesis("silent");
    const onStart = vi.fn();
    const said = speakWithBrowser("A long question ".repeat(30), onStart);
    await vi.advanceTimersByTimeAsync(3000);
    await expect(said).resolves.toBe("failed");
    expect(onStart).not.toHaveBeenCalled();
    expect(synth.cancel).toHaveBeenCalledTimes(2); // before speaking, and when giving up
  });

  it("fails when the browser has no speech synthesis at all", async () => {
    vi.stubGlobal("speechSynthesis", undefined);
    await expect(speakWithBrowser("Hello there.")).resolves.toBe("failed");
  });
});
