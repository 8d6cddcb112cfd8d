import { languageNotices, ZEvidenceNotice } from "@parley/ai/evidence/facade";
import { ZEvidence } from "@parley/ai/evidence/types";
import { ZRequirementsTree } from "@parley/ai/requirements/types";
import type { Db } from "@parley/db/client";
import * as docs from "@parley/db/queries/documents";
import { offlineExtractionLanguages } from "@parley/db/queries/extraction-languages";
import * as q from "@parley/db/queries/requirements";
import { z } from "zod";
import { AppError, notFound } from "../errors";
import { storableText, ZId, ZSuccess } from "../schemas/common";
import { MAX_DOCUMENT, toDocument, ZDocument } from "../schemas/document";
import { requireProject, requireReadableProject } from "../services/access";
import { concealFor } from "../services/disclosure";
import {
  loadRequirements,
  recordingRemovals,
  saveRequirementsText,
  saveRequirementsTree,
} from "../services/requirements";
import { authedProcedure, checked, creatorProcedure } from "../trpc";

const required = (message: string, max = 500) =>
  storableText({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);
/** Evidence a client sends back with criteria it edits (kept as the job wrote it). */
const ZEvidenceInput = z.object({
  interviewId: ZId,
  turn: z.number().int().min(0).max(100_000),
  quote: storableText().min(1).max(2000),
  translation: storableText().max(2000).optional(),
  corrected: z.enum(["participant", "owner"]).optional(),
});
const ZDescription = storableText().trim().max(5000, "Description is too long").default("");
const ZCriteria = z
  .array(
    z.object({
      text: storableText().trim().min(1, "Acceptance criteria cannot be blank").max(1000),
      quote: storableText().max(2000).nullable().default(null),
      assumption: z.boolean().default(true),
      evidence: z.array(ZEvidenceInput).max(50).optional(),
    }),
  )
  .max(100)
  .default([]);
const ZStoryFields = {
  userType: required("Incomplete user story", 200),
  action: required("Incomplete user story", 1000),
  benefit: required("Incomplete user story", 1000),
};

const ZStory = z.object({
  id: z.number(),
  userType: z.string(),
  action: z.string(),
  benefit: z.string(),
  quote: z.string().nullable(),
  assumption: z.boolean(),
  evidence: z.array(ZEvidence),
  priority: z.enum(["high", "medium", "low"]).nullable(),
});
const ZStoredTree = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    features: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        description: z.string(),
        acceptanceCriteria: z.array(
          z.object({
            text: z.string(),
            quote: z.string().nullable(),
            assumption: z.boolean(),
            evidence: z.array(ZEvidence).optional(),
          }),
        ),
        stories: z.array(ZStory),
      }),
    ),
  }),
);

const ZRequirementsView = z.object({
  requirements: z.string(),
  epics: ZStoredTree,
  documents: z.array(ZDocument),
  /** What the owner must be told: interviews offline writing could not read (their language). */
  notices: z.array(ZEvidenceNotice),
});

/**
 * An owner's change that can take something out of the tree (a deletion, a feature's criteria, the
 * whole text), in one transaction that records what it removed. Renaming an epic or rewording a
 * story takes nothing out: they are plain updates.
 */
const editTree = (ctx: { db: Db }, projectId: number, change: (trx: Db) => Promise<void>) =>
  ctx.db.transaction().execute((trx) => recordingRemovals(trx, projectId, () => change(trx)));

