import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/** 256 random bits, as a URL-safe string handed to the client and never stored. */
export function generateToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** How a personal access token starts: recognisable in a leak scan and in the context. */
export const ACCESS_TOKEN_PREFIX = "prl_";

/** A personal access token: the prefix and 256 random bits; only its SHA-256 is stored. */
export function generateAccessToken(): string {
  return `${ACCESS_TOKEN_PREFIX}${generateToken()}`;
}

/** What we store for a token: its SHA-256, so a leaked table grants nothing. */
export function hashToken(token: string): string {
  // node:crypto rather than @oslojs/crypto: native, and this runs on every authenticated request.
  return createHash("sha256").update(token).digest("hex");
}

/** A share link: 144 random bits, URL-safe, never derived from ids. */
export function generateShareLink(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString("base64url");
}
