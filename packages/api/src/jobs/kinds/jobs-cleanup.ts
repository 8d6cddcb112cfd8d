import { deleteFinishedJobs } from "@parley/db/queries/jobs";
import { defineJob } from "../define";

/** Forgets finished jobs after 30 days (pg-boss drops its own copies sooner). */
export const jobsCleanup = defineJob({
  kind: "jobs.cleanup",
  singletonKey: () => "all",
  schedule: "35 3 * * *",
  scheduledInput: {},
  async run({ services }, _input: Record<string, never>) {
    return deleteFinishedJobs(services.db, { olderThanDays: 30 });
  },
});
