import { defineJob } from "./define";

/** A job that hangs in a process started with PARLEY_TEST_HANG=1 (killed mid-job by the test), else finishes at once. */
export const slowKind = defineJob({
  kind: "test.slow",
  retryLimit: 2,
  retryDelaySeconds: 1,
  async run(_context, _input: Record<string, never>) {
    if (process.env.PARLEY_TEST_HANG === "1") await new Promise(() => undefined);
    return { finishedBy: process.pid };
  },
});
