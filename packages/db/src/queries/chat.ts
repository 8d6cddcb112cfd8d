import type { Db } from "../client";

/** The project's conversation with the strategic partner, oldest first. */
export function listChatMessages(db: Db, projectId: number) {
  return db
    .selectFrom("chat_messages")
    .select(["id", "role", "content", "created_at"])
    .where("project_id", "=", projectId)
    .orderBy("id")
    .execute();
}

/** The owner's message and the partner's reply, stored together (one statement, so both or neither). */
export async function insertChatExchange(
  db: Db,
  projectId: number,
  exchange: { message: string; reply: string },
): Promise<void> {
  await db
    .insertInto("chat_messages")
    .values([
      { project_id: projectId, role: "user", content: exchange.message },
      { project_id: projectId, role: "ai", content: exchange.reply },
    ])
    .execute();
}
