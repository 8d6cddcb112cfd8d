import { sql } from "kysely";
import type { Db } from "../client";

export function findInterviewByShareLink(db: Db, shareLink: string) {
  return db
    .selectFrom("interviews")
    .innerJoin("projects", "projects.id", "interviews.project_id")
    .leftJoin("users", "users.id", "projects.user_id")
    .select([
      "interviews.id",
      "interviews.name",
      "interviews.stakeholder_type",
      "interviews.status",
      "interviews.notes",
      "interviews.started_at",
      "interviews.completed_at",
      "projects.title as project_title",
      "projects.objective as project_objective",
      "projects.target_audience as project_target_audience",
      "projects.retention_days as project_retention_days",
      "users.first_name as owner_first_name",
      "users.last_name as owner_last_name",
    ])
    .where("interviews.share_link", "=", shareLink)
    .executeTakeFirst();
}

/** What the access check needs of an interview: its state, its share link and its project's owner. */
export function getInterviewAccessRow(db: Db, interviewId: number) {
  return db
    .selectFrom("interviews")
    .innerJoin("projects", "projects.id", "interviews.project_id")
    .select([
      "interviews.id",
      "interviews.project_id",
      "interviews.status",
      "interviews.stakeholder_type",
      "interviews.completed_at",
      "interviews.share_link",
      "projects.user_id",
    ])
    .where("interviews.id", "=", interviewId)
    .executeTakeFirst();
}

/** Whether a grant with this id (the hash of the browser's token) opens the interview and has not expired. */
export async function hasLiveGrant(db: Db, grantId: string, interviewId: number): Promise<boolean> {
  const grant = await db
    .selectFrom("participant_grants")
    .select("id")
    .where("id", "=", grantId)
    .where("interview_id", "=", interviewId)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return Boolean(grant);
}

export async function insertGrant(db: Db, values: { id: string; interviewId: number; expiresAt: Date }) {
  await db
    .insertInto("participant_grants")
    .values({ id: values.id, interview_id: values.interviewId, expires_at: values.expiresAt })
    .execute();
}

const conversationColumns = ["id", "interview_id", "messages", "created_at", "updated_at"] as const;

export function getConversationByInterview(db: Db, interviewId: number) {
  return db
    .selectFrom("conversations")
    .select(conversationColumns)
    .where("interview_id", "=", interviewId)
    .executeTakeFirst();
}

export function getConversation(db: Db, id: number) {
  return db.selectFrom("conversations").select(conversationColumns).where("id", "=", id).executeTakeFirst();
}

const transcriptColumns = [
  "id",
  "interview_id",
  "content",
  "corrected",
  "additional_feedback",
  "updated_at",
] as const;

export function getTranscriptByInterview(db: Db, interviewId: number) {
  return db
    .selectFrom("transcripts")
    .select(transcriptColumns)
    .where("interview_id", "=", interviewId)
    .executeTakeFirst();
}

export function getTranscript(db: Db, id: number) {
  return db.selectFrom("transcripts").select(transcriptColumns).where("id", "=", id).executeTakeFirst();
}

/**
 * One transcript per interview (a unique key): saving again updates it, and parallel first saves
 * land on the same row.
 */
export function saveTranscript(
  db: Db,
  interviewId: number,
  values: { content: string; corrected: boolean; additionalFeedback?: string | null | undefined },
) {
  const feedback =
    values.additionalFeedback !== undefined ? { additional_feedback: values.additionalFeedback } : {};
  return db
    .insertInto("transcripts")
    .values({ interview_id: interviewId, content: values.content, corrected: values.corrected, ...feedback })
    .onConflict((oc) =>
      oc.column("interview_id").doUpdateSet({
        content: values.content,
        corrected: values.corrected,
        ...feedback,
        updated_at: new Date(),
      }),
    )
    .returning(transcriptColumns)
    .executeTakeFirstOrThrow();
}

/** An interview's images without their bytes (those are served one by one at their own address). */
export function listImages(db: Db, interviewId: number) {
  return db
    .selectFrom("interview_images")
    .select(["id", "interview_id", "mime_type", "description", "byte_size", "created_at"])
    .where("interview_id", "=", interviewId)
    .orderBy("id")
    .execute();
}

/** One image with its bytes; `url` holds a data URL only for rows written before the bytes moved. */
export function getImage(db: Db, interviewId: number, imageId: number) {
  return db
    .selectFrom("interview_images")
    .select(["id", "mime_type", "data", "url"])
    .where("id", "=", imageId)
    .where("interview_id", "=", interviewId)
    .executeTakeFirst();
}

/**
 * Stores an image unless the interview already holds `maxCount` images or the new one would take it
 * past `maxBytes`: counted and inserted in one transaction holding the interview's row lock, so
 * parallel uploads cannot pass the caps. Undefined when a cap is reached.
 */
export function insertImageWithinLimit(
  db: Db,
  values: { interviewId: number; data: Uint8Array; mimeType: string; description: string | null },
  caps: { maxCount: number; maxBytes: number },
) {
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom("interviews")
      .select("id")
      .where("id", "=", values.interviewId)
      .forUpdate()
      .executeTakeFirst();
    const held = await trx
      .selectFrom("interview_images")
      .select((eb) => [
        eb.fn.countAll<number>().as("count"),
        eb.fn.coalesce(eb.fn.sum<number>("byte_size"), eb.lit(0)).as("bytes"),
      ])
      .where("interview_id", "=", values.interviewId)
      .executeTakeFirstOrThrow();
    if (Number(held.count) >= caps.maxCount) return undefined;
    if (Number(held.bytes) + values.data.length > caps.maxBytes) return undefined;
    return trx
      .insertInto("interview_images")
      .values({
        interview_id: values.interviewId,
        url: null,
        data: Buffer.from(values.data),
        byte_size: values.data.length,
        mime_type: values.mimeType,
        description: values.description,
      })
      .returning(["id", "interview_id", "mime_type", "description", "byte_size", "created_at"])
      .executeTakeFirstOrThrow();
  });
}

export async function deleteImage(db: Db, interviewId: number, imageId: number) {
  const result = await db
    .deleteFrom("interview_images")
    .where("id", "=", imageId)
    .where("interview_id", "=", interviewId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function setImageDescription(db: Db, interviewId: number, imageId: number, description: string) {
  await db
    .updateTable("interview_images")
    .set({ description })
    .where("id", "=", imageId)
    .where("interview_id", "=", interviewId)
    .execute();
}
