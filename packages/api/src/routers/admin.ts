import {
  budgetBadge,
  budgetBarColor,
  nextResetDate,
  overageCents,
  usagePercent,
} from "@parley/billing/usage";
import * as q from "@parley/db/queries/admin";
import { getUserByEmail, getUserById, insertUser, type UserRecord } from "@parley/db/queries/users";
import { AI_COMPONENTS } from "@parley/db/schema";
import { z } from "zod";
import type { Context } from "../context";
import { AppError, notFound } from "../errors";
import { storableText, ZId } from "../schemas/common";
import { toUser, ZUser } from "../schemas/user";
import { hashPassword } from "../services/passwords";
import { generateToken } from "../services/tokens";
import { adminProcedure, checked } from "../trpc";

/** The most users one call answers; the REST list pages through them to answer every user. */
export const USERS_PAGE_MAX = 10_000;

const ZUserId = z.string({ error: "Invalid user id" }).uuid("Invalid user id");
const ZTier = z.enum(["free", "basic", "pro"], { error: "Plan must be free, basic or pro" });

const ZAdminUser = ZUser.extend({
  budgetBadge: z.enum(["BUDGET EXCEEDED", "PAY-AS-YOU-GO"]).nullable(),
  budgetBarColor: z.enum(["red", "orange", "green"]),
  overageCents: z.number(),
  usagePercent: z.number(),
});

function toAdminUser(record: UserRecord) {
  const user = toUser(record);
  return {
    ...user,
    budgetBadge: budgetBadge(record.monthly_api_cost, record.monthly_budget, record.subscription_tier),
    budgetBarColor: budgetBarColor(record.monthly_api_cost, record.monthly_budget, record.subscription_tier),
    overageCents: Math.round(overageCents(record.monthly_api_cost, record.subscription_tier) * 100) / 100,
    usagePercent: usagePercent(record.monthly_api_usage, record.monthly_api_limit),
  };
}

async function requireUser(ctx: Context, id: string) {
  const user = await getUserById(ctx.db, id);
  if (!user) throw notFound("User");
  return user;
}

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

const toModelConfig = (row: {
  id: number;
  component_name: (typeof AI_COMPONENTS)[number];
  model_name: string;
  description: string | null;
  configuration: string;
  is_active: boolean;
  updated_at: Date;
}) => ({
  id: row.id,
  componentName: row.component_name,
  modelName: row.model_name,
  description: row.description,
  configuration: row.configuration,
  isActive: row.is_active,
  updatedAt: new Date(row.updated_at).toISOString(),
});

const modelColumns = [
  "id",
  "component_name",
  "model_name",
  "description",
  "configuration",
  "is_active",
  "updated_at",
] as const;

