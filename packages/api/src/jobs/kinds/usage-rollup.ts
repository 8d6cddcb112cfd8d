import { rollUpUsageDays } from "@parley/db/queries/usage-rollup";
import { defineJob } from "../define";

/** Sums finished days of usage events into usage_daily, so the admin dashboard reads ~31 rows. */
export const usageRollup = defineJob({
  kind: "usage.rollup",
  singletonKey: () => "all",
  schedule: "5 0 * * *",
  scheduledInput: {},
  expireInSeconds: 600,
  async run({ services, progress }, _input: Record<string, never>) {
    await progress(0, 1, "Summing usage by day");
    const { days } = await rollUpUsageDays(services.db);
    await progress(1, 1, `Rolled up ${days} day(s)`);
    return { days };
  },
});
