/** The image types vision accepts, told by their bytes (magic numbers), never by a declared label. */
export type SniffedImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** PNG, JPEG, GIF or WebP by the first bytes; anything else (PDF, SVG, text, executables) is null. */
export function sniffImageType(bytes: Uint8Array): SniffedImageType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= PNG.length && PNG.every((b, i) => bytes[i] === b)) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "image/gif";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

/** Sniffs base64 text (16 bytes are enough for every signature above). */
export function sniffBase64ImageType(base64: string): SniffedImageType | null {
  return sniffImageType(Buffer.from(base64.slice(0, 24), "base64"));
}

export const IMAGE_ONLY = "Only image files (PNG, JPEG, GIF or WebP) can be analyzed";
