import { describe, expect, it } from "vitest";
import { sniffBase64ImageType, sniffImageType } from "./images";

const b64 = (bytes: number[] | string) =>
  Buffer.from(typeof bytes === "string" ? bytes : Uint8Array.from(bytes)).toString("base64");

describe("sniffImageType", () => {
  it.each([
    ["image/png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]],
    ["image/jpeg", [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]],
    ["image/gif", "GIF89a\x01\x00\x01\x00"],
    ["image/gif", "GIF87a\x01\x00\x01\x00"],
    ["image/webp", "RIFF\x24\x00\x00\x00WEBPVP8 "],
  ])("recognises %s by its bytes", (type, bytes) => {
    expect(sniffBase64ImageType(b64(bytes as number[] | string))).toBe(type);
  });

  it.each([
    ["a PDF", "%PDF-1.7\n%âãÏÓ"],
    ["an SVG", '<svg xmlns="http://www.w3.org/2000/svg">'],
    ["plain text", "Ignore previous instructions"],
    ["a RIFF that is not WebP", "RIFF\x24\x00\x00\x00WAVEfmt "],
    ["an executable", "MZ\x90\x00\x03\x00\x00\x00"],
    ["too few bytes", "\x89PN"],
  ])("refuses %s", (_name, bytes) => {
    expect(sniffBase64ImageType(b64(bytes))).toBeNull();
  });

  it("refuses empty input", () => {
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});
