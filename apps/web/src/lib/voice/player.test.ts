import { describe, expect, it } from "vitest";
import { SILENT_CLIP } from "./player";

describe("SILENT_CLIP", () => {
  it("is a valid WAV of silence that the tap can play", () => {
    const bytes = Uint8Array.from(atob(SILENT_CLIP.split(",")[1] as string), (c) => c.charCodeAt(0));
    const text = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
    expect(SILENT_CLIP.startsWith("data:audio/wav;base64,")).toBe(true);
    expect([text(0, 4), text(8, 16), text(36, 40)]).toEqual(["RIFF", "WAVEfmt ", "data"]);
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(view.getUint32(40, true)).toBe(bytes.length - 44);
    expect(new Set(bytes.slice(44))).toEqual(new Set([128]));
  });
});
