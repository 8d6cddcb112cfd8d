import { limitsFor } from "@parley/billing/plans";
import * as q from "@parley/db/queries/projects";
import { z } from "zod";
import { notFound } from "../errors";
import { ZId, ZSuccess } from "../schemas/common";
import { toProject, ZCreateProjectInput, ZProject, ZUpdateProjectInput } from "../schemas/project";

const PLAN_NAMES = { free: "Free", basic: "Basic", pro: "Pro", enterprise: "Enterprise" } as const;

const ZProjectAllowance = z.object({
  used: z.number(),
  limit: z.number(),
  reached: z.boolean(),
  plan: z.string(),
});

import { requireReadableProject } from "../services/access";
import { createProjectWithinPlan } from "../services/limits";
import { authedProcedure, checked, creatorProcedure } from "../trpc";

export const projectsRouter = {
  list: authedProcedure.output(checked(z.array(ZProject))).query(async ({ ctx }) => {
    const rows = await q.listProjects(ctx.db, { userId: ctx.user.id });
    return rows.map(toProject);
  }),

  /**
   * How many new projects the plan still allows this month, counted as the limit counts them
   * (creations this calendar month, deleted projects included), so the page can say so before the
   * New Project form is filled in.
   */
  allowance: authedProcedure.output(checked(ZProjectAllowance)).query(async ({ ctx }) => {
    const used = await q.countProjectsThisMonth(ctx.db, { userId: ctx.user.id });
    const limit = limitsFor(ctx.user.subscription_tier).projectsPerMonth;
    return { used, limit, reached: used >= limit, plan: PLAN_NAMES[ctx.user.subscription_tier] };
  }),

  get: authedProcedure
    .input(z.object({ id: ZId }))
    .output(checked(ZProject))
    // Admins may read any project (DESIGN: admins may do everything); writes stay owner-only.
    .query(async ({ ctx, input }) => toProject(await requireReadableProject(ctx, input.id))),

  create: creatorProcedure
    .input(ZCreateProjectInput)
    .output(checked(ZProject))
    .mutation(async ({ ctx, input }) => {
      const row = await createProjectWithinPlan(ctx.db, ctx.user, {
        ...input,
        status: input.status ?? "in_progress",
      });
      return toProject(row);
    }),

  update: authedProcedure
    .input(ZUpdateProjectInput)
    .output(checked(ZProject))
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      const row = await q.updateProject(ctx.db, { userId: ctx.user.id, id }, fields);
      if (!row) throw notFound("Project");
      return toProject(row);
    }),

  delete: authedProcedure
    .input(z.object({ id: ZId }))
    .output(checked(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      if (!(await q.deleteProject(ctx.db, { userId: ctx.user.id, id: input.id }))) throw notFound("Project");
      return { success: true as const };
    }),
};
