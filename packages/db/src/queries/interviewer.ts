import { sql } from "kysely";
import type { Db } from "../client";

/**
 * The interviewer's state (issue 14): the plan on the interview, the turns it saw with server-side
 * times and decisions, the read-back review. Only the server writes these; the browser's own copy
 * of the conversation (conversations table) stays as it was.
 */

export const turnColumns = ["id", "role", "content", "decision", "final", "created_at"] as const;

export function listTurns(db: Db, interviewId: number) {
  return db
    .selectFrom("interview_turns")
    .select(turnColumns)
    .where("interview_id", "=", interviewId)
    .orderBy("id", "asc")
    .execute();
}

/** The interview's plan and interviewer state, with what the planner needs of its project. */
export function getInterviewerState(db: Db, interviewId: number) {
  return db
    .selectFrom("interviews")
    .innerJoin("projects", "projects.id", "interviews.project_id")
    .select([
      "interviews.id",
      "interviews.project_id",
      "interviews.stakeholder_type",
      "interviews.status",
      "interviews.started_at",
      "interviews.plan",
      "interviews.planned_by",
      "interviews.read_back",
      "projects.user_id",
      "projects.title",
      "projects.objective",
      "projects.target_audience",
      "projects.key_features",
      "projects.constraints",
      "projects.domain",
      "projects.references",
      sql<boolean>`exists (select 1 from interview_turns t where t.interview_id = interviews.id)`.as(
        "has_turns",
      ),
    ])
    .where("interviews.id", "=", interviewId)
    .executeTakeFirst();
}

/** Stores a plan; with `onlyBeforeStart`, only while no one has started the interview. */
export async function setInterviewPlan(
  db: Db,
  interviewId: number,
  plan: unknown,
  plannedBy: string,
  { onlyBeforeStart = false }: { onlyBeforeStart?: boolean } = {},
): Promise<boolean> {
  let query = db
    .updateTable("interviews")
    .set({ plan: JSON.stringify(plan), planned_by: plannedBy })
    .where("id", "=", interviewId);
  if (onlyBeforeStart) {
    // The owner's edit: the interview was updated.
    query = query
      .set({ updated_at: new Date() })
      .where("started_at", "is", null)
      .where("status", "in", ["pending", "scheduled"])
      .where(
        sql<boolean>`not exists (select 1 from interview_turns t where t.interview_id = ${interviewId})`,
      );
  }
  const updated = await query.returning("id").executeTakeFirst();
  return Boolean(updated);
}

export async function setReadBack(db: Db, interviewId: number, review: unknown) {
  await db
    .updateTable("interviews")
    .set({ read_back: JSON.stringify(review) })
    .where("id", "=", interviewId)
    .execute();
}

/** A project's interviews with their plans, oldest first: the rows of the coverage grid. */
export function listProjectPlans(db: Db, projectId: number) {
  return db
    .selectFrom("interviews")
    .select(["id", "name", "stakeholder_type", "status", "plan", "created_at"])
    .where("project_id", "=", projectId)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
}

/** Every turn of a project's interviews, in order: coverage is read from them. */
export function listProjectTurns(db: Db, projectId: number) {
  return db
    .selectFrom("interview_turns")
    .innerJoin("interviews", "interviews.id", "interview_turns.interview_id")
    .select([
      "interview_turns.interview_id",
      "interview_turns.role",
      "interview_turns.content",
      "interview_turns.decision",
      "interview_turns.created_at",
    ])
    .where("interviews.project_id", "=", projectId)
    .orderBy("interview_turns.id", "asc")
    .execute();
}
