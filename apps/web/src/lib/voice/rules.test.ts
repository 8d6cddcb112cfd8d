import { describe, expect, it } from "vitest";
import {
  audioDataChars,
  judgeRecording,
  messagePreview,
  microphoneFailure,
  readTranscription,
} from "./rules";

describe("judgeRecording", () => {
  it("counts audio under 100 characters of base64 data as no speech, measured in characters not bytes", () => {
    expect(audioDataChars(72)).toBe(96);
    expect(audioDataChars(75)).toBe(100);
    expect(judgeRecording({ bytes: 72, speechMs: 3000 })).toBe("no-speech");
    // 80 bytes is under 100 bytes but 108 characters of data: not caught by the size rule.
    expect(judgeRecording({ bytes: 80, speechMs: 3000 })).toBe("speech");
  });

  it("checks the size first, then the minimum speech of 1000 ms, instead of dropping short sounds", () => {
    expect(judgeRecording({ bytes: 0, speechMs: 5000 })).toBe("no-speech");
    expect(judgeRecording({ bytes: 20_000, speechMs: 400 })).toBe("no-speech");
    expect(judgeRecording({ bytes: 20_000, speechMs: 1000 })).toBe("speech");
  });

  it("takes a short piece as the rest of an answer left open, but not a click", () => {
    // "…by hand and" is held; "two hours." measured 800 ms at the 100 ms ticks.
    expect(judgeRecording({ bytes: 20_000, speechMs: 800 })).toBe("no-speech");
    expect(judgeRecording({ bytes: 20_000, speechMs: 800, continuing: true })).toBe("speech");
    expect(judgeRecording({ bytes: 20_000, speechMs: 100, continuing: true })).toBe("no-speech");
    expect(judgeRecording({ bytes: 50, speechMs: 3000, continuing: true })).toBe("no-speech");
  });
});

describe("readTranscription", () => {
  it("offers text only for a 503 that says an API key is missing or the service is not configured", () => {
    expect(
      readTranscription(503, { message: "The speech recognition service requires an API key." }),
    ).toEqual({
      kind: "unavailable",
    });
    expect(readTranscription(503, { message: "Transcription is not configured" })).toEqual({
      kind: "unavailable",
    });
  });

  it("treats a busy service, other failures and unreadable answers as an audio processing error", () => {
    expect(readTranscription(429, { message: "The speech service is busy. Please try again." })).toEqual({
      kind: "retry",
    });
    // An API key mentioned on a status other than 503 is still worth another try.
    expect(readTranscription(500, { message: "requires an API key" })).toEqual({ kind: "retry" });
    expect(readTranscription(503, { message: "The speech service is busy. Please try again." })).toEqual({
      kind: "retry",
    });
    expect(readTranscription(502, null)).toEqual({ kind: "retry" });
  });

  it("treats a transcription that speaks of an API key as the service being unavailable", () => {
    expect(readTranscription(200, { text: "Error: an API key is required" })).toEqual({
      kind: "unavailable",
    });
  });

  it("restarts quietly on too short, punctuation-only or error transcriptions, and trims good ones", () => {
    expect(readTranscription(200, { text: " ok " })).toEqual({ kind: "invalid" });
    expect(readTranscription(200, { text: "...?" })).toEqual({ kind: "invalid" });
    expect(readTranscription(200, { text: "Upload failed" })).toEqual({ kind: "invalid" });
    expect(readTranscription(200, {})).toEqual({ kind: "invalid" });
    expect(readTranscription(200, { text: "  We plan every route by hand. " })).toEqual({
      kind: "text",
      text: "We plan every route by hand.",
    });
  });
});

describe("microphoneFailure", () => {
  it("tells a refused permission and a missing microphone from other microphone failures", () => {
    expect(microphoneFailure(new DOMException("Permission denied", "NotAllowedError"))).toBe("denied");
    expect(microphoneFailure(new DOMException("Insecure", "SecurityError"))).toBe("denied");
    expect(microphoneFailure(new DOMException("No device", "NotFoundError"))).toBe("missing");
    expect(microphoneFailure(new DOMException("No such device", "OverconstrainedError"))).toBe("missing");
    expect(microphoneFailure(new DOMException("Busy", "NotReadableError"))).toBe("failed");
    expect(microphoneFailure(new Error("Media devices are not supported"))).toBe("failed");
    expect(microphoneFailure(undefined)).toBe("failed");
  });
});

describe("messagePreview", () => {
  it("previews the first 50 characters of what was said", () => {
    const said = "We plan every route by hand each morning and it takes two hours.";
    expect(messagePreview(said)).toBe("We plan every route by hand each morning and it ta...");
    expect(messagePreview(said).length).toBe(53);
    expect(messagePreview("  Short answer. ")).toBe("Short answer.");
    expect(messagePreview("x".repeat(50))).toBe("x".repeat(50));
  });
});
