import { sql } from "kysely";
import type { Db } from "../client";
import type { StakeholderType, StoredMessage } from "../schema";
import { documentColumns } from "./documents";
import { listRecords, type RecordTurnRow, toStoredMessage, transcriptView } from "./turns";

/** One turn of an interview's record, as the evidence engine reads it (issue 23). */
export interface RecordedTurn {
  speaker: "interviewer" | "participant";
  text: string;
  /** the words as first said, when revised */
  original: string | null;
  revisedBy: "participant" | "owner" | null;
  /** ISO server time */
  at: string;
}

const toRecordedTurn = (turn: RecordTurnRow): RecordedTurn => ({
  speaker: turn.role === "ai" ? "interviewer" : "participant",
  text: turn.content,
  original: turn.revised_by ? turn.original : null,
  revisedBy: turn.revised_by,
  at: new Date(turn.created_at).toISOString(),
});

/** What one completed interview said, as the evidence engine reads it. */
export interface InterviewRecord {
  interviewId: number;
  name: string;
  stakeholderType: StakeholderType;
  transcript: string | null;
  messages: StoredMessage[] | null;
  /**
   * The interview's turns in order, each as it reads now (the latest revision applied), image
   * messages left out; null when the interview has no stored turns (older data).
   */
  turns: RecordedTurn[] | null;
  /** The interviewer's read-back and what the participant confirmed or corrected (issue 14). */
  readBack: unknown;
  /** Who last corrected the transcript: the owner (status updated_by_user), the participant at review, or nobody. */
  correctedBy: "participant" | "owner" | null;
}

/**
 * The project's completed interviews (the owner's corrected ones too) that are not excluded
 * (`selected`), each with its transcript, its conversation and its turns, oldest interview first.
 * `interviewIds` narrows to those.
 */
export async function completedInterviews(
  db: Db,
  projectId: number,
  interviewIds?: number[],
): Promise<InterviewRecord[]> {
  let query = db
    .selectFrom("interviews")
    .select([
      "interviews.id",
      "interviews.name",
      "interviews.participant_name",
      "interviews.stakeholder_type",
      "interviews.read_back",
      (eb) =>
        eb
          .selectFrom("transcripts")
          .select("transcripts.content")
          .whereRef("transcripts.interview_id", "=", "interviews.id")
          .orderBy("transcripts.updated_at", "desc")
          .orderBy("transcripts.id", "desc")
          .limit(1)
          .as("transcript"),
      "interviews.status",
      (eb) =>
        eb
          .selectFrom("transcripts")
          .select("transcripts.corrected")
          .whereRef("transcripts.interview_id", "=", "interviews.id")
          .orderBy("transcripts.updated_at", "desc")
          .orderBy("transcripts.id", "desc")
          .limit(1)
          .as("transcript_corrected"),
      (eb) =>
        eb
          .selectFrom("conversations")
          .select("conversations.messages")
          .whereRef("conversations.interview_id", "=", "interviews.id")
          .orderBy("conversations.updated_at", "desc")
          .orderBy("conversations.id", "desc")
          .limit(1)
          .as("messages"),
    ])
    .where("interviews.project_id", "=", projectId)
    // An interview the owner corrected (updated_by_user) is as complete as it was, and corrected.
    .where("interviews.status", "in", ["completed", "updated_by_user"])
    .where("interviews.selected", "=", true)
    .orderBy("interviews.id");
  if (interviewIds) {
    if (!interviewIds.length) return [];
    query = query.where("interviews.id", "in", interviewIds);
  }
  const rows = await query.execute();
  const turns = await listRecords(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const own = turns.filter((t) => t.interview_id === row.id);
    return {
      interviewId: row.id,
      name: row.participant_name ? `${row.name} (${row.participant_name})` : row.name,
      stakeholderType: row.stakeholder_type,
      transcript: transcriptView(row.transcript ?? null, own),
      messages: own.length
        ? (own.map(toStoredMessage) as StoredMessage[])
        : ((row.messages as StoredMessage[] | null) ?? null),
      turns: own.length ? own.filter((t) => !t.attachment).map(toRecordedTurn) : null,
      readBack: row.read_back ?? null,
      correctedBy:
        row.status === "updated_by_user" ? "owner" : row.transcript_corrected ? "participant" : null,
    };
  });
}

export interface StoredExtraction {
  interviewId: number;
  version: number;
  sourceHash: string;
  model: string;
  extraction: unknown;
  updatedAt: Date;
}

export async function getExtractions(db: Db, interviewIds: number[]): Promise<StoredExtraction[]> {
  if (!interviewIds.length) return [];
  const rows = await db
    .selectFrom("interview_extractions")
    .select(["interview_id", "version", "source_hash", "model", "extraction", "updated_at"])
    .where("interview_id", "in", interviewIds)
    .execute();
  return rows.map((row) => ({
    interviewId: row.interview_id,
    version: row.version,
    sourceHash: row.source_hash,
    model: row.model,
    extraction: row.extraction,
    updatedAt: row.updated_at,
  }));
}

/** Keeps one interview's extraction (replacing the one before). */
export async function saveExtraction(
  db: Db,
  values: {
    interviewId: number;
    projectId: number;
    version: number;
    sourceHash: string;
    model: string;
    extraction: unknown;
  },
): Promise<void> {
  const row = {
    interview_id: values.interviewId,
    project_id: values.projectId,
    version: values.version,
    source_hash: values.sourceHash,
    model: values.model,
    extraction: JSON.stringify(values.extraction),
  };
  await db
    .insertInto("interview_extractions")
    .values(row)
    .onConflict((oc) =>
      oc.column("interview_id").doUpdateSet({
        project_id: row.project_id,
        version: row.version,
        source_hash: row.source_hash,
        model: row.model,
        extraction: row.extraction,
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/**
 * A generated summary: a new summary document (the active one, with the synthesis it was written
 * from) and the project's summary text. Call inside a transaction.
 */
export async function insertSynthesisDocument(
  db: Db,
  values: { projectId: number; title: string; summary: string; interviewIds: number[]; synthesis: unknown },
) {
  await db
    .updateTable("documents")
    .set({ is_active: false })
    .where("project_id", "=", values.projectId)
    .where("kind", "=", "summary")
    .execute();
  const doc = await db
    .insertInto("documents")
    .values({
      project_id: values.projectId,
      kind: "summary",
      title: values.title,
      content: values.summary,
      interview_ids: JSON.stringify(values.interviewIds),
      status: "completed",
      is_active: true,
      synthesis: JSON.stringify(values.synthesis),
    })
    .returning(documentColumns)
    .executeTakeFirstOrThrow();
  await db
    .updateTable("projects")
    .set({ summary: values.summary, updated_at: new Date() })
    .where("id", "=", values.projectId)
    .execute();
  return doc;
}

/** The synthesis behind the active summary, else behind the newest generated one. */
export async function latestSynthesis(db: Db, projectId: number) {
  return db
    .selectFrom("documents")
    .select(["id", "synthesis", "created_at"])
    .where("project_id", "=", projectId)
    .where("kind", "=", "summary")
    .where("synthesis", "is not", null)
    .orderBy("is_active", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** Every interview of the project by id, named as the summary names it. */
export async function interviewNames(db: Db, projectId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom("interviews")
    .select(["id", "name", "participant_name"])
    .where("project_id", "=", projectId)
    .orderBy("id")
    .execute();
  return new Map(rows.map((r) => [r.id, r.participant_name ? `${r.name} (${r.participant_name})` : r.name]));
}
