import type { Db } from "@parley/db/client";
import { insertOverageCharge, lockDueUsagePeriod, startUsagePeriod } from "@parley/db/queries/usage-periods";
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
    const user = await lockDueUsagePeriod(trx, userId, now);
    if (!user) return false;
    // Only paid plans go pay-as-you-go; the Free plan stops at its call limit and is never billed.
    const amount =
      user.subscription_tier === "free"
        ? 0
        : Math.round(overageCents(user.monthly_api_cost, user.subscription_tier));
    if (amount > 0) {
      await insertOverageCharge(trx, {
        userId,
        periodEnd: user.usage_reset_date,
        apiCalls: user.monthly_api_usage,
        costCents: user.monthly_api_cost,
        includedCents: limitsFor(user.subscription_tier).includedAiCents,
        amountCents: amount,
      });
    }
    await startUsagePeriod(trx, userId, nextResetDate(now));
    return true;
  });
}
