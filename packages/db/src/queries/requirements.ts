import { sql } from "kysely";
import type { Db } from "../client";
import type { AcceptanceCriterion, EvidenceRef } from "../schema";

export type StoryPriority = "high" | "medium" | "low";

export interface StoredStory {
  id: number;
  userType: string;
  action: string;
  benefit: string;
  quote: string | null;
  assumption: boolean;
  evidence: EvidenceRef[];
  priority: StoryPriority | null;
}
export interface StoredFeature {
  id: number;
  name: string;
  description: string;
  acceptanceCriteria: AcceptanceCriterion[];
  stories: StoredStory[];
}
export interface StoredEpic {
  id: number;
  name: string;
  description: string;
  features: StoredFeature[];
}

export interface TreeInput {
  epics: Array<{
    name: string;
    description: string;
    features: Array<{
      name: string;
      description: string;
      acceptanceCriteria: AcceptanceCriterion[];
      stories: Array<{
        userType: string;
        action: string;
        benefit: string;
        quote: string | null;
        assumption: boolean;
        evidence?: EvidenceRef[];
        priority?: StoryPriority | null;
      }>;
    }>;
  }>;
}

/** The project's Epic > Feature > User Story rows, in order, as one tree. */
export async function loadTree(db: Db, projectId: number): Promise<StoredEpic[]> {
  const epics = await db
    .selectFrom("epics")
    .select(["id", "name", "description"])
    .where("project_id", "=", projectId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  if (!epics.length) return [];
  const features = await db
    .selectFrom("features")
    .select(["id", "epic_id", "name", "description", "acceptance_criteria"])
    .where(
      "epic_id",
      "in",
      epics.map((e) => e.id),
    )
    .orderBy("position")
    .orderBy("id")
    .execute();
  const stories = features.length
    ? await db
        .selectFrom("user_stories")
        .select([
          "id",
          "feature_id",
          "user_type",
          "action",
          "benefit",
          "quote",
          "is_assumption",
          "evidence",
          "priority",
        ])
        .where(
          "feature_id",
          "in",
          features.map((f) => f.id),
        )
        .orderBy("position")
        .orderBy("id")
        .execute()
    : [];
  return epics.map((epic) => ({
    id: epic.id,
    name: epic.name,
    description: epic.description,
    features: features
      .filter((f) => f.epic_id === epic.id)
      .map((f) => ({
        id: f.id,
        name: f.name,
        description: f.description,
        acceptanceCriteria: f.acceptance_criteria,
        stories: stories
          .filter((s) => s.feature_id === f.id)
          .map((s) => ({
            id: s.id,
            userType: s.user_type,
            action: s.action,
            benefit: s.benefit,
            quote: s.quote,
            assumption: s.is_assumption,
            evidence: s.evidence ?? [],
            priority: s.priority,
          })),
      })),
  }));
}

/** Replaces the project's whole tree; call inside a transaction. */
export async function replaceTree(db: Db, projectId: number, tree: TreeInput): Promise<void> {
  await db.deleteFrom("epics").where("project_id", "=", projectId).execute();
  for (const [epicIndex, epic] of tree.epics.entries()) {
    const { id: epicId } = await db
      .insertInto("epics")
      .values({ project_id: projectId, name: epic.name, description: epic.description, position: epicIndex })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [featureIndex, feature] of epic.features.entries()) {
      const { id: featureId } = await db
        .insertInto("features")
        .values({
          epic_id: epicId,
          name: feature.name,
          description: feature.description,
          acceptance_criteria: JSON.stringify(feature.acceptanceCriteria),
          position: featureIndex,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (feature.stories.length) {
        await db
          .insertInto("user_stories")
          .values(
            feature.stories.map((story, storyIndex) => ({
              feature_id: featureId,
              user_type: story.userType,
              action: story.action,
              benefit: story.benefit,
              quote: story.quote,
              is_assumption: story.assumption,
              evidence: JSON.stringify(story.evidence ?? []),
              priority: story.priority ?? null,
              position: storyIndex,
            })),
          )
          .execute();
      }
    }
  }
}

/** The project id behind an epic, feature or story, when `userId` owns it. */
export async function ownedEpic(db: Db, userId: string, epicId: number) {
  return db
    .selectFrom("epics")
    .innerJoin("projects", "projects.id", "epics.project_id")
    .select(["epics.id", "epics.project_id"])
    .where("epics.id", "=", epicId)
    .where("projects.user_id", "=", userId)
    .executeTakeFirst();
}

export async function ownedFeature(db: Db, userId: string, featureId: number) {
  return db
    .selectFrom("features")
    .innerJoin("epics", "epics.id", "features.epic_id")
    .innerJoin("projects", "projects.id", "epics.project_id")
    .select(["features.id", "epics.project_id"])
    .where("features.id", "=", featureId)
    .where("projects.user_id", "=", userId)
    .executeTakeFirst();
}

export async function ownedStory(db: Db, userId: string, storyId: number) {
  return db
    .selectFrom("user_stories")
    .innerJoin("features", "features.id", "user_stories.feature_id")
    .innerJoin("epics", "epics.id", "features.epic_id")
    .innerJoin("projects", "projects.id", "epics.project_id")
    .select(["user_stories.id", "epics.project_id"])
    .where("user_stories.id", "=", storyId)
    .where("projects.user_id", "=", userId)
    .executeTakeFirst();
}

const nextPosition = async (
  db: Db,
  table: "epics" | "features" | "user_stories",
  column: string,
  id: number,
) => {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number>("position").as("max"))
    .where(sql.ref(column), "=", id)
    .executeTakeFirst();
  return (row?.max ?? -1) + 1;
};

export async function insertEpic(db: Db, projectId: number, values: { name: string; description: string }) {
  return db
    .insertInto("epics")
    .values({
      project_id: projectId,
      ...values,
      position: await nextPosition(db, "epics", "project_id", projectId),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

export async function insertFeature(
  db: Db,
  epicId: number,
  values: { name: string; description: string; acceptanceCriteria: AcceptanceCriterion[] },
) {
  return db
    .insertInto("features")
    .values({
      epic_id: epicId,
      name: values.name,
      description: values.description,
      acceptance_criteria: JSON.stringify(values.acceptanceCriteria),
      position: await nextPosition(db, "features", "epic_id", epicId),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

export async function insertStory(
  db: Db,
  featureId: number,
  values: { userType: string; action: string; benefit: string },
) {
  return db
    .insertInto("user_stories")
    .values({
      feature_id: featureId,
      user_type: values.userType,
      action: values.action,
      benefit: values.benefit,
      quote: null,
      position: await nextPosition(db, "user_stories", "feature_id", featureId),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

export async function updateEpic(db: Db, id: number, fields: { name?: string; description?: string }) {
  await db.updateTable("epics").set(fields).where("id", "=", id).execute();
}

export async function updateFeature(
  db: Db,
  id: number,
  fields: { name?: string; description?: string; acceptanceCriteria?: AcceptanceCriterion[] },
) {
  const { acceptanceCriteria, ...rest } = fields;
  await db
    .updateTable("features")
    .set({
      ...rest,
      ...(acceptanceCriteria ? { acceptance_criteria: JSON.stringify(acceptanceCriteria) } : {}),
    })
    .where("id", "=", id)
    .execute();
}

export async function updateStory(
  db: Db,
  id: number,
  values: { userType: string; action: string; benefit: string },
) {
  await db
    .updateTable("user_stories")
    .set({ user_type: values.userType, action: values.action, benefit: values.benefit })
    .where("id", "=", id)
    .execute();
}

/** Deletes one row of the tree (an epic takes its features and stories with it, a feature its stories). */
export async function deleteRow(db: Db, table: "epics" | "features" | "user_stories", id: number) {
  await db.deleteFrom(table).where("id", "=", id).execute();
}

/** Something the owner deleted from the tree: its match key and the quotes it rested on. */
export interface Dismissal {
  kind: "epic" | "feature" | "story" | "criterion";
  key: string;
  evidence: EvidenceRef[];
}

export async function listDismissals(db: Db, projectId: number): Promise<Dismissal[]> {
  return db
    .selectFrom("requirement_dismissals")
    .select(["kind", "key", "evidence"])
    .where("project_id", "=", projectId)
    .execute();
}

/** Records deletions; deleting the same item again keeps the latest quotes. */
export async function addDismissals(db: Db, projectId: number, dismissals: Dismissal[]) {
  // One row per item: an INSERT may not update the same conflicting row twice.
  const unique = [...new Map(dismissals.map((d) => [`${d.kind}|${d.key}`, d])).values()];
  if (!unique.length) return;
  await db
    .insertInto("requirement_dismissals")
    .values(
      unique.map((d) => ({
        project_id: projectId,
        kind: d.kind,
        key: d.key,
        evidence: JSON.stringify(d.evidence),
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(["project_id", "kind", "key"])
        .doUpdateSet((eb) => ({ evidence: eb.ref("excluded.evidence") })),
    )
    .execute();
}

export async function clearDismissals(db: Db, projectId: number) {
  await db.deleteFrom("requirement_dismissals").where("project_id", "=", projectId).execute();
}
