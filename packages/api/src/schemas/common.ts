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
