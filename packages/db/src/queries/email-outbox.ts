import type { Db } from "../client";

/** Keeps an outgoing email in the outbox (unsent) and answers its id. */
export async function insertOutboxEmail(
  db: Db,
  email: { to: string; subject: string; text: string },
): Promise<number> {
  const row = await db
    .insertInto("email_outbox")
    .values({ to_address: email.to, subject: email.subject, text_body: email.text })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markEmailSent(db: Db, id: number): Promise<void> {
  await db.updateTable("email_outbox").set({ sent_at: new Date() }).where("id", "=", id).execute();
}
