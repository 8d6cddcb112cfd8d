import type { Db } from "../client";
import type { InterviewStatus, StakeholderType } from "../schema";

export const interviewColumns = [
  "interviews.id",
  "interviews.project_id",
  "interviews.name",
  "interviews.title",
  "interviews.stakeholder_type",
  "interviews.status",
  "interviews.share_link",
  "interviews.selected",
  "interviews.participant_name",
  "interviews.duration",
  "interviews.notes",
  "interviews.started_at",
  "interviews.completed_at",
  "interviews.raw_deleted_at",
  "interviews.raw_deleted_by",
  "interviews.created_at",
  "interviews.updated_at",
] as const;

/** Interviews of a project the user owns. */
export function listInterviews(db: Db, { userId, projectId }: { userId: string; projectId: number }) {
  return db
    .selectFrom("interviews")
    .innerJoin("projects", "projects.id", "interviews.project_id")
    .select(interviewColumns)
    .where("projects.user_id", "=", userId)
    .where("interviews.project_id", "=", projectId)
    .orderBy("interviews.created_at", "asc")
    .orderBy("interviews.id", "asc")
    .execute();
}

/** The interview when `userId` owns its project. */
export function getOwnedInterview(db: Db, { userId, id }: { userId: string; id: number }) {
  return db
    .selectFrom("interviews")
    .innerJoin("projects", "projects.id", "interviews.project_id")
    .select(interviewColumns)
    .where("projects.user_id", "=", userId)
    .where("interviews.id", "=", id)
    .executeTakeFirst();
}

/** Any interview by id, for callers that already checked access (participant grants). */
export function getInterviewById(db: Db, id: number) {
  return db
    .selectFrom("interviews")
    .select(interviewColumns)
    .where("interviews.id", "=", id)
    .executeTakeFirst();
}

export function countInterviews(db: Db, projectId: number) {
  return db
    .selectFrom("interviews")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("project_id", "=", projectId)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

/**
 * Creates an interview unless `perProject` have already been created in the project (deleted ones
 * count): the project's creation counter is raised by a conditional UPDATE, which PostgreSQL runs one
 * at a time per row, in the same transaction as the insert. Undefined when the limit is reached.
 */
export function insertInterviewWithinLimit(
  db: Db,
  values: Parameters<typeof insertInterview>[1],
  perProject: number,
) {
  return db.transaction().execute(async (trx) => {
    const counted = await trx
      .updateTable("projects")
      .set((eb) => ({ interviews_created: eb("interviews_created", "+", 1) }))
      .where("id", "=", values.projectId)
      .where("interviews_created", "<", perProject)
      .returning("id")
      .executeTakeFirst();
    if (!counted) return undefined;
    return insertInterview(trx, values);
  });
}

export function insertInterview(
  db: Db,
  values: {
    projectId: number;
    name: string;
    stakeholderType: StakeholderType;
    status: InterviewStatus;
    shareLink: string;
  },
) {
  return db
    .insertInto("interviews")
    .values({
      project_id: values.projectId,
      name: values.name,
      title: values.name,
      stakeholder_type: values.stakeholderType,
      status: values.status,
      share_link: values.shareLink,
    })
    .returning(interviewColumns)
    .executeTakeFirstOrThrow();
}

export function updateInterview(
  db: Db,
  id: number,
  fields: Partial<{
    selected: boolean;
    status: InterviewStatus;
    notes: string;
    started_at: Date;
    completed_at: Date | null;
    duration: number | null;
    participant_name: string | null;
  }>,
) {
  return db
    .updateTable("interviews")
    .set({ ...fields, updated_at: new Date() })
    .where("id", "=", id)
    .returning(interviewColumns)
    .executeTakeFirstOrThrow();
}

export async function deleteInterview(db: Db, id: number) {
  await db.deleteFrom("interviews").where("id", "=", id).execute();
}

/** The owner's saved summary of an interview, or undefined when none was saved. */
export function getInterviewSummary(db: Db, interviewId: number) {
  return db
    .selectFrom("interview_summaries")
    .select(["content", "updated_at"])
    .where("interview_id", "=", interviewId)
    .executeTakeFirst();
}

/** Saves (replaces) the summary of an interview. */
export function saveInterviewSummary(db: Db, interviewId: number, content: string) {
  return db
    .insertInto("interview_summaries")
    .values({ interview_id: interviewId, content, updated_at: new Date() })
    .onConflict((oc) => oc.column("interview_id").doUpdateSet({ content, updated_at: new Date() }))
    .returning(["content", "updated_at"])
    .executeTakeFirstOrThrow();
}
