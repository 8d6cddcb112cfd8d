import { sql } from "kysely";
import type { Db } from "../client";

/** What the usage alerts read of one user: the month's usage and the budget's alert settings. */
export function getUsageAlertState(db: Db, userId: string) {
  return db
    .selectFrom("users")
    .leftJoin("budgets", "budgets.user_id", "users.id")
    .select([
      "users.email",
      "users.first_name",
      "users.subscription_tier",
      "users.monthly_api_usage",
      "users.monthly_api_limit",
      "users.monthly_api_cost",
      "users.usage_reset_date",
      "budgets.user_id as budget_user",
      "budgets.monthly_budget",
      "budgets.budget_alerts",
      "budgets.alert_threshold_80",
      "budgets.alert_threshold_100",
      "budgets.alerted_80_period",
      "budgets.alerted_100_period",
    ])
    .where("users.id", "=", userId)
    .executeTakeFirst();
}

/** Records that the alert at `percent` went out for `period` (100% also covers 80%). */
export async function recordUsageAlert(
  db: Db,
  userId: string,
  { percent, period }: { percent: 80 | 100; period: Date },
): Promise<void> {
  const sent = {
    ...(percent === 100
      ? { alerted_100_period: period, alerted_80_period: period }
      : { alerted_80_period: period }),
    last_alert_sent: new Date(),
  };
  await db
    .insertInto("budgets")
    .values({ user_id: userId, ...sent })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(sent))
    .execute();
}

/** Users whose usage period ended by `now`, the longest overdue first (the month-end job closes them). */
export function listDueUsagePeriods(db: Db, now: Date, limit: number) {
  return db
    .selectFrom("users")
    .select("id")
    .where("usage_reset_date", "<=", now)
    .orderBy("usage_reset_date")
    .limit(limit)
    .execute();
}

/** The user's usage period, locked, when its reset date has passed; undefined otherwise. */
export function lockDueUsagePeriod(db: Db, userId: string, now: Date) {
  return db
    .selectFrom("users")
    .select(["subscription_tier", "monthly_api_usage", "monthly_api_cost", "usage_reset_date"])
    .where("id", "=", userId)
    .where("usage_reset_date", "<=", now)
    .forUpdate()
    .executeTakeFirst();
}

/** A month's overage charge, once per user and period. */
export async function insertOverageCharge(
  db: Db,
  charge: {
    userId: string;
    periodEnd: Date;
    apiCalls: number;
    costCents: number;
    includedCents: number;
    amountCents: number;
  },
): Promise<void> {
  await db
    .insertInto("overage_charges")
    .values({
      user_id: charge.userId,
      period_end: charge.periodEnd,
      api_calls: charge.apiCalls,
      cost_cents: charge.costCents,
      included_cents: charge.includedCents,
      amount_cents: charge.amountCents,
    })
    .onConflict((oc) => oc.columns(["user_id", "period_end"]).doNothing())
    .execute();
}

/** Starts the next usage period: counters at zero, the next reset at `nextReset`. */
export async function startUsagePeriod(db: Db, userId: string, nextReset: Date): Promise<void> {
  await db
    .updateTable("users")
    .set({
      monthly_api_usage: 0,
      monthly_api_cost: 0,
      usage_reset_date: nextReset,
      updated_at: sql<Date>`now()`,
    })
    .where("id", "=", userId)
    .execute();
}