export const adminRouter = {
  users: adminProcedure
    .input(
      z
        .object({
          search: storableText().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(USERS_PAGE_MAX).default(50),
          offset: z.coerce.number().int().min(0).default(0),
        })
        .default({ limit: 50, offset: 0 }),
    )
    .output(checked(z.object({ users: z.array(ZAdminUser), total: z.number() })))
    .query(async ({ ctx, input }) => {
      const { users, total } = await q.listUsers(ctx.db, input);
      return { users: users.map(toAdminUser), total };
    }),

  stats: adminProcedure
    .output(
      checked(
        z.object({
          totalUsers: z.number(),
          activeSubscriptions: z.number(),
          monthlyRevenue: z.number(),
          apiCallsToday: z.number(),
          apiCallsThisMonth: z.number(),
          estimatedMonthlyCost: z.number(),
          profitMargin: z.number(),
        }),
      ),
    )
    .query(({ ctx }) => q.adminStats(ctx.db)),

  user: adminProcedure
    .input(z.object({ id: ZUserId }))
    .output(checked(ZAdminUser))
    .query(async ({ ctx, input }) => toAdminUser(await requireUser(ctx, input.id))),

  userProjects: adminProcedure
    .input(z.object({ id: ZUserId }))
    .output(
      checked(
        z.array(
          z.object({
            id: z.number(),
            title: z.string(),
            description: z.string().nullable(),
            status: z.string(),
            createdAt: z.string(),
          }),
        ),
      ),
    )
    .query(async ({ ctx, input }) => {
      await requireUser(ctx, input.id);
      const rows = await q.listUserProjects(ctx.db, input.id);
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        status: r.status,
        createdAt: new Date(r.created_at).toISOString(),
      }));
    }),

  userInterviews: adminProcedure
    .input(z.object({ id: ZUserId }))
    .output(
      checked(
        z.array(
          z.object({
            id: z.number(),
            name: z.string(),
            status: z.string(),
            projectId: z.number(),
            createdAt: z.string(),
          }),
        ),
      ),
    )
    .query(async ({ ctx, input }) => {
      await requireUser(ctx, input.id);
      const rows = await q.listUserInterviews(ctx.db, input.id);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        status: r.status,
        projectId: r.project_id,
        createdAt: new Date(r.created_at).toISOString(),
      }));
    }),

  audit: adminProcedure
    .input(z.object({ id: ZUserId }))
    .output(
      checked(
        z.array(
          z.object({
            id: z.number(),
            action: z.string(),
            actorEmail: z.string().nullable(),
            before: z.unknown(),
            after: z.unknown(),
            createdAt: z.string(),
          }),
        ),
      ),
    )
    .query(async ({ ctx, input }) => {
      const rows = await q.listAudit(ctx.db, input.id);
      return rows.map((r) => ({
        id: r.id,
        action: r.action,
        actorEmail: r.actor_email,
        before: r.before,
        after: r.after,
        createdAt: new Date(r.created_at).toISOString(),
      }));
    }),

  /** Partial update: the plan (a paid plan makes the subscription active), or usage and reset date. */
  updateUser: adminProcedure
    .input(
      z.object({
        id: ZUserId,
        subscriptionTier: ZTier.optional(),
        monthlyApiUsage: z.number().int().min(0).max(10_000_000).optional(),
        usageResetDate: z.iso.datetime({ error: "usageResetDate must be an ISO date" }).optional(),
        isAdmin: z.boolean().optional(),
      }),
    )
    .output(checked(ZAdminUser))
    .mutation(async ({ ctx, input }) => {
      const before = await requireUser(ctx, input.id);
      if (input.isAdmin === false && input.id === ctx.user.id) {
        throw new AppError("BAD_REQUEST", "You cannot remove your own admin access");
      }
      if (input.subscriptionTier) await ctx.billing.setTier(input.id, input.subscriptionTier);
      const fields = {
        ...(input.monthlyApiUsage !== undefined ? { monthly_api_usage: input.monthlyApiUsage } : {}),
        ...(input.usageResetDate ? { usage_reset_date: new Date(input.usageResetDate) } : {}),
        ...(input.isAdmin !== undefined ? { is_admin: input.isAdmin } : {}),
      };
      if (Object.keys(fields).length) {
        await ctx.db
          .updateTable("users")
          .set({ ...fields, updated_at: new Date() })
          .where("id", "=", input.id)
          .execute();
      }
      const after = await requireUser(ctx, input.id);
      await q.writeAudit(ctx.db, {
        actorId: ctx.user.id,
        targetUserId: input.id,
        action: "update_user",
        before: toUser(before),
        after: toUser(after),
      });
      return toAdminUser(after);
    }),

  deleteUser: adminProcedure
    .input(
      z.object({
        id: ZUserId,
        confirmDelete: z.literal(true, { error: "confirmDelete must be true to delete the account" }),
      }),
    )
    .output(checked(z.object({ success: z.literal(true), message: z.string() })))
    .mutation(async ({ ctx, input }) => {
      if (input.id === ctx.user.id)
        throw new AppError("BAD_REQUEST", "You cannot delete your own account from the admin area");
      const user = await requireUser(ctx, input.id);
      if (user.stripe_subscription_id && user.subscription_status !== "canceled") {
        await ctx.billing.cancel(user.id).catch(() => undefined);
      }
      await ctx.db.deleteFrom("users").where("id", "=", input.id).execute();
      await q.writeAudit(ctx.db, {
        actorId: ctx.user.id,
        targetUserId: input.id,
        action: "delete_user",
        before: toUser(user),
      });
      return { success: true as const, message: "User deleted" };
    }),

  cancelSubscription: adminProcedure
    .input(z.object({ id: ZUserId }))
    .output(checked(ZAdminUser))
    .mutation(async ({ ctx, input }) => {
      const before = await requireUser(ctx, input.id);
      // A free plan has nothing to cancel; cancelling it would only lock the user out of creating.
      if (before.subscription_tier === "free") {
        throw new AppError("BAD_REQUEST", "This user has no paid subscription to cancel");
      }
      await ctx.billing.cancel(input.id);
      const after = await requireUser(ctx, input.id);
      await q.writeAudit(ctx.db, {
        actorId: ctx.user.id,
        targetUserId: input.id,
        action: "cancel_subscription",
        before: { status: before.subscription_status },
        after: { status: after.subscription_status },
      });
      return toAdminUser(after);
    }),

  resetUsage: adminProcedure
    .input(z.object({ id: ZUserId }))
    .output(checked(ZAdminUser))
    .mutation(async ({ ctx, input }) => {
      const before = await requireUser(ctx, input.id);
      await ctx.db
        .updateTable("users")
        .set({
          monthly_api_usage: 0,
          monthly_api_cost: 0,
          usage_reset_date: nextResetDate(),
          updated_at: new Date(),
        })
        .where("id", "=", input.id)
        .execute();
      const after = await requireUser(ctx, input.id);
      await q.writeAudit(ctx.db, {
        actorId: ctx.user.id,
        targetUserId: input.id,
        action: "reset_usage",
        before: { monthlyApiUsage: before.monthly_api_usage, monthlyApiCost: before.monthly_api_cost },
        after: { monthlyApiUsage: 0, monthlyApiCost: 0 },
      });
      return toAdminUser(after);
    }),

  syncSubscriptions: adminProcedure
    .output(checked(z.object({ updated: z.number() })))
    .mutation(async ({ ctx }) => {
      const result = await ctx.billing.syncSubscriptions();
      await q.writeAudit(ctx.db, {
        actorId: ctx.user.id,
        targetUserId: null,
        action: "sync_subscriptions",
        after: result,
      });
      return result;
    }),

  createTestAccount: adminProcedure
    .input(
      z.object(
        {
          email: z
            .string({ error: "Email is required" })
            .trim()
            .min(1, "Email is required")
            .pipe(z.email({ error: "Please enter a valid email address" })),
          firstName: storableText().trim().max(100).nullish(),
          lastName: storableText().trim().max(100).nullish(),
          subscriptionTier: ZTier.default("free"),
        },
        { error: "Email is required" },
      ),
    )
    .output(checked(z.object({ email: z.string(), temporaryPassword: z.string() })))
    .mutation(async ({ ctx, input }) => {
      if (await getUserByEmail(ctx.db, input.email))
        throw new AppError("CONFLICT", "An account with this email already exists");
      // Shown once, stored only as an argon2id hash.
      const temporaryPassword = generateToken().slice(0, 16);
      const user = await insertUser(ctx.db, {
        email: input.email,
        passwordHash: await hashPassword(temporaryPassword),
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
      });
      if (!user) throw new AppError("CONFLICT", "An account with this email already exists");
      await ctx.billing.setTier(user.id, input.subscriptionTier);
      await q.writeAudit(ctx.db, {
        actorId: ctx.user.id,
        targetUserId: user.id,
        action: "create_test_account",
        after: { email: user.email, tier: input.subscriptionTier },
      });
      return { email: user.email, temporaryPassword };
    }),

  modelConfigurations: adminProcedure.output(checked(z.array(ZModelConfig))).query(async ({ ctx }) => {
    const rows = await ctx.db
      .selectFrom("model_configurations")
      .select(modelColumns)
      .orderBy("component_name")
      .orderBy("id")
      .execute();
    return rows.map(toModelConfig);
  }),

  /** Restores the seed migration's default for every component without a configuration. */
  initializeModelConfigurations: adminProcedure
    .output(checked(z.object({ inserted: z.number() })))
    .mutation(async ({ ctx }) => {
      const inserted = await q.insertMissingDefaultModelConfigurations(ctx.db);
      if (inserted) {
        ctx.ai.invalidateModelCache();
        await q.writeAudit(ctx.db, {
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
      const row = await ctx.db
        .insertInto("model_configurations")
        .values({
          component_name: input.componentName,
          model_name: input.modelName,
          description: input.description ?? null,
          configuration: input.configuration || "{}",
          is_active: input.isActive,
        })
        .returning(modelColumns)
        .executeTakeFirstOrThrow();
      ctx.ai.invalidateModelCache();
      await q.writeAudit(ctx.db, {
        actorId: ctx.user.id,
        targetUserId: null,
        action: "create_model_configuration",
        after: toModelConfig(row),
      });
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
      const before = await ctx.db
        .selectFrom("model_configurations")
        .select(modelColumns)
        .where("id", "=", input.id)
        .executeTakeFirst();
      if (!before) throw notFound("Model configuration");
      const row = await ctx.db
        .updateTable("model_configurations")
        .set({
          ...(input.componentName ? { component_name: input.componentName } : {}),
          ...(input.modelName ? { model_name: input.modelName } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.configuration !== undefined ? { configuration: input.configuration || "{}" } : {}),
          ...(input.isActive !== undefined ? { is_active: input.isActive } : {}),
          updated_at: new Date(),
        })
        .where("id", "=", input.id)
        .returning(modelColumns)
        .executeTakeFirstOrThrow();
      ctx.ai.invalidateModelCache();
      await q.writeAudit(ctx.db, {
        actorId: ctx.user.id,
        targetUserId: null,
        action: "update_model_configuration",
        before: toModelConfig(before),
        after: toModelConfig(row),
      });
      return toModelConfig(row);
    }),

  deleteModelConfiguration: adminProcedure
    .input(z.object({ id: ZId }))
    .output(checked(z.object({ success: z.literal(true) })))
    .mutation(async ({ ctx, input }) => {
      const before = await ctx.db
        .selectFrom("model_configurations")
        .select(modelColumns)
        .where("id", "=", input.id)
        .executeTakeFirst();
      if (!before) throw notFound("Model configuration");
      await ctx.db.deleteFrom("model_configurations").where("id", "=", input.id).execute();
      ctx.ai.invalidateModelCache();
      await q.writeAudit(ctx.db, {
        actorId: ctx.user.id,
        targetUserId: null,
        action: "delete_model_configuration",
        before: toModelConfig(before),
      });
      return { success: true as const };
    }),
};
