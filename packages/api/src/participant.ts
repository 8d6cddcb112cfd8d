import { sql } from "kysely";
import { z } from "zod";
import { type Context, GRANT_COOKIE_PREFIX } from "./context";
import { AppError } from "./errors";
import { ZId } from "./schemas/common";
import { RATE_RULES } from "./services/rate-limit";
import { hashToken } from "./services/tokens";
import { publicProcedure } from "./trpc";

/** How long after completion a participant may still save the reviewed transcript and notes. */
export const REVIEW_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface InterviewAccess {
  id: number;
  projectId: number;
  ownerId: string;
  status: string;
  stakeholderType: string;
  completedAt: Date | null;
  /** owner: the signed-in owner of the project; participant: a share-link grant. */
  as: "owner" | "participant";
}

/**
 * The interview's owner, or a browser holding this interview's share-link grant (or a client
 * sending its share link in `X-Share-Link`). Anyone else, and unknown ids, get 404. Anonymous
 * callers are rate-limited per IP.
 */
export const participantProcedure = publicProcedure
  .input(z.object({ interviewId: ZId }))
  .use(async ({ ctx, input, next }) => {
    const interview = await requireInterviewAccess(ctx, input.interviewId);
    return next({ ctx: { ...ctx, interview } });
  });

/** The access check of participantProcedure, for procedures that find the interview themselves. */
export async function requireInterviewAccess(ctx: Context, interviewId: number): Promise<InterviewAccess> {
  const row = await ctx.db
    .selectFrom("interviews")
    .innerJoin("projects", "projects.id", "interviews.project_id")
    .select([
      "interviews.id",
      "interviews.project_id",
      "interviews.status",
      "interviews.stakeholder_type",
      "interviews.completed_at",
      "interviews.share_link",
      "projects.user_id",
    ])
    .where("interviews.id", "=", interviewId)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", "Interview not found");

  let as: InterviewAccess["as"] | undefined;
  if (ctx.user && ctx.user.id === row.user_id) {
    as = "owner";
  } else {
    await ctx.rateLimiter.consume(`anon:${ctx.req.ip}`, RATE_RULES.anonymousPerIp);
    if (await holdsGrant(ctx, row.id, row.share_link)) as = "participant";
  }
  if (!as) throw new AppError("NOT_FOUND", "Interview not found");
  return {
    id: row.id,
    projectId: row.project_id,
    ownerId: row.user_id,
    status: row.status,
    stakeholderType: row.stakeholder_type,
    completedAt: row.completed_at,
    as,
  };
}

async function holdsGrant(ctx: Context, interviewId: number, shareLink: string): Promise<boolean> {
  const headerLink = ctx.req.headers["x-share-link"];
  if (typeof headerLink === "string" && headerLink === shareLink) return true;
  const token = ctx.req.cookies[`${GRANT_COOKIE_PREFIX}${interviewId}`];
  if (!token) return false;
  const grant = await ctx.db
    .selectFrom("participant_grants")
    .select("id")
    .where("id", "=", hashToken(token))
    .where("interview_id", "=", interviewId)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return Boolean(grant);
}

/** Refuses changes to a completed interview's conversation (it is frozen at completion). */
export function assertConversationOpen(interview: InterviewAccess): void {
  if (interview.as === "participant" && interview.status === "completed") {
    throw new AppError("FORBIDDEN", "This interview is already completed.");
  }
}

/** After completion, a participant may save the review for 24 hours only. */
export function assertReviewOpen(interview: InterviewAccess): void {
  if (interview.as !== "participant" || !interview.completedAt) return;
  if (Date.now() - interview.completedAt.getTime() > REVIEW_WINDOW_MS) {
    throw new AppError("FORBIDDEN", "The review period for this interview has ended.");
  }
}
