import { sql } from "kysely";
import type { Db } from "../client";
import { DEFAULT_MODEL_CONFIGURATIONS } from "../migrations/2025_07_01_0002_seed_plans_and_models";
import type { AiComponent } from "../schema";
import { usageThisMonth } from "./usage-rollup";
import { selectUsers } from "./users";

/** The seed migration's five defaults, which the admin area restores (and its tests compare with). */
export { DEFAULT_MODEL_CONFIGURATIONS };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Where a page of users starts: after this user in the list's order (newest first, then id). */
export interface UsersCursor {
  /** created_at as UTC text with microseconds, as `nextCursor` answered it. */
  createdAt: string;
  id: string;
}

/**
 * Users, newest first (ties by id); `search` matches email, first or last name (case-insensitive
 * contains). A page starts `after` a cursor (keyset: a sign-up while paging shifts nothing) or, for
 * old callers, at `offset`. `nextCursor` is set when the page is full.
 */
export async function listUsers(
  db: Db,
  {
    search,
    limit,
    offset = 0,
    after,
  }: { search?: string | undefined; limit: number; offset?: number; after?: UsersCursor | undefined },
) {
  let query = selectUsers(db).select(
    sql<string>`to_char(users.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
      "cursor_at",
    ),
  );
  let count = db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("total"));
  const term = search?.trim();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    const match = sql<boolean>`(users.email ilike ${pattern} or users.first_name ilike ${pattern} or users.last_name ilike ${pattern})`;
    query = query.where(match);
    count = count.where(match);
  }
  if (after) {
    query = query.where(
      sql<boolean>`(users.created_at, users.id) < (${after.createdAt}::timestamptz, ${after.id})`,
    );
  }
  const [rows, total] = await Promise.all([
    query
      .orderBy("users.created_at", "desc")
      .orderBy("users.id", "desc")
      .limit(limit)
      .offset(after ? 0 : offset)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  const last = rows.length === limit ? rows.at(-1) : undefined;
  const users = rows.map(({ cursor_at: _, ...user }) => user);
  return {
    users,
    total: Number(total.total),
    nextCursor: last ? { createdAt: last.cursor_at, id: last.id } : null,
  };
}

/** Dashboard figures from the database; money in US dollars. */
export async function adminStats(db: Db) {
  const [users, revenue, usage] = await Promise.all([
    db
      .selectFrom("users")
      .select((eb) => [
        eb.fn.countAll<number>().as("total"),
        sql<number>`count(*) filter (where subscription_tier <> 'free' and subscription_status = 'active')`.as(
          "active",
        ),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("users")
      .innerJoin("subscription_plans", (join) =>
        join.on(sql`lower(subscription_plans.name)`, "=", sql.ref("users.subscription_tier")),
      )
      .select(sql<number>`coalesce(sum(subscription_plans.price), 0)`.as("revenue"))
      .where("users.subscription_status", "=", "active")
      .where("users.subscription_tier", "<>", "free")
      .executeTakeFirstOrThrow(),
    // Rolled-up days plus the events since (the usage-rollup job keeps usage_daily current).
    usageThisMonth(db),
  ]);
  const monthlyRevenue = Number(revenue.revenue);
  const estimatedMonthlyCost = Math.round(Number(usage.cost)) / 100;
  return {
    totalUsers: Number(users.total),
    activeSubscriptions: Number(users.active),
    monthlyRevenue,
    apiCallsToday: Number(usage.today),
    apiCallsThisMonth: Number(usage.month),
    estimatedMonthlyCost,
    profitMargin: Math.round((monthlyRevenue - estimatedMonthlyCost) * 100) / 100,
  };
}

export function listUserProjects(db: Db, userId: string) {
  return db
    .selectFrom("projects")
    .select(["id", "title", "description", "status", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
}

export function listUserInterviews(db: Db, userId: string) {
  return db
    .selectFrom("interviews")
    .innerJoin("projects", "projects.id", "interviews.project_id")
    .select([
      "interviews.id",
      "interviews.name",
      "interviews.status",
      "interviews.created_at",
      "interviews.project_id",
    ])
    .where("projects.user_id", "=", userId)
    .orderBy("interviews.created_at", "desc")
    .execute();
}

export async function writeAudit(
  db: Db,
  entry: { actorId: string; targetUserId: string | null; action: string; before?: unknown; after?: unknown },
) {
  await db
    .insertInto("audit_log")
    .values({
      actor_id: entry.actorId,
      target_user_id: entry.targetUserId,
      action: entry.action,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

export function listAudit(db: Db, targetUserId: string) {
  return db
    .selectFrom("audit_log")
    .leftJoin("users", "users.id", "audit_log.actor_id")
    .select([
      "audit_log.id",
      "audit_log.action",
      "audit_log.before",
      "audit_log.after",
      "audit_log.created_at",
      "users.email as actor_email",
    ])
    .where("audit_log.target_user_id", "=", targetUserId)
    .orderBy("audit_log.id", "desc")
    .limit(100)
    .execute();
}

/**
 * Inserts the seed migration's default configuration for every AI component that has none, in one
 * transaction that locks the table, so two admins opening an empty list at once add one set, not two.
 * Answers how many were inserted.
 */
export async function insertMissingDefaultModelConfigurations(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table model_configurations in share row exclusive mode`.execute(trx);
    const present = new Set(
      (await trx.selectFrom("model_configurations").select("component_name").execute()).map(
        (row) => row.component_name,
      ),
    );
    const missing = DEFAULT_MODEL_CONFIGURATIONS.filter(
      (config) => !present.has(config.component_name as AiComponent),
    );
    if (!missing.length) return 0;
    await trx
      .insertInto("model_configurations")
      .values(
        missing.map((config) => ({
          ...config,
          component_name: config.component_name as AiComponent,
          is_active: true,
        })),
      )
      .execute();
    return missing.length;
  });
}

/** An admin's direct edit of a user's usage, reset date or admin flag (the plan goes through setPlan). */
export async function updateUserByAdmin(
  db: Db,
  userId: string,
  fields: {
    monthlyApiUsage?: number | undefined;
    usageResetDate?: Date | undefined;
    isAdmin?: boolean | undefined;
  },
): Promise<void> {
  const set = {
    ...(fields.monthlyApiUsage !== undefined ? { monthly_api_usage: fields.monthlyApiUsage } : {}),
    ...(fields.usageResetDate ? { usage_reset_date: fields.usageResetDate } : {}),
    ...(fields.isAdmin !== undefined ? { is_admin: fields.isAdmin } : {}),
  };
  if (!Object.keys(set).length) return;
  await db
    .updateTable("users")
    .set({ ...set, updated_at: new Date() })
    .where("id", "=", userId)
    .execute();
}

/** Starts a user's usage period afresh: no calls, no cost, the next reset at `nextReset`. */
export async function resetUserUsage(db: Db, userId: string, nextReset: Date): Promise<void> {
  await db
    .updateTable("users")
    .set({ monthly_api_usage: 0, monthly_api_cost: 0, usage_reset_date: nextReset, updated_at: new Date() })
    .where("id", "=", userId)
    .execute();
}
