import { sql } from "kysely";
import type { Db } from "../client";

/** Stores a user's new reset token (by its hash), replacing any earlier one, in one transaction. */
export async function replaceResetToken(
  db: Db,
  { userId, tokenHash, expiresAt }: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("password_reset_tokens").where("user_id", "=", userId).execute();
    await trx
      .insertInto("password_reset_tokens")
      .values({ id: tokenHash, user_id: userId, expires_at: expiresAt })
      .execute();
  });
}

/** Marks an unused, unexpired token used; answers whose it was (undefined when it is no good). */
export async function useResetToken(db: Db, tokenHash: string): Promise<string | undefined> {
  const used = await db
    .updateTable("password_reset_tokens")
    .set({ used_at: new Date() })
    .where("id", "=", tokenHash)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("user_id")
    .executeTakeFirst();
  return used?.user_id;
}
