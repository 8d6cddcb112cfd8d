import * as audit from "@parley/db/queries/admin";
import * as models from "@parley/db/queries/model-configurations";
import { AI_COMPONENTS } from "@parley/db/schema";
import { z } from "zod";
import { notFound } from "../errors";
import { storableText, ZId } from "../schemas/common";
import { adminProcedure, checked } from "../trpc";

const ZModelConfig = z.object({
  id: z.number(),
  componentName: z.enum(AI_COMPONENTS),
  modelName: z.string(),
  description: z.string().nullable(),
  configuration: z.string(),
  isActive: z.boolean(),
  updatedAt: z.string(),
});

/** The configuration field is JSON text; anything else is refused with the parser's reason. */
const ZConfigurationText = storableText({ error: "Configuration must be JSON text" })
  .max(20_000, "Configuration is too long")
  .superRefine((text, ctx) => {
    try {
      const value = JSON.parse(text || "{}");
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        ctx.addIssue({
          code: "custom",
          message: 'Configuration must be a JSON object, such as {"temperature": 0.7}',
        });
      }
    } catch (error) {
      ctx.addIssue({
        code: "custom",
        message: `Configuration must be valid JSON: ${(error as Error).message}`,
      });
    }
  });

const ZModelFields = {
  componentName: z.enum(AI_COMPONENTS, { error: `Component must be one of: ${AI_COMPONENTS.join(", ")}` }),
  modelName: storableText({ error: "Model name is required" })
    .trim()
    .min(1, "Model name is required")
    .max(200),
  description: storableText().max(2000).nullish(),
  configuration: ZConfigurationText.default("{}"),
  isActive: z.boolean().default(true),
};

const toModelConfig = (row: models.ModelConfigurationRow) => ({
  id: row.id,
  componentName: row.component_name,
  modelName: row.model_name,
  description: row.description,
  configuration: row.configuration,
  isActive: row.is_active,
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** The admin area's AI model configurations; each change and its audit row commit together. */
export const modelConfigurationProcedures = {
  modelConfigurations: adminProcedure
    .output(checked(z.array(ZModelConfig)))
    .query(async ({ ctx }) => (await models.listModelConfigurations(ctx.db)).map(toModelConfig)),

  /** Restores the seed migration's default for every component without a configuration. */
  initializeModelConfigurations: adminProcedure
    .output(checked(z.object({ inserted: z.number() })))
    .mutation(async ({ ctx }) => {
      const inserted = await audit.insertMissingDefaultModelConfigurations(ctx.db);
      if (inserted) {
        ctx.ai.invalidateModelCache();
        await audit.writeAudit(ctx.db, {
          actorId: ctx.user.id,
          targetUserId: null,
          action: "initialize_model_configurations",
          after: { inserted },
        });
      }
      return { inserted };
    }),

  createModelConfiguration: adminProcedure
    .input(z.object(ZModelFields))
    .output(checked(ZModelConfig))
    .mutation(async ({ ctx, input }) => {
      const row = await ctx.db.transaction().execute(async (trx) => {
        const created = await models.insertModelConfiguration(trx, {
          ...input,
          description: input.description ?? null,
        });
        await audit.writeAudit(trx, {
          actorId: ctx.user.id,
          targetUserId: null,
          action: "create_model_configuration",
          after: toModelConfig(created),
        });
        return created;
      });
      ctx.ai.invalidateModelCache();
      return toModelConfig(row);
    }),

  updateModelConfiguration: adminProcedure
    .input(
      z.object({
        id: ZId,
        componentName: ZModelFields.componentName.optional(),
        modelName: ZModelFields.modelName.optional(),
        description: ZModelFields.description,
        configuration: ZConfigurationText.optional(),
        isActive: z.boolean().optional(),
      }),
    )
    .output(checked(ZModelConfig))
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      const row = await ctx.db.transaction().execute(async (trx) => {
        const before = await models.getModelConfiguration(trx, id);
        if (!before) throw notFound("Model configuration");
        const after = await models.updateModelConfiguration(trx, id, fields);
        if (!after) throw notFound("Model configuration");
        await audit.writeAudit(trx, {
          actorId: ctx.user.id,
          targetUserId: null,
          action: "update_model_configuration",
          before: toModelConfig(before),
          after: toModelConfig(after),
        });
        return after;
      });
      ctx.ai.invalidateModelCache();
      return toModelConfig(row);
    }),

  deleteModelConfiguration: adminProcedure
    .input(z.object({ id: ZId }))
    .output(checked(z.object({ success: z.literal(true) })))
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction().execute(async (trx) => {
        const before = await models.getModelConfiguration(trx, input.id);
        if (!before) throw notFound("Model configuration");
        await models.deleteModelConfiguration(trx, input.id);
        await audit.writeAudit(trx, {
          actorId: ctx.user.id,
          targetUserId: null,
          action: "delete_model_configuration",
          before: toModelConfig(before),
        });
      });
      ctx.ai.invalidateModelCache();
      return { success: true as const };
    }),
};
