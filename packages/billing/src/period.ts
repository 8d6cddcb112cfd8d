import type { Db } from "@parley/db/client";
import { sql } from "kysely";
import { limitsFor } from "./plans";
import { nextResetDate, overageCents } from "./usage";

/** Whether a usage period whose counters reset at `resetDate` has ended (a cheap check before closing it). */
export function isPeriodOver(resetDate: Date | string, now = new Date()): boolean {
  return new Date(resetDate).getTime() <= now.getTime();
}

/**
 * Ends a user's monthly usage period once its reset date has passed (spec 2 §4, §9): the counters
 * start again from zero, and what the month's AI cost exceeded the plan's included amount is kept
 * as an overage charge for the next invoice. One transaction, so a period is closed and charged
 * once however many requests race for it. Answers whether a period was closed.
 */
export async function closeUsagePeriodIfDue(db: Db, userId: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["subscription_tier", "monthly_api_usage", "monthly_api_cost", "usage_reset_date"])
      .where("id", "=", userId)
      .where("usage_reset_date", "<=", now)
      .forUpdate()
      .executeTakeFirst();
    if (!user) return false;
    // Only paid plans go pay-as-you-go; the Free plan stops at its call limit and is never billed.
    const amount =
      user.subscription_tier === "free"
        ? 0
        : Math.round(overageCents(user.monthly_api_cost, user.subscription_tier));
    if (amount > 0) {
      await trx
        .insertInto("overage_charges")
        .values({
          user_id: userId,
          period_end: user.usage_reset_date,
          api_calls: user.monthly_api_usage,
          cost_cents: user.monthly_api_cost,
          included_cents: limitsFor(user.subscription_tier).includedAiCents,
          amount_cents: amount,
        })
        .onConflict((oc) => oc.columns(["user_id", "period_end"]).doNothing())
        .execute();
    }
    await trx
      .updateTable("users")
      .set({
        monthly_api_usage: 0,
        monthly_api_cost: 0,
        usage_reset_date: nextResetDate(now),
        updated_at: sql<Date>`now()`,
      })
      .where("id", "=", userId)
      .execute();
    return true;
  });
}
