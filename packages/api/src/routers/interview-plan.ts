import { keywords, slug } from "@parley/ai/interview/text";
import { MAX_TOPICS, MIN_TOPICS, TOPIC_SOURCES, ZInterviewPlan } from "@parley/ai/interview/types";
import * as interviewer from "@parley/db/queries/interviewer";
import { getOwnedInterview } from "@parley/db/queries/interviews";
import { z } from "zod";
import type { Context } from "../context";
import { AppError, notFound } from "../errors";
import { storableText, ZId } from "../schemas/common";
import { requireReadableProject } from "../services/access";
import { type CoverageGrid, coverageGrid, parsePlan, parseReview } from "../services/interviewer";
import { authedProcedure, checked, creatorProcedure } from "../trpc";

export const PLAN_LOCKED = "The interview has started, so its plan can no longer be changed.";

const line = (name: string, max: number) =>
  storableText({ error: `${name} must be text` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`);

const ZTopicInput = z.object({
  id: storableText().trim().max(60).optional(),
  title: line("Topic title", 120),
  intent: line("Topic intent", 300),
  probes: z
    .array(line("Question", 300), { error: "Questions must be a list" })
    .min(1, "Each topic needs at least one question")
    .max(4, "At most 4 questions per topic"),
  source: z.enum(TOPIC_SOURCES).optional(),
  keywords: z.array(line("Keyword", 40)).max(12).optional(),
});

const ZPlanInput = z.object({
  topics: z
    .array(ZTopicInput, { error: "topics must be a list" })
    .min(MIN_TOPICS, `A plan has at least ${MIN_TOPICS} topics`)
    .max(MAX_TOPICS, `A plan has at most ${MAX_TOPICS} topics`),
});

const ZPlanView = z.object({
  plan: ZInterviewPlan.nullable(),
  plannedBy: z.string().nullable(),
  editable: z.boolean(),
  readBack: z
    .object({
      points: z.array(z.string()),
      confirmations: z.array(z.number()),
      corrections: z.array(z.object({ point: z.number().nullable(), text: z.string() })),
    })
    .nullable(),
});

async function planView(ctx: Context, interviewId: number) {
  const state = await interviewer.getInterviewerState(ctx.db, interviewId);
  if (!state) throw notFound("Interview");
  return {
    plan: parsePlan(state.plan),
    plannedBy: state.planned_by,
    editable: !state.started_at && !state.has_turns && ["pending", "scheduled"].includes(state.status),
    readBack: parseReview(state.read_back),
  };
}

/** Topics × interviews, each cell a topic's coverage in one interview (null: not in its plan). */
const ZCoverageGrid = z.object({
  topics: z.array(z.object({ key: z.string(), title: z.string() })),
  interviews: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      stakeholderType: z.string(),
      status: z.string(),
      cells: z.record(z.string(), z.enum(["covered", "thin", "not_reached"]).nullable()),
    }),
  ),
}) satisfies z.ZodType<CoverageGrid>;

/** The owner's view of an interview's plan, read-back and coverage (issue 14). */
export const interviewPlanProcedures = {
  plan: authedProcedure
    .input(z.object({ id: ZId }))
    .output(checked(ZPlanView))
    .query(async ({ ctx, input }) => {
      if (!(await getOwnedInterview(ctx.db, { userId: ctx.user.id, id: input.id })))
        throw notFound("Interview");
      return planView(ctx, input.id);
    }),

  /** The owner edits the plan until the interview starts; after that, 409. */
  updatePlan: creatorProcedure
    .input(z.object({ id: ZId, plan: ZPlanInput }))
    .output(checked(ZPlanView))
    .mutation(async ({ ctx, input }) => {
      if (!(await getOwnedInterview(ctx.db, { userId: ctx.user.id, id: input.id })))
        throw notFound("Interview");
      const ids = new Set<string>();
      const topics = input.plan.topics.map((t) => {
        let id = t.id || slug(t.title);
        for (let n = 2; ids.has(id); n += 1) id = `${t.id || slug(t.title)}-${n}`.slice(0, 60);
        ids.add(id);
        return {
          id,
          title: t.title,
          intent: t.intent,
          probes: t.probes,
          source: t.source ?? "objective",
          keywords: t.keywords?.length ? t.keywords : keywords(t.title).slice(0, 12),
        };
      });
      const plan = ZInterviewPlan.parse({ topics });
      const stored = await interviewer.setInterviewPlan(ctx.db, input.id, plan, "owner", {
        onlyBeforeStart: true,
      });
      if (!stored) throw new AppError("CONFLICT", PLAN_LOCKED);
      return planView(ctx, input.id);
    }),

  /** Topics × interviews of a project: covered, thin or not reached. */
  coverage: authedProcedure
    .input(z.object({ projectId: ZId }))
    .output(checked(ZCoverageGrid))
    .query(async ({ ctx, input }) => {
      await requireReadableProject(ctx, input.projectId);
      return coverageGrid(ctx.db, input.projectId);
    }),
};
