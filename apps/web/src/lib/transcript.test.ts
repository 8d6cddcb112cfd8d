import { describe, expect, it } from "vitest";
import {
  conversationToTranscript,
  imageMessages,
  isImageMessage,
  NOTES_SEPARATOR,
  notesSection,
} from "./transcript";

describe("conversationToTranscript", () => {
  it("writes one line per message and leaves images, current and older shapes, out", () => {
    const text = conversationToTranscript([
      { role: "ai", content: "What is hardest?" },
      { role: "user", content: " Routing. " },
      { role: "user", type: "image", content: "data:image/png;base64,AAAA", description: "a whiteboard" },
      { role: "user", content: "", imageData: "data:image/png;base64,AAAA", analysis: "a map" },
      { role: "user", content: "see image", image: "https://example.test/a.png" },
    ]);
    expect(text).toBe("AI: What is hardest?\n\nParticipant: Routing.");
  });
});

describe("isImageMessage", () => {
  it("recognises older image messages by imageData or image", () => {
    expect(isImageMessage({ role: "user", content: "", imageData: "data:image/png;base64,AAAA" })).toBe(true);
    expect(isImageMessage({ role: "user", content: "", image: "https://example.test/a.png" })).toBe(true);
    expect(isImageMessage({ role: "user", content: "plain words" })).toBe(false);
  });
});

describe("notesSection", () => {
  it("adds the notes sections with 50 '=' separators", () => {
    const text = notesSection("Batch job is fragile.", [{ description: "a whiteboard" }]);
    expect(NOTES_SEPARATOR).toBe("=".repeat(50));
    expect(text).toBe(
      [
        "",
        NOTES_SEPARATOR,
        "INTERVIEW NOTES",
        NOTES_SEPARATOR,
        "",
        "WRITTEN NOTES:",
        "Batch job is fragile.",
        "",
        "VISUAL NOTES:",
        "Image 1: a whiteboard",
      ].join("\n"),
    );
    expect(notesSection("  ", [])).toBe("");
  });
});

describe("imageMessages", () => {
  it("turns each note image into an image message the transcript leaves out", () => {
    const at = "2026-01-02T03:04:05.000Z";
    const messages = imageMessages([{ id: 7, url: "/images/7.png", description: null }], at);
    expect(messages).toEqual([
      { role: "user", type: "image", content: "/images/7.png", description: "", imageId: 7, timestamp: at },
    ]);
    expect(conversationToTranscript(messages)).toBe("");
  });
});
