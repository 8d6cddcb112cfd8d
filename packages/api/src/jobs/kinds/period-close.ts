import { closeUsagePeriodIfDue } from "@parley/billing/period";
import { listDueUsagePeriods } from "@parley/db/queries/usage-periods";
import { defineJob } from "../define";

/**
 * Month-end: closes every usage period whose reset date has passed (overage recorded, counters
 * reset; the same function a signed-in request uses, so each period closes once), then puts the
 * pending overage charges on Stripe invoices.
 */
export const periodClose = defineJob({
  kind: "billing.period-close",
  singletonKey: () => "all",
  schedule: "*/15 * * * *",
  scheduledInput: {},
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 900,
  async run({ services, progress, signal }, _input: Record<string, never>) {
    const due = await listDueUsagePeriods(services.db, new Date(), 10_000);
    let closed = 0;
    for (const [index, user] of due.entries()) {
      if (signal.aborted) throw new Error("Period close stopped");
      if (await closeUsagePeriodIfDue(services.db, user.id)) closed += 1;
      if (index % 100 === 99) await progress(index + 1, due.length + 1, "Closing usage periods");
    }
    await progress(due.length, due.length + 1, "Posting overage charges");
    const { charged } = await services.billing.chargePendingOverages();
    return { closed, charged };
  },
});
