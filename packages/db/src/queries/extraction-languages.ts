import { sql } from "kysely";
import type { Db } from "../client";

/**
 * The language of each kept extraction the offline rules made of the project's completed, selected
 * interviews (null for extractions older than the language field): the requirements card reads it
 * to say which interviews offline writing could not read.
 */
export async function offlineExtractionLanguages(
  db: Db,
  projectId: number,
): Promise<Array<{ interviewId: number; language: string | undefined }>> {
  const rows = await db
    .selectFrom("interview_extractions")
    .innerJoin("interviews", "interviews.id", "interview_extractions.interview_id")
    .select([
      "interview_extractions.interview_id as interviewId",
      sql<string | null>`interview_extractions.extraction->>'language'`.as("language"),
    ])
    .where("interview_extractions.project_id", "=", projectId)
    .where("interview_extractions.model", "=", "offline")
    .where("interviews.status", "=", "completed")
    .where("interviews.selected", "=", true)
    .orderBy("interview_extractions.interview_id")
    .execute();
  return rows.map((r) => ({ interviewId: r.interviewId, language: r.language ?? undefined }));
}
