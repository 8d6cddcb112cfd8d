import { describe, expect, it } from "vitest";
import {
  hasSpeechData,
  isServiceUnavailableText,
  isValidTranscription,
  REPEAT_IN_ENGLISH,
  sanitizeForSpeech,
} from "./speech";

describe("sanitizeForSpeech", () => {
  it("asks to repeat in English when more than 30% of the characters are non-ASCII", () => {
    expect(sanitizeForSpeech("Привет, как дела?")).toBe(REPEAT_IN_ENGLISH);
    expect(sanitizeForSpeech("Café au lait, s'il vous plaît")).not.toBe(REPEAT_IN_ENGLISH);
  });

  it("strips markup, braces and code so nothing odd is read aloud", () => {
    expect(sanitizeForSpeech('**Great** answer! <b>Next</b>: `npm i` {"a":1} ```js\nx()\n``` ## Done')).toBe(
      "Great answer! Next : Done",
    );
    expect(sanitizeForSpeech("- one\n- two [link](http://x)")).toBe("one two link");
  });
});

describe("isValidTranscription", () => {
  it("accepts real speech and refuses short, punctuation-only and error texts", () => {
    expect(isValidTranscription("We plan routes by hand.")).toBe(true);
    expect(isValidTranscription("  ok ")).toBe(false);
    expect(isValidTranscription("...!?")).toBe(false);
    expect(isValidTranscription("Error: no audio")).toBe(false);
    expect(isValidTranscription("upload failed")).toBe(false);
    expect(isValidTranscription(undefined)).toBe(false);
  });

  it("recognises wording about a missing service or API key", () => {
    expect(isServiceUnavailableText("The speech recognition service requires an API key.")).toBe(true);
    expect(isServiceUnavailableText("We re-plan every morning")).toBe(false);
    expect(isServiceUnavailableText("Transcription failed: upstream error")).toBe(true);
    expect(isServiceUnavailableText("Failed to transcribe audio")).toBe(true);
    // A participant talking about failure is not the service failing.
    expect(isServiceUnavailableText("Our last rollout failed because nobody trained the drivers")).toBe(
      false,
    );
  });
});

describe("audio data", () => {
  it("counts 100 characters of base64 data as the least that can hold speech", () => {
    expect(hasSpeechData(72)).toBe(false); // 96 characters
    expect(hasSpeechData(73)).toBe(true); // 100 characters
    expect(hasSpeechData(0)).toBe(false);
  });
});
