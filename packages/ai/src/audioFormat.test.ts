import { describe, expect, it } from "vitest";
import { audioExtension, audioFileName, isTranscribableType } from "./audioFormat";

describe("audioFileName", () => {
  it.each([
    ["audio/webm;codecs=opus", "speech.webm"], // Chromium, Firefox, Safari 18.4+
    ["audio/webm", "speech.webm"],
    ["video/webm", "speech.webm"],
    ["audio/mp4", "speech.mp4"], // Safari before 18.4
    ["audio/mp4;codecs=mp4a.40.2", "speech.mp4"],
    ["video/mp4", "speech.mp4"],
    ["audio/x-m4a", "speech.m4a"],
    ["audio/m4a", "speech.m4a"],
    ["audio/aac", "speech.m4a"], // OpenAI takes no .aac
    ["audio/x-aac", "speech.m4a"],
    ["audio/ogg;codecs=opus", "speech.ogg"], // older Firefox
    ["audio/ogg", "speech.ogg"],
    ["audio/opus", "speech.ogg"],
    ["audio/wav", "speech.wav"],
    ["audio/x-wav", "speech.wav"],
    ["audio/mpeg", "speech.mp3"],
    ["audio/flac", "speech.flac"],
    ["Audio/MP4", "speech.mp4"],
  ])("names a %s recording %s, an extension the transcription service accepts", (type, name) => {
    expect(audioFileName(type)).toBe(name);
  });

  it("keeps today's name for a type it does not know", () => {
    expect(audioExtension("")).toBe("webm");
    expect(audioExtension("audio/something-new")).toBe("webm");
  });
});

describe("isTranscribableType", () => {
  it("takes any audio and WebM or MP4 recordings, and nothing else", () => {
    for (const type of ["audio/webm;codecs=opus", "audio/mp4", "audio/x-m4a", "audio/aac", "audio/ogg"])
      expect(isTranscribableType(type)).toBe(true);
    expect(isTranscribableType("video/webm")).toBe(true);
    expect(isTranscribableType("video/mp4")).toBe(true);
    expect(isTranscribableType("image/png")).toBe(false);
    expect(isTranscribableType("video/quicktime")).toBe(false);
    expect(isTranscribableType("text/plain")).toBe(false);
  });
});
