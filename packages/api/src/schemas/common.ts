import { z } from "zod";

/** An integer id from a path or a body; "abc", 1.5, -1 and ids past PostgreSQL's integer answer 400 "Invalid id". */
export const ZId = z
  .number({ error: "Invalid id" })
  .int({ error: "Invalid id" })
  .positive({ error: "Invalid id" })
  .max(2_147_483_647, { error: "Invalid id" });

export const ZSuccess = z.object({ success: z.literal(true) });

export const TEXT_REFUSED = "Text must not contain NUL characters or unpaired surrogates";

/** PostgreSQL refuses 0x00 in text and unpaired UTF-16 surrogates in jsonb; so do we, with a 400. */
const LONE_SURROGATE = /\p{Cs}/u;
export const isStorableText = (value: string): boolean =>
  !value.includes("\u0000") && !LONE_SURROGATE.test(value);

/**
 * Every string a client sends: `storableText({ error })` where one would write `z.string({ error })`, with the
 * same chain after it (`.trim().min(1).max(300)`).
 */
export const storableText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { error: TEXT_REFUSED, abort: true });

/**
 * Whether `text` from `from` on is base64 (letters, digits, "+", "/", "=") and, when
 * `whitespace`, line breaks and spaces: one pass over the characters. A regular expression such
 * as /[A-Za-z0-9+/=]+$/ over a payload of megabytes can run out of V8's backtracking stack once
 * it is compiled to native code ("Maximum call stack size exceeded", which zod then reports as a
 * 400 for a valid upload).
 */
export function isBase64From(text: string, from = 0, whitespace = false): boolean {
  if (text.length <= from) return false;
  for (let i = from; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    const base64 =
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      (c >= 48 && c <= 57) ||
      c === 43 ||
      c === 47 ||
      c === 61;
    if (!base64 && !(whitespace && (c === 32 || c === 9 || c === 10 || c === 13))) return false;
  }
  return true;
}
