import { z } from "zod";

/** An integer id from a path or a body; "abc", 1.5 and -1 answer 400 "Invalid id". */
export const ZId = z
  .number({ error: "Invalid id" })
  .int({ error: "Invalid id" })
  .positive({ error: "Invalid id" })
  .max(2_147_483_647, { error: "Invalid id" });

export const ZSuccess = z.object({ success: z.literal(true) });
