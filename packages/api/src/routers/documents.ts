import * as docs from "@parley/db/queries/documents";
import { getProjectText, setProjectSummary } from "@parley/db/queries/projects";
import { z } from "zod";
import { notFound } from "../errors";
import { storableText, ZId, ZSuccess } from "../schemas/common";
import { MAX_DOCUMENT, toDocument, ZCreateDocumentInput, ZDocument } from "../schemas/document";
import { requireProject, requireReadableProject } from "../services/access";
import { noteProjectById } from "../services/disclosure";
import { saveRequirementsText } from "../services/requirements";
import { authedProcedure, checked, creatorProcedure } from "../trpc";

const ZSummaryText = storableText({ error: "Summary must be text" }).max(MAX_DOCUMENT, "Summary is too long");

export const documentsRouter = {
  list: authedProcedure
    .input(
      z.object({ projectId: ZId, kind: z.enum(["summary", "requirements", "documentation"]).optional() }),
    )
    .output(checked(z.array(ZDocument)))
    .query(async ({ ctx, input }) => {
      await requireReadableProject(ctx, input.projectId);
      return (await docs.listDocuments(ctx.db, input.projectId, input.kind)).map(toDocument);
    }),

  create: creatorProcedure
    .input(ZCreateDocumentInput)
    .output(checked(ZDocument))
    .mutation(async ({ ctx, input }) => {
      await requireProject(ctx, input.projectId);
      // Interviews of another project (and so of another owner) are as unknown as missing ones.
      const found = await docs.interviewIdsInProject(ctx.db, input.projectId, input.interviewIds);
      if (new Set(found).size !== new Set(input.interviewIds).size) throw notFound("Interview");
      return toDocument(await docs.insertDocument(ctx.db, input));
    }),

  /** Load / Make Active: the document becomes the project's active summary or requirements. */
  activate: authedProcedure
    .input(z.object({ id: ZId }))
    .output(checked(ZDocument))
    .mutation(async ({ ctx, input }) => {
      const doc = await docs.getOwnedDocument(ctx.db, ctx.user.id, input.id);
      if (!doc) throw notFound("Document");
      await noteProjectById(ctx, doc.project_id);
      await ctx.db.transaction().execute(async (trx) => {
        await docs.activateDocument(trx, doc);
        if (doc.kind === "summary") await setProjectSummary(trx, doc.project_id, doc.content);
        if (doc.kind === "requirements") await saveRequirementsText(trx, doc.project_id, doc.content);
      });
      return toDocument({ ...doc, is_active: true });
    }),

  /** Deleting the active requirements document clears the requirements structure (spec 1 §4). */
  delete: authedProcedure
    .input(z.object({ id: ZId }))
    .output(checked(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      const doc = await docs.getOwnedDocument(ctx.db, ctx.user.id, input.id);
      if (!doc) throw notFound("Document");
      await ctx.db.transaction().execute(async (trx) => {
        await docs.deleteDocument(trx, doc.id);
        if (doc.kind === "requirements" && doc.is_active) await saveRequirementsText(trx, doc.project_id, "");
      });
      return { success: true as const };
    }),

  summary: authedProcedure
    .input(z.object({ projectId: ZId }))
    .output(checked(z.object({ summary: z.string() })))
    .query(async ({ ctx, input }) => {
      const { user_id } = await requireReadableProject(ctx, input.projectId);
      const project = await getProjectText(ctx.db, { userId: user_id, id: input.projectId });
      if (!project) throw notFound("Project");
      return { summary: project.summary ?? "" };
    }),

  saveSummary: authedProcedure
    .input(z.object({ projectId: ZId, summary: ZSummaryText }))
    .output(checked(z.object({ summary: z.string() })))
    .mutation(async ({ ctx, input }) => {
      await requireProject(ctx, input.projectId);
      await setProjectSummary(ctx.db, input.projectId, input.summary);
      return { summary: input.summary };
    }),
};
