import { sql } from "kysely";
import type { Db } from "../client";
import { forgetInterviewDetails } from "./personal-details";

/**
 * An interview's raw record (issue 26): what the participant said and added, as said (turns and
 * their revisions, the conversation, the transcript, notes, images, the read-back), and the
 * personal details only it mentioned. Deleting it keeps what was derived from it (extractions,
 * summaries, documents, requirements), which carry placeholders.
 */

/** Whether the owner has used the interview in a document: a summary or document of it, or a story's evidence. */
export async function usedInDocuments(db: Db, interviewId: number): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom("documents")
            .select("documents.id")
            .where(sql<boolean>`documents.interview_ids @> ${JSON.stringify([interviewId])}::jsonb`),
        )
        .as("inDocument"),
      eb
        .exists(
          eb
            .selectFrom("user_stories")
            .innerJoin("features", "features.id", "user_stories.feature_id")
            .innerJoin("epics", "epics.id", "features.epic_id")
            .innerJoin("interviews", "interviews.project_id", "epics.project_id")
            .select("user_stories.id")
            .where("interviews.id", "=", interviewId)
            .where(sql<boolean>`user_stories.evidence @> ${JSON.stringify([{ interviewId }])}::jsonb`),
        )
        .as("inStory"),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.inDocument) || Boolean(row.inStory);
}

/**
 * Deletes the raw record, in one transaction, and marks the interview with when and why. The
 * participant's private link works once: it is cleared with the record. False when it was gone already.
 */
export function deleteRawRecord(
  db: Db,
  interviewId: number,
  by: "participant" | "retention",
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable("interviews")
      .set({
        raw_deleted_at: new Date(),
        raw_deleted_by: by,
        participant_link_hash: null,
        notes: null,
        read_back: null,
        updated_at: new Date(),
      })
      .where("id", "=", interviewId)
      .where("raw_deleted_at", "is", null)
      .executeTakeFirst();
    if (!marked.numUpdatedRows) return false;
    await trx
      .deleteFrom("interview_turn_revisions")
      .where("turn_id", "in", (eb) =>
        eb.selectFrom("interview_turns").select("id").where("interview_id", "=", interviewId),
      )
      .execute();
    await trx.deleteFrom("interview_turns").where("interview_id", "=", interviewId).execute();
    await trx.deleteFrom("conversations").where("interview_id", "=", interviewId).execute();
    await trx.deleteFrom("transcripts").where("interview_id", "=", interviewId).execute();
    await trx.deleteFrom("interview_images").where("interview_id", "=", interviewId).execute();
    await trx.deleteFrom("participant_grants").where("interview_id", "=", interviewId).execute();
    await forgetInterviewDetails(trx, interviewId);
    return true;
  });
}

/**
 * Interviews whose raw record is past its project's retention: kept `retention_days` after the
 * interview ended (its completion, else its last turn, else its creation), and not deleted yet.
 */
export function interviewsPastRetention(db: Db, now: Date, limit = 500) {
  return db
    .selectFrom("interviews")
    .innerJoin("projects", "projects.id", "interviews.project_id")
    .select(["interviews.id", "interviews.project_id"])
    .where("projects.retention_days", "is not", null)
    .where("interviews.raw_deleted_at", "is", null)
    .where(
      sql<boolean>`greatest(
        interviews.completed_at,
        (select max(t.created_at) from interview_turns t where t.interview_id = interviews.id),
        interviews.created_at
      ) + make_interval(days => projects.retention_days) <= ${now}`,
    )
    .orderBy("interviews.id")
    .limit(limit)
    .execute();
}

/**
 * Stores the SHA-256 of the participant's private link, once: false when the interview has one
 * already (or its raw record is gone). Of two requests at once, the database lets one through.
 */
export async function setParticipantLink(db: Db, interviewId: number, hash: string): Promise<boolean> {
  const result = await db
    .updateTable("interviews")
    .set({ participant_link_hash: hash })
    .where("id", "=", interviewId)
    .where("raw_deleted_at", "is", null)
    .where("participant_link_hash", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The interview a private link opens, when it is that interview's link. */
export function findByParticipantLink(db: Db, interviewId: number, hash: string) {
  return db
    .selectFrom("interviews")
    .innerJoin("projects", "projects.id", "interviews.project_id")
    .innerJoin("users", "users.id", "projects.user_id")
    .select([
      "interviews.id",
      "interviews.name",
      "interviews.project_id",
      "interviews.completed_at",
      "interviews.notes",
      "projects.title as projectTitle",
      "projects.retention_days",
      "users.id as ownerId",
      "users.email as ownerEmail",
      "users.first_name as ownerFirstName",
    ])
    .where("interviews.id", "=", interviewId)
    .where("interviews.participant_link_hash", "=", hash)
    .executeTakeFirst();
}