export const requirementsRouter = {
  /** The tree (with row ids), its markdown text, and the saved requirements documents. */
  get: authedProcedure
    .input(z.object({ projectId: ZId }))
    .output(checked(ZRequirementsView))
    .query(async ({ ctx, input }) => {
      await requireReadableProject(ctx, input.projectId);
      const [{ epics, text }, saved, languages] = await Promise.all([
        loadRequirements(ctx.db, input.projectId),
        docs.listDocuments(ctx.db, input.projectId, "requirements"),
        offlineExtractionLanguages(ctx.db, input.projectId),
      ]);
      return {
        requirements: text,
        epics,
        documents: saved.map(toDocument),
        notices: languageNotices(languages),
      };
    }),

  /** Markdown in, rows out: the text is parsed into new epic, feature and story rows (creators only). */
  save: creatorProcedure
    .input(
      z.object({
        projectId: ZId,
        requirements: z
          .string({ error: "requirements must be text" })
          .max(MAX_DOCUMENT, "Requirements are too long"),
      }),
    )
    .output(checked(z.object({ requirements: z.string() })))
    .mutation(async ({ ctx, input }) => {
      await requireProject(ctx, input.projectId);
      const text = await ctx.db
        .transaction()
        .execute((trx) =>
          recordingRemovals(trx, input.projectId, () =>
            saveRequirementsText(trx, input.projectId, input.requirements),
          ),
        );
      return { requirements: text };
    }),

  /** A whole generated tree (with quotes), as the AI engine returns it. */
  saveTree: creatorProcedure
    .input(z.object({ projectId: ZId, tree: ZRequirementsTree }))
    .output(checked(z.object({ requirements: z.string() })))
    .mutation(async ({ ctx, input }) => {
      await requireProject(ctx, input.projectId);
      const text = await ctx.db
        .transaction()
        .execute((trx) =>
          recordingRemovals(trx, input.projectId, () =>
            saveRequirementsTree(trx, input.projectId, input.tree),
          ),
        );
      return { requirements: text };
    }),

  /** Saves the current text as a requirements document and makes it the active one. */
  saveVersion: creatorProcedure
    .input(z.object({ projectId: ZId, title: storableText().trim().min(1).max(300).optional() }))
    .output(checked(ZDocument))
    .mutation(async ({ ctx, input }) => {
      const project = await requireProject(ctx, input.projectId);
      const { text } = await loadRequirements(ctx.db, input.projectId);
      if (!text.trim()) throw new AppError("BAD_REQUEST", "There are no requirements to save yet");
      const doc = await ctx.db.transaction().execute(async (trx) => {
        const row = await docs.insertDocument(trx, {
          projectId: input.projectId,
          kind: "requirements",
          title: input.title ?? `${project.title} - Requirements`,
          content: text,
          interviewIds: [],
          status: "completed",
        });
        await docs.activateDocument(trx, row);
        return { ...row, is_active: true };
      });
      return toDocument(doc);
    }),

  addEpic: creatorProcedure
    .input(z.object({ projectId: ZId, name: required("Epic name required", 300), description: ZDescription }))
    .output(checked(z.object({ id: z.number() })))
    .mutation(async ({ ctx, input }) => {
      await requireProject(ctx, input.projectId);
      return q.insertEpic(ctx.db, input.projectId, { name: input.name, description: input.description });
    }),

  updateEpic: authedProcedure
    .input(
      z.object({
        id: ZId,
        name: required("Epic name required", 300).optional(),
        description: ZDescription.optional(),
      }),
    )
    .output(checked(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      const epic = await q.ownedEpic(ctx.db, ctx.user.id, input.id);
      if (!epic) throw notFound("Epic");
      const { id, ...fields } = await concealFor(ctx, epic.project_id, input);
      await q.updateEpic(ctx.db, id, fields);
      return { success: true as const };
    }),

  /** Removes the epic with its features and stories. */
  deleteEpic: authedProcedure
    .input(z.object({ id: ZId }))
    .output(checked(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      const epic = await q.ownedEpic(ctx.db, ctx.user.id, input.id);
      if (!epic) throw notFound("Epic");
      await editTree(ctx, epic.project_id, (trx) => q.deleteRow(trx, "epics", input.id));
      return { success: true as const };
    }),

  addFeature: creatorProcedure
    .input(
      z.object({
        epicId: z
          .number({ error: "No epic selected" })
          .int()
          .positive("No epic selected")
          .max(ZId.maxValue ?? 0, "No epic selected"),
        name: required("Feature name required", 300),
        description: ZDescription,
        acceptanceCriteria: ZCriteria,
      }),
    )
    .output(checked(z.object({ id: z.number() })))
    .mutation(async ({ ctx, input }) => {
      const epic = await q.ownedEpic(ctx.db, ctx.user.id, input.epicId);
      if (!epic) throw notFound("Epic");
      const { epicId, ...values } = await concealFor(ctx, epic.project_id, input);
      return q.insertFeature(ctx.db, epicId, values);
    }),

  updateFeature: authedProcedure
    .input(
      z.object({
        id: ZId,
        name: required("Feature name required", 300).optional(),
        description: ZDescription.optional(),
        acceptanceCriteria: ZCriteria.optional(),
      }),
    )
    .output(checked(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      const feature = await q.ownedFeature(ctx.db, ctx.user.id, input.id);
      if (!feature) throw notFound("Feature");
      const { id, ...fields } = await concealFor(ctx, feature.project_id, input);
      await editTree(ctx, feature.project_id, (trx) => q.updateFeature(trx, id, fields));
      return { success: true as const };
    }),

  deleteFeature: authedProcedure
    .input(z.object({ id: ZId }))
    .output(checked(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      const feature = await q.ownedFeature(ctx.db, ctx.user.id, input.id);
      if (!feature) throw notFound("Feature");
      await editTree(ctx, feature.project_id, (trx) => q.deleteRow(trx, "features", input.id));
      return { success: true as const };
    }),

  addStory: creatorProcedure
    .input(
      z.object({
        featureId: z
          .number({ error: "No feature selected" })
          .int()
          .positive()
          .max(ZId.maxValue ?? 0),
        ...ZStoryFields,
      }),
    )
    .output(checked(z.object({ id: z.number() })))
    .mutation(async ({ ctx, input }) => {
      const feature = await q.ownedFeature(ctx.db, ctx.user.id, input.featureId);
      if (!feature) throw notFound("Feature");
      const { featureId, ...values } = await concealFor(ctx, feature.project_id, input);
      return q.insertStory(ctx.db, featureId, values);
    }),

  updateStory: authedProcedure
    .input(z.object({ id: ZId, ...ZStoryFields }))
    .output(checked(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      const story = await q.ownedStory(ctx.db, ctx.user.id, input.id);
      if (!story) throw notFound("User story");
      await q.updateStory(ctx.db, input.id, await concealFor(ctx, story.project_id, input));
      return { success: true as const };
    }),

  deleteStory: authedProcedure
    .input(z.object({ id: ZId }))
    .output(checked(ZSuccess))
    .mutation(async ({ ctx, input }) => {
      const story = await q.ownedStory(ctx.db, ctx.user.id, input.id);
      if (!story) throw notFound("User story");
      await editTree(ctx, story.project_id, (trx) => q.deleteRow(trx, "user_stories", input.id));
      return { success: true as const };
    }),
};
