import { ZEvidenceNotice } from "@parley/ai/evidence/facade";
import { ZConflict, ZEvidence, ZTheme } from "@parley/ai/evidence/types";
import * as docs from "@parley/db/queries/documents";
import { completedInterviews, interviewNames, latestSynthesis } from "@parley/db/queries/evidence";
import { getOwnedInterview } from "@parley/db/queries/interviews";
import { getProjectText } from "@parley/db/queries/projects";
import { loadTree } from "@parley/db/queries/requirements";
import { z } from "zod";
import { AppError, notFound } from "../errors";
import { ZId } from "../schemas/common";
import { toPrompt, ZPrompt } from "../schemas/document";
import { requireProject, requireReadableProject } from "../services/access";
import { revealAnswer } from "../services/disclosure";
import { NO_INTERVIEWS } from "../services/evidence";
import { evidenceContext, withEvidence } from "../services/evidence-context";
import { asEvidenceTree, storedAsInput } from "../services/evidence-tree";
import { loadRequirements } from "../services/requirements";
import { EXPORT_FORMATS, exportRequirements } from "../services/requirements-export";
import { authedProcedure, checked, creatorProcedure } from "../trpc";

const ZJobStarted = z.object({ jobId: z.string() });
const ZProjectInput = z.object({ projectId: ZId });

const ZSynthesisView = z.object({
  documentId: z.number().nullable(),
  themes: z.array(ZTheme),
  conflicts: z.array(ZConflict),
  openQuestions: z.array(ZEvidence.extend({ text: z.string() })),
  /** What the owner must be told about this summary: interviews offline writing could not read. */
  notices: z.array(ZEvidenceNotice),
});

const ZExportFile = z.object({ fileName: z.string(), contentType: z.string(), content: z.string() });

/** Starts a project job once the project has something to work from. */
async function startProjectJob(
  ctx: Parameters<typeof requireProject>[0] & Pick<import("../context").Context, "jobs" | "db">,
  kind: "evidence.synthesis" | "evidence.requirements",
  projectId: number,
) {
  const project = await requireProject(ctx, projectId);
  if (!(await completedInterviews(ctx.db, project.id)).length)
    throw new AppError("BAD_REQUEST", NO_INTERVIEWS);
  const job = await ctx.jobs.enqueue(
    kind,
    { projectId: project.id, ownerId: ctx.user.id },
    { ownerId: ctx.user.id },
  );
  return { jobId: job.id };
}

export const evidenceRouter = {
  /** "Summarize Interviews" as a job: 202 `{ jobId }`; the job's result is the summary with themes and conflicts. */
  synthesize: creatorProcedure
    .input(ZProjectInput)
    .output(checked(ZJobStarted))
    .mutation(({ ctx, input }) => startProjectJob(ctx, "evidence.synthesis", input.projectId)),

  /** "Generate Requirements" as a job: 202 `{ jobId }`; the job's result is the tree with evidence. */
  generateRequirements: creatorProcedure
    .input(ZProjectInput)
    .output(checked(ZJobStarted))
    .mutation(({ ctx, input }) => startProjectJob(ctx, "evidence.requirements", input.projectId)),

  /** Reads one completed interview again (on demand); syntheses reuse what it keeps. */
  extractInterview: creatorProcedure
    .input(z.object({ interviewId: ZId }))
    .output(checked(ZJobStarted))
    .mutation(async ({ ctx, input }) => {
      const interview = await getOwnedInterview(ctx.db, { userId: ctx.user.id, id: input.interviewId });
      if (!interview) throw notFound("Interview");
      if (interview.status !== "completed") {
        throw new AppError("BAD_REQUEST", "Only a completed interview can be read for evidence");
      }
      const job = await ctx.jobs.enqueue(
        "evidence.extract",
        { projectId: interview.project_id, interviewId: interview.id, ownerId: ctx.user.id },
        { ownerId: ctx.user.id },
      );
      return { jobId: job.id };
    }),

  /**
   * "Generate Prompt" as one server workflow: reads the project, its summary, its requirements and
   * the evidence (themes, conflicts, quotes), writes the build prompt, and saves it as the active
   * prompt in one transaction.
   */
  generatePrompt: creatorProcedure
    .input(ZProjectInput)
    .output(checked(ZPrompt))
    .mutation(async ({ ctx, input }) => {
      const project = await requireProject(ctx, input.projectId);
      const [text, requirements, evidence, summaries] = await Promise.all([
        getProjectText(ctx.db, { userId: ctx.user.id, id: project.id }),
        loadRequirements(ctx.db, project.id),
        evidenceContext(ctx.db, project.id),
        docs.listDocuments(ctx.db, project.id, "summary"),
      ]);
      const documentation = withEvidence(text?.summary, evidence);
      if (!documentation.trim() && !requirements.text.trim()) {
        throw new AppError("BAD_REQUEST", "No requirements or summary available");
      }
      const content = await ctx.ai.buildPrompt({
        title: project.title,
        objective: text?.objective,
        targetAudience: text?.target_audience,
        requirements: requirements.text.trim() ? requirements.text : null,
        documentation,
        billTo: { userId: ctx.user.id, projectId: project.id },
      });
      const source = summaries.find((d) => d.is_active) ?? null;
      const row = await ctx.db.transaction().execute((trx) =>
        docs.insertPrompt(trx, {
          projectId: project.id,
          documentId: source?.id ?? null,
          title: `${project.title} - Build Prompt`,
          content,
          status: "completed",
        }),
      );
      return toPrompt(row);
    }),

  /** The themes, conflicts and open questions behind the project's summary (the Conflicts panel). */
  synthesis: authedProcedure
    .input(ZProjectInput)
    .output(checked(ZSynthesisView))
    .query(async ({ ctx, input }) => {
      await requireReadableProject(ctx, input.projectId);
      const row = await latestSynthesis(ctx.db, input.projectId);
      const stored = (row?.synthesis ?? {}) as Partial<z.infer<typeof ZSynthesisView>>;
      return {
        documentId: row?.id ?? null,
        themes: stored.themes ?? [],
        conflicts: stored.conflicts ?? [],
        openQuestions: stored.openQuestions ?? [],
        notices: stored.notices ?? [],
      };
    }),

  /** The requirements tree as a file: Jira CSV, Linear CSV, JSON with evidence, or Markdown. */
  exportRequirements: authedProcedure
    .input(
      z.object({
        projectId: ZId,
        format: z.enum(EXPORT_FORMATS, {
          error: `format must be one of ${EXPORT_FORMATS.join(", ")}`,
        }),
      }),
    )
    .output(checked(ZExportFile))
    .query(async ({ ctx, input }) => {
      const project = await requireReadableProject(ctx, input.projectId);
      const [epics, names] = await Promise.all([
        loadTree(ctx.db, project.id),
        interviewNames(ctx.db, project.id),
      ]);
      // The tree is revealed before it is written out (the switch on): a detail with a comma or a
      // quote in it is then escaped as CSV and JSON need, rather than put into the finished file.
      const tree = asEvidenceTree(storedAsInput(epics));
      const shown = project.show_personal_details
        ? ((await revealAnswer(ctx.db, project.id, tree)) as typeof tree)
        : tree;
      return exportRequirements(input.format, project, shown, names);
    }),
};
