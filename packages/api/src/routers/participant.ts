import { sniffImageType } from "@parley/ai/images";
import { TIME_LIMIT_MINUTES } from "@parley/ai/roles";
import * as interviews from "@parley/db/queries/interviews";
import * as q from "@parley/db/queries/participant";
import { reviseTurn } from "@parley/db/queries/turns";
import type { InterviewStatus } from "@parley/db/schema";
import { z } from "zod";
import { type Context, GRANT_COOKIE_PREFIX } from "../context";
import { AppError } from "../errors";
import {
  assertConversationOpen,
  assertNotCancelled,
  assertReviewOpen,
  decodeImage,
  IMAGE_CAPS,
  type InterviewAccess,
  imageUrl,
  participantProcedure,
  requireInterviewAccess,
} from "../participant";
import { storableText, ZId } from "../schemas/common";
import {
  MAX_IMAGE_BYTES,
  MAX_TEXT,
  ZConversation,
  ZDataUrlImage,
  ZImage,
  ZMessage,
  ZMessages,
  ZShareInterview,
  ZTranscript,
  ZTranscriptText,
} from "../schemas/participant";
import { toInterview, ZInterview, ZInterviewStatus } from "../schemas/project";
import {
  conversationOf,
  reconcileMessages,
  reviseFromTranscript,
  saveMessages,
  transcriptOf,
} from "../services/interview-record";
import { RATE_RULES } from "../services/rate-limit";
import { generateToken, hashToken } from "../services/tokens";
import { checked, publicProcedure } from "../trpc";

const GRANT_DAYS = 30;
const toImage = (row: { id: number; interview_id: number; description: string | null }) => ({
  id: row.id,
  url: imageUrl(row.interview_id, row.id),
  description: row.description,
});
const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

const toTranscript = (row: {
  id: number;
  interview_id: number;
  content: string;
  corrected: boolean;
  additional_feedback: string | null;
}) => ({
  id: row.id,
  interviewId: row.interview_id,
  content: row.content,
  corrected: row.corrected,
  additionalFeedback: row.additional_feedback,
});

/** Participants may only start and complete; the owner may set any status of spec 2 §4. */
const PARTICIPANT_STATUSES: InterviewStatus[] = ["in_progress", "completed"];

async function changeStatus(
  ctx: Pick<Context, "db" | "jobs" | "logger">,
  access: InterviewAccess,
  status: InterviewStatus,
  { queueExtraction = true }: { queueExtraction?: boolean } = {},
) {
  if (access.as === "participant" && !PARTICIPANT_STATUSES.includes(status)) {
    throw new AppError("FORBIDDEN", "Participants may only start or complete an interview");
  }
  const current = await interviews.getInterviewById(ctx.db, access.id);
  if (!current) throw new AppError("NOT_FOUND", "Interview not found");
  assertNotCancelled({ as: access.as, status: current.status });
  if (access.as === "participant" && current.status === "completed" && status !== "completed") {
    throw new AppError("FORBIDDEN", "This interview is already completed.");
  }
  const now = new Date();
  const completing = status === "completed" && current.status !== "completed";
  const startedAt = current.started_at ?? (status === "in_progress" || completing ? now : null);
  const updated = await interviews.updateInterview(ctx.db, access.id, {
    status,
    ...(startedAt && !current.started_at ? { started_at: startedAt } : {}),
    ...(completing
      ? {
          completed_at: now,
          duration: startedAt
            ? Math.max(1, Math.round((now.getTime() - startedAt.getTime()) / 60_000))
            : null,
        }
      : {}),
  });
  if (completing && queueExtraction) await queueEvidenceExtraction(ctx, access);
  return updated;
}

/**
 * Issue 15: a completed interview is read for evidence at once, so a synthesis finds it ready. The
 * completion stands if the queue is down: a synthesis extracts what it does not find.
 */
async function queueEvidenceExtraction(ctx: Pick<Context, "jobs" | "logger">, access: InterviewAccess) {
  await ctx.jobs
    .enqueue(
      "evidence.extract",
      { projectId: access.projectId, interviewId: access.id, ownerId: access.ownerId },
      { ownerId: access.ownerId },
    )
    .catch((error: unknown) => ctx.logger.error({ err: error }, "evidence extraction not queued"));
}

/**
 * A saved transcript (the participant's review, the owner's correction): kept with its notes, its
 * edited lines recorded as revisions of their turns, and read back as the record now reads. The
 * owner saving a correction marks the interview updated_by_user. One transaction.
 */
async function storeTranscript(
  db: Context["db"],
  access: InterviewAccess,
  input: { content: string; corrected: boolean; additionalFeedback?: string | null | undefined },
) {
  await db.transaction().execute(async (trx) => {
    await q.saveTranscript(trx, access.id, input);
    await reviseFromTranscript(trx, access, input.content);
    if (access.as === "owner" && input.corrected) {
      await interviews.updateInterview(trx, access.id, { status: "updated_by_user" });
    }
  });
  return (await transcriptOf(db, access.id))!;
}

