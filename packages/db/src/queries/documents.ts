import type { Db } from "../client";
import type { DocumentKind } from "../schema";

export const documentColumns = [
  "documents.id",
  "documents.project_id",
  "documents.kind",
  "documents.title",
  "documents.content",
  "documents.interview_ids",
  "documents.status",
  "documents.is_active",
  "documents.created_at",
  "documents.updated_at",
] as const;

export function listDocuments(db: Db, projectId: number, kind?: DocumentKind) {
  let query = db
    .selectFrom("documents")
    .select(documentColumns)
    .where("project_id", "=", projectId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
  if (kind) query = query.where("kind", "=", kind);
  return query.execute();
}

/** The document when `userId` owns its project. */
export function getOwnedDocument(db: Db, userId: string, id: number) {
  return db
    .selectFrom("documents")
    .innerJoin("projects", "projects.id", "documents.project_id")
    .select(documentColumns)
    .where("documents.id", "=", id)
    .where("projects.user_id", "=", userId)
    .executeTakeFirst();
}

/** The ids among `interviewIds` that are interviews of the project. */
export async function interviewIdsInProject(db: Db, projectId: number, interviewIds: number[]) {
  if (interviewIds.length === 0) return [];
  const rows = await db
    .selectFrom("interviews")
    .select("id")
    .where("project_id", "=", projectId)
    .where("id", "in", interviewIds)
    .execute();
  return rows.map((row) => row.id);
}

export function insertDocument(
  db: Db,
  values: {
    projectId: number;
    kind: DocumentKind;
    title: string;
    content: string;
    interviewIds: number[];
    status: string;
    isActive?: boolean;
  },
) {
  return db
    .insertInto("documents")
    .values({
      project_id: values.projectId,
      kind: values.kind,
      title: values.title,
      content: values.content,
      interview_ids: JSON.stringify(values.interviewIds),
      status: values.status,
      is_active: values.isActive ?? false,
    })
    .returning(documentColumns)
    .executeTakeFirstOrThrow();
}

/** Makes one document the active one of its kind in its project. */
export async function activateDocument(db: Db, doc: { id: number; project_id: number; kind: DocumentKind }) {
  await db
    .updateTable("documents")
    .set({ is_active: false })
    .where("project_id", "=", doc.project_id)
    .where("kind", "=", doc.kind)
    .where("id", "<>", doc.id)
    .execute();
  await db
    .updateTable("documents")
    .set({ is_active: true, updated_at: new Date() })
    .where("id", "=", doc.id)
    .execute();
}

export async function deactivateDocuments(db: Db, projectId: number, kind: DocumentKind) {
  await db
    .updateTable("documents")
    .set({ is_active: false })
    .where("project_id", "=", projectId)
    .where("kind", "=", kind)
    .execute();
}

export async function deleteDocument(db: Db, id: number) {
  await db.deleteFrom("documents").where("id", "=", id).execute();
}

export const promptColumns = [
  "build_prompts.id",
  "build_prompts.project_id",
  "build_prompts.document_id",
  "build_prompts.title",
  "build_prompts.content",
  "build_prompts.status",
  "build_prompts.is_active",
  "build_prompts.created_at",
] as const;

export function listPrompts(db: Db, projectId: number) {
  return db
    .selectFrom("build_prompts")
    .select(promptColumns)
    .where("project_id", "=", projectId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export function getOwnedPrompt(db: Db, userId: string, id: number) {
  return db
    .selectFrom("build_prompts")
    .innerJoin("projects", "projects.id", "build_prompts.project_id")
    .select(promptColumns)
    .where("build_prompts.id", "=", id)
    .where("projects.user_id", "=", userId)
    .executeTakeFirst();
}

export async function insertPrompt(
  db: Db,
  values: { projectId: number; documentId: number | null; title: string; content: string; status: string },
) {
  await db
    .updateTable("build_prompts")
    .set({ is_active: false })
    .where("project_id", "=", values.projectId)
    .execute();
  return db
    .insertInto("build_prompts")
    .values({
      project_id: values.projectId,
      document_id: values.documentId,
      title: values.title,
      content: values.content,
      status: values.status,
      is_active: true,
    })
    .returning(promptColumns)
    .executeTakeFirstOrThrow();
}

export async function activatePrompt(db: Db, prompt: { id: number; project_id: number }) {
  await db
    .updateTable("build_prompts")
    .set({ is_active: false })
    .where("project_id", "=", prompt.project_id)
    .execute();
  await db.updateTable("build_prompts").set({ is_active: true }).where("id", "=", prompt.id).execute();
}

export async function updatePromptContent(db: Db, id: number, content: string) {
  await db.updateTable("build_prompts").set({ content }).where("id", "=", id).execute();
}

export async function deletePrompt(db: Db, id: number) {
  await db.deleteFrom("build_prompts").where("id", "=", id).execute();
}
