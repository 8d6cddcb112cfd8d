import type { Db } from "../client";
import type { AiComponent } from "../schema";

const modelColumns = [
  "id",
  "component_name",
  "model_name",
  "description",
  "configuration",
  "is_active",
  "updated_at",
] as const;

export interface ModelConfigurationFields {
  componentName?: AiComponent | undefined;
  modelName?: string | undefined;
  description?: string | null | undefined;
  configuration?: string | undefined;
  isActive?: boolean | undefined;
}

export function listModelConfigurations(db: Db) {
  return db
    .selectFrom("model_configurations")
    .select(modelColumns)
    .orderBy("component_name")
    .orderBy("id")
    .execute();
}

export type ModelConfigurationRow = Awaited<ReturnType<typeof listModelConfigurations>>[number];

/** The model a component uses: its active configuration, the newest if several are active. */
export function getActiveModelConfiguration(db: Db, component: AiComponent) {
  return db
    .selectFrom("model_configurations")
    .select(["model_name", "configuration"])
    .where("component_name", "=", component)
    .where("is_active", "=", true)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export function getModelConfiguration(db: Db, id: number) {
  return db.selectFrom("model_configurations").select(modelColumns).where("id", "=", id).executeTakeFirst();
}

export function insertModelConfiguration(
  db: Db,
  input: {
    componentName: AiComponent;
    modelName: string;
    description: string | null;
    configuration: string;
    isActive: boolean;
  },
) {
  return db
    .insertInto("model_configurations")
    .values({
      component_name: input.componentName,
      model_name: input.modelName,
      description: input.description,
      configuration: input.configuration || "{}",
      is_active: input.isActive,
    })
    .returning(modelColumns)
    .executeTakeFirstOrThrow();
}

/** Changes the given fields; undefined when there is no such configuration. */
export function updateModelConfiguration(db: Db, id: number, fields: ModelConfigurationFields) {
  return db
    .updateTable("model_configurations")
    .set({
      ...(fields.componentName ? { component_name: fields.componentName } : {}),
      ...(fields.modelName ? { model_name: fields.modelName } : {}),
      ...(fields.description !== undefined ? { description: fields.description } : {}),
      ...(fields.configuration !== undefined ? { configuration: fields.configuration || "{}" } : {}),
      ...(fields.isActive !== undefined ? { is_active: fields.isActive } : {}),
      updated_at: new Date(),
    })
    .where("id", "=", id)
    .returning(modelColumns)
    .executeTakeFirst();
}

export async function deleteModelConfiguration(db: Db, id: number): Promise<void> {
  await db.deleteFrom("model_configurations").where("id", "=", id).execute();
}
