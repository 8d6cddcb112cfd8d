import { sql } from "kysely";
import type { Db } from "../client";

export const projectColumns = [
  "projects.id",
  "projects.user_id",
  "projects.title",
  "projects.description",
  "projects.objective",
  "projects.target_audience",
  "projects.key_features",
  "projects.constraints",
  "projects.domain",
  "projects.references",
  "projects.status",
  "projects.output_language",
  "projects.show_personal_details",
  "projects.retention_days",
  "projects.created_at",
  "projects.updated_at",
] as const;

export interface ProjectFields {
  title?: string;
  description?: string | null;
  objective?: string | null;
  targetAudience?: string | null;
  keyFeatures?: string | null;
  constraints?: string | null;
  domain?: string | null;
  references?: string | null;
  status?: string;
  outputLanguage?: string;
  showPersonalDetails?: boolean;
  retentionDays?: number | null;
}

const toColumns = (fields: ProjectFields) => ({
  ...(fields.title !== undefined ? { title: fields.title } : {}),
  ...(fields.description !== undefined ? { description: fields.description } : {}),
  ...(fields.objective !== undefined ? { objective: fields.objective } : {}),
  ...(fields.targetAudience !== undefined ? { target_audience: fields.targetAudience } : {}),
  ...(fields.keyFeatures !== undefined ? { key_features: fields.keyFeatures } : {}),
  ...(fields.constraints !== undefined ? { constraints: fields.constraints } : {}),
  ...(fields.domain !== undefined ? { domain: fields.domain } : {}),
  ...(fields.references !== undefined ? { references: fields.references } : {}),
  ...(fields.status !== undefined ? { status: fields.status } : {}),
  ...(fields.outputLanguage !== undefined ? { output_language: fields.outputLanguage } : {}),
  ...(fields.showPersonalDetails !== undefined ? { show_personal_details: fields.showPersonalDetails } : {}),
  ...(fields.retentionDays !== undefined ? { retention_days: fields.retentionDays } : {}),
});

export function listProjects(db: Db, { userId }: { userId: string }) {
  return db
    .selectFrom("projects")
    .select(projectColumns)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** The project when `userId` owns it; undefined otherwise (callers answer 404 either way). */
export function getProject(db: Db, { userId, id }: { userId: string; id: number }) {
  return db
    .selectFrom("projects")
    .select(projectColumns)
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** Whether the owner chose to see personal details in this project's documents (issue 26). */
export async function showsPersonalDetails(db: Db, userId: string, projectId: number): Promise<boolean> {
  const row = await db
    .selectFrom("projects")
    .select("show_personal_details")
    .where("id", "=", projectId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.show_personal_details ?? false;
}

/** Any project by id, for callers that already checked access (an admin's read-only view). */
export function getProjectById(db: Db, id: number) {
  return db.selectFrom("projects").select(projectColumns).where("id", "=", id).executeTakeFirst();
}

/** Projects created this calendar month, deleted ones included (the plan limit counts creations). */
export function countProjectsThisMonth(db: Db, { userId }: { userId: string }) {
  return db
    .selectFrom("project_creations")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", userId)
    .where("created_at", ">=", sql<Date>`date_trunc('month', now())`)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

/**
 * Creates a project unless the owner has already created `perMonth` this calendar month: the count
 * and the insert run in one transaction holding a lock on the owner's row, so parallel requests
 * queue and exactly `perMonth` succeed. Undefined when the limit is reached.
 */
export function insertProjectWithinLimit(
  db: Db,
  userId: string,
  fields: ProjectFields & { title: string },
  perMonth: number,
) {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
    if ((await countProjectsThisMonth(trx, { userId })) >= perMonth) return undefined;
    await trx.insertInto("project_creations").values({ user_id: userId }).execute();
    return insertProject(trx, userId, fields);
  });
}

export function insertProject(db: Db, userId: string, fields: ProjectFields & { title: string }) {
  return db
    .insertInto("projects")
    .values({ user_id: userId, ...toColumns(fields), title: fields.title })
    .returning(projectColumns)
    .executeTakeFirstOrThrow();
}

export function updateProject(db: Db, { userId, id }: { userId: string; id: number }, fields: ProjectFields) {
  return db
    .updateTable("projects")
    .set({ ...toColumns(fields), updated_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .returning(projectColumns)
    .executeTakeFirst();
}

export async function deleteProject(db: Db, { userId, id }: { userId: string; id: number }) {
  const result = await db
    .deleteFrom("projects")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function getProjectText(db: Db, { userId, id }: { userId: string; id: number }) {
  return db
    .selectFrom("projects")
    .select(["id", "title", "objective", "target_audience", "summary", "requirements"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export async function setProjectSummary(db: Db, id: number, summary: string) {
  await db.updateTable("projects").set({ summary, updated_at: new Date() }).where("id", "=", id).execute();
}
