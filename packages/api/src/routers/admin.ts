import {
  budgetBadge,
  budgetBarColor,
  nextResetDate,
  overageCents,
  usagePercent,
} from "@parley/billing/usage";
import type { Db } from "@parley/db/client";
import * as q from "@parley/db/queries/admin";
import { setPlan } from "@parley/db/queries/billing";
import {
  deleteUser,
  getUserByEmail,
  getUserById,
  insertUser,
  type UserRecord,
} from "@parley/db/queries/users";
import { z } from "zod";
import { AppError, notFound } from "../errors";
import { storableText } from "../schemas/common";
import { toUser, ZUser } from "../schemas/user";
import { hashPassword } from "../services/passwords";
import { generateToken } from "../services/tokens";
import { adminProcedure, checked } from "../trpc";
import { modelConfigurationProcedures } from "./admin-models";

/** The most users one call answers; the REST list pages on (by cursor) to answer every user. */
export const USERS_PAGE_MAX = 10_000;

/** A page cursor is opaque to callers: base64url JSON of the last user's (created_at, id). */
const encodeCursor = (cursor: q.UsersCursor) =>
  Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString("base64url");

const ZUsersCursor = z.string().transform((text, ctx): q.UsersCursor => {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (
      typeof createdAt === "string" &&
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(createdAt) &&
      typeof id === "string" &&
      id.length <= 64
    )
      return { createdAt, id };
  } catch {
    // reported below
  }
  ctx.addIssue({ code: "custom", message: "Invalid cursor" });
  return z.NEVER;
});

const ZUserId = z.string({ error: "Invalid user id" }).uuid("Invalid user id");
const ZTier = z.enum(["free", "basic", "pro"], { error: "Plan must be free, basic or pro" });

export const ZAdminUser = ZUser.extend({
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

async function requireUser(db: Db, id: string) {
  const user = await getUserById(db, id);
  if (!user) throw notFound("User");
  return user;
}

export const adminRouter = {
  users: adminProcedure
    .input(
      z
        .object({
          search: storableText().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(USERS_PAGE_MAX).default(50),
          offset: z.coerce.number().int().min(0).default(0),
          /** `nextCursor` of the page before; takes the place of `offset`. */
          cursor: ZUsersCursor.optional(),
        })
        .default({ limit: 50, offset: 0 }),
    )
    .output(
      checked(z.object({ users: z.array(ZAdminUser), total: z.number(), nextCursor: z.string().nullable() })),
    )
    .query(async ({ ctx, input }) => {
      const { search, limit, offset, cursor } = input;
      const page = await q.listUsers(ctx.db, { search, limit, offset, after: cursor });
      return {
        users: page.users.map(toAdminUser),
        total: page.total,
        nextCursor: page.nextCursor ? encodeCursor(page.nextCursor) : null,
      };
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
    .query(async ({ ctx, input }) => toAdminUser(await requireUser(ctx.db, input.id))),

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
      await requireUser(ctx.db, input.id);
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
      await requireUser(ctx.db, input.id);
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
      const before = await requireUser(ctx.db, input.id);
      if (input.isAdmin === false && input.id === ctx.user.id) {
        throw new AppError("BAD_REQUEST", "You cannot remove your own admin access");
      }
      const after = await ctx.db.transaction().execute(async (trx) => {
        if (input.subscriptionTier)
          await setPlan(trx, input.id, { tier: input.subscriptionTier, status: "active" });
        await q.updateUserByAdmin(trx, input.id, {
          monthlyApiUsage: input.monthlyApiUsage,
          usageResetDate: input.usageResetDate ? new Date(input.usageResetDate) : undefined,
          isAdmin: input.isAdmin,
        });
        const changed = await requireUser(trx, input.id);
        await q.writeAudit(trx, {
          actorId: ctx.user.id,
          targetUserId: input.id,
          action: "update_user",
          before: toUser(before),
          after: toUser(changed),
        });
        return changed;
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
      const user = await requireUser(ctx.db, input.id);
      if (user.stripe_subscription_id && user.subscription_status !== "canceled") {
        // The account goes either way; a subscription left at Stripe is for a person to end by hand.
        await ctx.billing
          .cancel(user.id)
          .catch((error: unknown) =>
            ctx.logger.error(
              { err: error, userId: user.id, subscriptionId: user.stripe_subscription_id },
              "Deleting a user: their Stripe subscription could not be canceled",
            ),
          );
      }
      await ctx.db.transaction().execute(async (trx) => {
        await deleteUser(trx, input.id);
        await q.writeAudit(trx, {
          actorId: ctx.user.id,
          targetUserId: input.id,
          action: "delete_user",
          before: toUser(user),
        });
      });
      return { success: true as const, message: "User deleted" };
    }),

  cancelSubscription: adminProcedure
    .input(z.object({ id: ZUserId }))
    .output(checked(ZAdminUser))
    .mutation(async ({ ctx, input }) => {
      const before = await requireUser(ctx.db, input.id);
      // A free plan has nothing to cancel; cancelling it would only lock the user out of creating.
      if (before.subscription_tier === "free") {
        throw new AppError("BAD_REQUEST", "This user has no paid subscription to cancel");
      }
      await ctx.billing.cancel(input.id);
      const after = await requireUser(ctx.db, input.id);
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
      const before = await requireUser(ctx.db, input.id);
      const after = await ctx.db.transaction().execute(async (trx) => {
        await q.resetUserUsage(trx, input.id, nextResetDate());
        await q.writeAudit(trx, {
          actorId: ctx.user.id,
          targetUserId: input.id,
          action: "reset_usage",
          before: { monthlyApiUsage: before.monthly_api_usage, monthlyApiCost: before.monthly_api_cost },
          after: { monthlyApiUsage: 0, monthlyApiCost: 0 },
        });
        return requireUser(trx, input.id);
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
      const passwordHash = await hashPassword(temporaryPassword);
      const user = await ctx.db.transaction().execute(async (trx) => {
        const created = await insertUser(trx, {
          email: input.email,
          passwordHash,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
        });
        if (!created) throw new AppError("CONFLICT", "An account with this email already exists");
        await setPlan(trx, created.id, { tier: input.subscriptionTier, status: "active" });
        await q.writeAudit(trx, {
          actorId: ctx.user.id,
          targetUserId: created.id,
          action: "create_test_account",
          after: { email: created.email, tier: input.subscriptionTier },
        });
        return created;
      });
      return { email: user.email, temporaryPassword };
    }),

  ...modelConfigurationProcedures,
};
