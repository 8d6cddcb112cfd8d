import * as docs from "@parley/db/queries/documents";
import { z } from "zod";
import { notFound } from "../errors";
import { ZId, ZSuccess } from "../schemas/common";
import { MAX_DOCUMENT, toPrompt, ZCreatePromptInput, ZPrompt } from "../schemas/document";
import { requireProject, requireReadableProject } from "../services/access";
import { concealFor, noteProjectById } from "../services/disclosure";
import { authedProcedure, checked, creatorProcedure } from "../trpc";

export const ZUpdatePromptInput = z.object({
  id: ZId,
  content: z
    .string({ error: "Prompt content is required" })
    .max(MAX_DOCUMENT, "Prompt is too long")
    .refine((text) => text.trim() !== "", "Prompt content is required"),
});
export type UpdatePromptInput = z.infer<typeof ZUpdatePromptInput>;

export const promptsRouter = {
  list: authedProcedure
    .input(z.object({ projectId: ZId }))
    .output(checked(z.array(ZPrompt)))
    .query(async ({ ctx, input }) => {
      await requireReadableProject(ctx, input.projectId);
      return (await docs.listPrompts(ctx.db, input.projectId)).map(toPrompt);
    }),

  /** Saving a prompt makes it the active one. */
  create: creatorProcedure
    .input(ZCreatePromptInput)
    .output(checked(ZPrompt))
    .mutation(async ({ ctx, input }) => {
      await requireProject(ctx, input.projectId);
      // The source document must be one of this project's, not another of the owner's projects.
      const source = input.documentId
        ? await docs.getOwnedDocument(ctx.db, ctx.user.id, input.documentId)
        : null;
      if (input.documentId && source?.project_id !== input.projectId) throw notFound("Document");
      const row = await ctx.db
        .transaction()
        .execute((trx) => docs.insertPrompt(trx, { ...input, documentId: input.documentId ?? null }));
      return toPrompt(row);
    }),

  /** Edits the text of a saved prompt in place (the Prompt tab's edit mode); it stays (in)active. */
  update: authedProcedure
    .input(ZUpdatePromptInput)
    .output(checked(ZPrompt))
    .mutation(async ({ ctx, input }) => {
      const prompt = await docs.getOwnedPrompt(ctx.db, ctx.user.id, input.id);
      if (!prompt) throw notFound("Prompt");
      await noteProjectById(ctx, prompt.project_id);
      const content = await concealFor(ctx, prompt.project_id, input.content);
      await docs.updatePromptContent(ctx.db, prompt.id, content);
      return toPrompt({ ...prompt, content });
    }),

  activate: authedProcedure
    .input(z.object({ id: ZId }))
    .output(checked(ZPrompt))
    .mutation(async ({ ctx, input }) => {
      const prompt = await docs.getOwnedPrompt(ctx.db, ctx.user.id, input.id);
      if (!prompt) throw notFound("Prompt");
      await noteProjectById(ctx, prompt.project_id);
      await ctx.db.transaction().execute((trx) => docs.activatePrompt(trx, prompt));
      return toPrompt({ ...prompt, is_active: true });
    }),

  delete: authedProcedure
    .input(z.object({ id: ZId }))
    .output(checked(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      const prompt = await docs.getOwnedPrompt(ctx.db, ctx.user.id, input.id);
      if (!prompt) throw notFound("Prompt");
      await docs.deletePrompt(ctx.db, prompt.id);
      return { success: true as const };
    }),
};