export const participantRouter = {
  /** Opening a share link grants this browser the participant role for that interview only. */
  open: publicProcedure
    .input(
      z.object({
        shareLink: storableText().trim().min(1, "Interview not found").max(100, "Interview not found"),
      }),
    )
    .output(checked(ZShareInterview))
    .query(async ({ ctx, input }) => {
      await ctx.rateLimiter.consume(`anon:${ctx.req.ip}`, RATE_RULES.anonymousPerIp);
      const row = await q.findInterviewByShareLink(ctx.db, input.shareLink);
      if (!row) throw new AppError("NOT_FOUND", "Interview not found");
      const token = generateToken();
      await q.insertGrant(ctx.db, {
        id: hashToken(token),
        interviewId: row.id,
        expiresAt: new Date(Date.now() + GRANT_DAYS * 86_400_000),
      });
      ctx.req.setCookie(`${GRANT_COOKIE_PREFIX}${row.id}`, token, { maxAgeSeconds: GRANT_DAYS * 86_400 });
      const [conversation, images] = await Promise.all([
        conversationOf(ctx.db, row.id),
        q.listImages(ctx.db, row.id),
      ]);
      return {
        interview: {
          id: row.id,
          name: row.name,
          stakeholderType: row.stakeholder_type,
          status: row.status,
          notes: row.notes,
          startedAt: iso(row.started_at),
          completedAt: iso(row.completed_at),
          timeLimitMinutes: TIME_LIMIT_MINUTES[row.stakeholder_type],
        },
        project: {
          title: row.project_title,
          objective: row.project_objective,
          targetAudience: row.project_target_audience,
          ownerName:
            [row.owner_first_name, row.owner_last_name]
              .map((part) => part?.trim())
              .filter(Boolean)
              .join(" ") || null,
          retentionDays: row.project_retention_days,
        },
        conversation,
        images: images.map(toImage),
        voice: { transcribe: ctx.ai.supports("speech"), speak: ctx.ai.supports("speech") },
      };
    }),

  setStatus: participantProcedure
    .input(z.object({ status: ZInterviewStatus }))
    .output(checked(ZInterview))
    .mutation(async ({ ctx, input }) => toInterview(await changeStatus(ctx, ctx.interview, input.status))),

  /**
   * "End Interview" as one workflow (issue 15): the final conversation (images included), the notes,
   * the completed status and the transcript are written in one transaction, then the evidence
   * extraction is queued. Nothing is half-saved when any part is refused.
   */
  complete: participantProcedure
    .input(
      z.object({
        messages: ZMessages,
        notes: storableText({ error: "Notes must be text" }).max(MAX_TEXT, "Notes are too long").default(""),
        transcript: ZTranscriptText,
      }),
    )
    .output(checked(ZInterview))
    .mutation(async ({ ctx, input }) => {
      assertConversationOpen(ctx.interview);
      const row = await ctx.db.transaction().execute(async (trx) => {
        await reconcileMessages(trx, ctx.interview, input.messages);
        await interviews.updateInterview(trx, ctx.interview.id, { notes: input.notes });
        const completed = await changeStatus({ ...ctx, db: trx }, ctx.interview, "completed", {
          queueExtraction: false,
        });
        await q.saveTranscript(trx, ctx.interview.id, { content: input.transcript, corrected: false });
        await reviseFromTranscript(trx, ctx.interview, input.transcript);
        return completed;
      });
      await queueEvidenceExtraction(ctx, ctx.interview);
      return toInterview(row);
    }),

  start: participantProcedure.output(checked(ZInterview)).mutation(async ({ ctx }) => {
    const current = await interviews.getInterviewById(ctx.db, ctx.interview.id);
    if (current) assertNotCancelled({ as: ctx.interview.as, status: current.status });
    if (current?.status === "completed") return toInterview(current);
    return toInterview(await changeStatus(ctx, ctx.interview, "in_progress"));
  }),

  setNotes: participantProcedure
    .input(
      z.object({ notes: storableText({ error: "Notes must be text" }).max(MAX_TEXT, "Notes are too long") }),
    )
    .output(checked(ZInterview))
    .mutation(async ({ ctx, input }) => {
      assertReviewOpen(ctx.interview);
      return toInterview(await interviews.updateInterview(ctx.db, ctx.interview.id, { notes: input.notes }));
    }),

  conversation: participantProcedure
    .output(checked(ZConversation.nullable()))
    .query(({ ctx }) => conversationOf(ctx.db, ctx.interview.id)),

  /** A client's whole conversation, reconciled into the record (nothing it leaves out is deleted). */
  saveConversation: participantProcedure
    .input(z.object({ messages: ZMessages }))
    .output(checked(ZConversation))
    .mutation(async ({ ctx, input }) => {
      assertConversationOpen(ctx.interview);
      return saveMessages(ctx.db, ctx.interview, input.messages);
    }),

  /** One turn's new wording (the participant marks what of a reply was not said, say): a revision. */
  reviseTurn: participantProcedure
    .input(z.object({ turnId: ZId, content: ZMessage.shape.content }))
    .output(checked(z.object({ success: z.literal(true) })))
    .mutation(async ({ ctx, input }) => {
      assertConversationOpen(ctx.interview);
      const found = await reviseTurn(ctx.db, {
        interviewId: ctx.interview.id,
        turnId: input.turnId,
        content: input.content,
        by: ctx.interview.as,
      });
      if (!found) throw new AppError("NOT_FOUND", "Message not found");
      return { success: true as const };
    }),

  /**
   * The same, by the conversation's id. With `ifMatch` (REST: the If-Match header) it saves only when
   * the conversation is still at one of those versions, else answers CONFLICT with it as it is now.
   */
  updateConversation: publicProcedure
    .input(
      z.object({
        conversationId: ZId,
        messages: ZMessages,
        ifMatch: z.array(z.string().max(200)).max(20).optional(),
      }),
    )
    .output(checked(ZConversation))
    .mutation(async ({ ctx, input }) => {
      const conversation = await q.getConversation(ctx.db, input.conversationId);
      if (!conversation) throw new AppError("NOT_FOUND", "Conversation not found");
      const access = await requireInterviewAccess(ctx, conversation.interview_id);
      assertConversationOpen(access);
      return saveMessages(ctx.db, access, input.messages, { ifMatch: input.ifMatch });
    }),

  transcript: participantProcedure.output(checked(ZTranscript.nullable())).query(async ({ ctx }) => {
    const row = await transcriptOf(ctx.db, ctx.interview.id);
    return row ? toTranscript(row) : null;
  }),

  /** Saves the interview's transcript; the owner saving an edit marks the interview updated_by_user. */
  saveTranscript: participantProcedure
    .input(
      z.object({
        content: ZTranscriptText,
        corrected: z.boolean().default(false),
        additionalFeedback: storableText().max(MAX_TEXT, "Additional feedback is too long").nullish(),
      }),
    )
    .output(checked(ZTranscript))
    .mutation(async ({ ctx, input }) => {
      assertReviewOpen(ctx.interview);
      return toTranscript(await storeTranscript(ctx.db, ctx.interview, input));
    }),

  updateTranscript: publicProcedure
    .input(z.object({ transcriptId: ZId, content: ZTranscriptText, corrected: z.boolean().default(true) }))
    .output(checked(ZTranscript))
    .mutation(async ({ ctx, input }) => {
      const transcript = await q.getTranscript(ctx.db, input.transcriptId);
      if (!transcript) throw new AppError("NOT_FOUND", "Transcript not found");
      const access = await requireInterviewAccess(ctx, transcript.interview_id);
      assertReviewOpen(access);
      return toTranscript(await storeTranscript(ctx.db, access, input));
    }),

  images: participantProcedure.output(checked(z.array(ZImage))).query(async ({ ctx }) => {
    const rows = await q.listImages(ctx.db, ctx.interview.id);
    return rows.map(toImage);
  }),

  /** One image's bytes, for GET /api/interviews/{id}/images/{imageId} (the grant or the owner). */
  image: participantProcedure
    .input(z.object({ imageId: ZId }))
    .output(checked(z.object({ mimeType: z.string(), data: z.instanceof(Uint8Array) })))
    .query(async ({ ctx, input }) => {
      const row = await q.getImage(ctx.db, ctx.interview.id, input.imageId);
      if (!row) throw new AppError("NOT_FOUND", "Image not found");
      // A row written before the bytes moved out of `url` (the migration moves them; this is a backstop).
      const data = row.data ? new Uint8Array(row.data) : decodeImage(row.url ?? "", Infinity, "").bytes;
      // The type is read from the bytes again: an older upload labelled SVG is never served as one.
      return { mimeType: sniffImageType(data) ?? "application/octet-stream", data: new Uint8Array(data) };
    }),

  addImage: participantProcedure
    .input(z.object({ dataUrl: ZDataUrlImage, description: storableText().max(MAX_TEXT).nullish() }))
    .output(checked(ZImage))
    .mutation(async ({ ctx, input }) => {
      assertConversationOpen(ctx.interview);
      if (ctx.interview.as === "participant") {
        await ctx.rateLimiter.consumeParticipantAi(ctx.interview.id, "upload", ctx.req.ip);
      }
      const { bytes, mimeType } = decodeImage(input.dataUrl, MAX_IMAGE_BYTES, "Images must be at most 10 MB");
      const row = await q.insertImageWithinLimit(
        ctx.db,
        { interviewId: ctx.interview.id, data: bytes, mimeType, description: input.description ?? null },
        IMAGE_CAPS,
      );
      if (!row) {
        throw new AppError(
          "FORBIDDEN",
          `An interview holds at most ${IMAGE_CAPS.maxCount} images and ${IMAGE_CAPS.maxBytes / 1024 / 1024} MB of images. Remove one to add another; everything else is saved.`,
        );
      }
      return toImage(row);
    }),

  removeImage: participantProcedure
    .input(z.object({ imageId: ZId }))
    .output(checked(z.object({ success: z.literal(true) })))
    .mutation(async ({ ctx, input }) => {
      assertConversationOpen(ctx.interview);
      if (!(await q.deleteImage(ctx.db, ctx.interview.id, input.imageId))) {
        throw new AppError("NOT_FOUND", "Image not found");
      }
      return { success: true as const };
    }),
};
