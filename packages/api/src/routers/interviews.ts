import { getInterviewerState } from "@parley/db/queries/interviewer";
import * as interviews from "@parley/db/queries/interviews";
import { getProject } from "@parley/db/queries/projects";
import { z } from "zod";
import { notFound } from "../errors";
import { storableText, ZId, ZSuccess } from "../schemas/common";
import { toInterview, ZCreateInterviewInput, ZInterview } from "../schemas/project";
import { requireReadableProject } from "../services/access";
import { concealFor, type Disclosure, noteProjectById } from "../services/disclosure";
import { ensurePlan } from "../services/interviewer";
import { createInterviewWithinPlan } from "../services/limits";
import { interviewPersonalDetails, ZPersonalDetails } from "../services/personal-details";
import { generateShareLink } from "../services/tokens";
import { authedProcedure, checked, creatorProcedure } from "../trpc";
import { interviewPlanProcedures } from "./interview-plan";

const MAX_SUMMARY = 500_000;
const ZInterviewSummary = z.object({ content: z.string(), updatedAt: z.string() });
const toSummary = (row: { content: string; updated_at: Date }) => ({
  content: row.content,
  updatedAt: new Date(row.updated_at).toISOString(),
});

async function requireOwnedInterview(
  ctx: {
    db: Parameters<typeof interviews.getOwnedInterview>[0];
    user: { id: string };
    disclosure?: Disclosure;
  },
  id: number,
) {
  const row = await interviews.getOwnedInterview(ctx.db, { userId: ctx.user.id, id });
  if (!row) throw notFound("Interview");
  await noteProjectById(ctx, row.project_id);
  return row;
}

export const interviewsRouter = {
  ...interviewPlanProcedures,

  listByProject: authedProcedure
    .input(z.object({ projectId: ZId }))
    .output(checked(z.array(ZInterview)))
    .query(async ({ ctx, input }) => {
      const project = await requireReadableProject(ctx, input.projectId);
      const rows = await interviews.listInterviews(ctx.db, {
        userId: project.user_id,
        projectId: input.projectId,
      });
      return rows.map(toInterview);
    }),

  get: authedProcedure
    .input(z.object({ id: ZId }))
    .output(checked(ZInterview))
    .query(async ({ ctx, input }) => {
      const row = await interviews.getOwnedInterview(ctx.db, { userId: ctx.user.id, id: input.id });
      if (!row) throw notFound("Interview");
      return toInterview(row);
    }),

  create: creatorProcedure
    .input(ZCreateInterviewInput)
    .output(checked(ZInterview))
    .mutation(async ({ ctx, input }) => {
      if (!(await getProject(ctx.db, { userId: ctx.user.id, id: input.projectId })))
        throw notFound("Project");
      const row = await createInterviewWithinPlan(ctx.db, ctx.user, {
        ...input,
        shareLink: generateShareLink(),
      });
      // The plan is made now, so the owner can read and edit it before anyone starts.
      const state = await getInterviewerState(ctx.db, row.id);
      if (state) await ensurePlan(ctx.db, ctx.ai, state, { userId: ctx.user.id, projectId: input.projectId });
      return toInterview(row);
    }),

  setSelection: authedProcedure
    .input(z.object({ id: ZId, selected: z.boolean({ error: "selected must be true or false" }) }))
    .output(checked(ZInterview))
    .mutation(async ({ ctx, input }) => {
      if (!(await interviews.getOwnedInterview(ctx.db, { userId: ctx.user.id, id: input.id }))) {
        throw notFound("Interview");
      }
      return toInterview(await interviews.updateInterview(ctx.db, input.id, { selected: input.selected }));
    }),

  delete: authedProcedure
    .input(z.object({ id: ZId }))
    .output(checked(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      if (!(await interviews.getOwnedInterview(ctx.db, { userId: ctx.user.id, id: input.id }))) {
        throw notFound("Interview");
      }
      await interviews.deleteInterview(ctx.db, input.id);
      return { success: true as const };
    }),

  /**
   * The personal details in what the participant said (issue 26), for the interview page to mark in
   * the raw conversation: each as written, with its kind and, once it has gone through a model or
   * into a document, its placeholder.
   */
  personalDetails: authedProcedure
    .input(z.object({ id: ZId }))
    .output(checked(ZPersonalDetails))
    .query(async ({ ctx, input }) => {
      const interview = await requireOwnedInterview(ctx, input.id);
      return { details: await interviewPersonalDetails(ctx.db, interview.id) };
    }),

  /** The owner's saved summary of the interview; null until one is saved. */
  summary: authedProcedure
    .input(z.object({ id: ZId }))
    .output(checked(ZInterviewSummary.nullable()))
    .query(async ({ ctx, input }) => {
      await requireOwnedInterview(ctx, input.id);
      const row = await interviews.getInterviewSummary(ctx.db, input.id);
      return row ? toSummary(row) : null;
    }),

  /** Saves (replaces) the owner's summary of the interview, so it is there after a reload. */
  saveSummary: authedProcedure
    .input(
      z.object({
        id: ZId,
        content: storableText({ error: "Summary is required" })
          .trim()
          .min(1, "Summary is required")
          .max(MAX_SUMMARY, `Summary must be at most ${MAX_SUMMARY} characters`),
      }),
    )
    .output(checked(ZInterviewSummary))
    .mutation(async ({ ctx, input }) => {
      const interview = await requireOwnedInterview(ctx, input.id);
      const content = await concealFor(ctx, interview.project_id, input.content);
      return toSummary(await interviews.saveInterviewSummary(ctx.db, input.id, content));
    }),
};
