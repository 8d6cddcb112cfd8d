import { describe, expect, it } from "vitest";
import { decodeImage } from "../participant";
import { isBase64From } from "./common";
import { ZDataUrlImage } from "./participant";

describe("base64 checked in one pass", () => {
  it("takes base64, with line breaks only where told", () => {
    expect(isBase64From("iVBORw0KGgo+/==")).toBe(true);
    expect(isBase64From("iVBOR\nw0KGgo=", 0, true)).toBe(true);
    expect(isBase64From("iVBOR\nw0KGgo=")).toBe(false);
    expect(isBase64From("iVBOR<w0KGgo=")).toBe(false);
    expect(isBase64From("")).toBe(false);
    expect(isBase64From("data:,AAAA", 6)).toBe(true);
  });

  it("checks an image of about 8 MB again and again without running out of stack", () => {
    const url = `data:image/png;base64,${"A".repeat(11_184_812)}`;
    for (let i = 0; i < 20; i += 1) expect(ZDataUrlImage.safeParse(url).success).toBe(true);
    expect(ZDataUrlImage.safeParse(`data:image/png;base64,${"A".repeat(1000)}<svg>`).success).toBe(false);
    expect(ZDataUrlImage.safeParse(`data:text/html;base64,${"A".repeat(1000)}`).success).toBe(false);
  });
});

describe("an image's base64 decoded", () => {
  const png =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
  it("takes padding at the end only", () => {
    expect(decodeImage(`data:image/png;base64,${png}`, 1024, "too big").mimeType).toBe("image/png");
    expect(() =>
      decodeImage(`data:image/png;base64,${png.slice(0, 20)}=${png.slice(20)}`, 1024, "too big"),
    ).toThrow("The image is not valid base64");
    expect(() => decodeImage("data:image/png;base64,====", 1024, "too big")).toThrow(
      "The image is not valid base64",
    );
  });
});
