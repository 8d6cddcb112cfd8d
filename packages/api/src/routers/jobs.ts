import { getJobFor } from "@parley/db/queries/jobs";
import { JOB_STATUSES } from "@parley/db/schema";
import { z } from "zod";
import { notFound } from "../errors";
import { authedProcedure, checked } from "../trpc";

export const ZJob = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.object({ done: z.number(), total: z.number(), step: z.string() }),
  error: z.string().optional(),
  result: z.unknown().optional(),
});

export const jobsRouter = {
  /** A background job's status and progress: its owner's and admins' only (others: 404). */
  get: authedProcedure
    .input(z.object({ id: z.string({ error: "Job id is required" }).max(100) }))
    .output(checked(ZJob))
    .query(async ({ ctx, input }) => {
      const job = await getJobFor(
        ctx.db,
        { userId: ctx.user.id, isAdmin: ctx.user.is_admin && !ctx.accessToken },
        input.id,
      );
      if (!job) throw notFound("Job");
      return job;
    }),
};
