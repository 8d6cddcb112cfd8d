import { IMAGE_ONLY, sniffBase64ImageType } from "@parley/ai/images";
import { getInterviewAccessRow, hasLiveGrant } from "@parley/db/queries/participant";
import { z } from "zod";
import { type Context, GRANT_COOKIE_PREFIX } from "./context";
import { AppError } from "./errors";
import { isBase64From, ZId } from "./schemas/common";
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
  // A browser's grant is looked up beside the interview, not after it: every participant call
  // (a voice turn makes three on the way to the first word) pays for one round trip, not two.
  const grantToken = ctx.user ? undefined : ctx.req.cookies[`${GRANT_COOKIE_PREFIX}${interviewId}`];
  const [row, grant] = await Promise.all([
    getInterviewAccessRow(ctx.db, interviewId),
    grantToken ? hasLiveGrant(ctx.db, hashToken(grantToken), interviewId) : undefined,
  ]);
  if (!row) throw new AppError("NOT_FOUND", "Interview not found");

  let as: InterviewAccess["as"] | undefined;
  if (ctx.user && ctx.user.id === row.user_id) {
    as = "owner";
  } else {
    await ctx.rateLimiter.consume(`anon:${ctx.req.ip}`, RATE_RULES.anonymousPerIp);
    if (grant || (await holdsGrant(ctx, row.id, row.share_link))) as = "participant";
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
  return hasLiveGrant(ctx.db, hashToken(token), interviewId);
}

export const INTERVIEW_CANCELLED =
  "This interview was cancelled by its owner, so it can no longer be changed.";

/** A cancelled interview takes no writes from its participant (the owner may still act on it). */
export function assertNotCancelled(interview: Pick<InterviewAccess, "as" | "status">): void {
  if (interview.as === "participant" && interview.status === "cancelled") {
    throw new AppError("FORBIDDEN", INTERVIEW_CANCELLED);
  }
}

/** Refuses changes to a completed interview's conversation (it is frozen at completion). */
export function assertConversationOpen(interview: InterviewAccess): void {
  assertNotCancelled(interview);
  if (interview.as === "participant" && interview.status === "completed") {
    throw new AppError("FORBIDDEN", "This interview is already completed.");
  }
}

/** After completion, a participant may save the review for 24 hours only. */
export function assertReviewOpen(interview: InterviewAccess): void {
  assertNotCancelled(interview);
  if (interview.as !== "participant" || !interview.completedAt) return;
  if (Date.now() - interview.completedAt.getTime() > REVIEW_WINDOW_MS) {
    throw new AppError("FORBIDDEN", "The review period for this interview has ended.");
  }
}

/** At most this many images per interview, and this many bytes in all (issue 12: storage). */
export const IMAGE_CAPS = { maxCount: 10, maxBytes: 30 * 1024 * 1024 };

/** Where an interview image is served: the participant's grant or the owner's session may GET it. */
export const imageUrl = (interviewId: number, imageId: number) =>
  `/api/interviews/${interviewId}/images/${imageId}`;

/**
 * base64 (or a data URL) → bytes and type. Only PNG, JPEG, GIF or WebP, told by their bytes (an SVG
 * or a PDF labelled image/png is refused), at most `maxBytes`.
 */
export function decodeImage(input: string, maxBytes: number, maxLabel: string) {
  // The head read from the first characters; the payload is never run through a regular
  // expression with a loop over it (see `isBase64From`).
  const text = input.trim();
  const head = /^data:([^;,]+);base64,/.exec(text.slice(0, 200));
  const declared = head?.[1];
  const base64 = (head ? text.slice(head[0].length) : text).replace(/\s/g, "");
  if (declared !== undefined && !declared.startsWith("image/"))
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", IMAGE_ONLY);
  if ((base64.length * 3) / 4 > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", maxLabel);
  // "=" only as the padding at the end.
  let data = base64.length;
  while (data > 0 && base64[data - 1] === "=") data -= 1;
  if (!isBase64From(base64) || base64.lastIndexOf("=", data - 1) >= 0)
    throw new AppError("BAD_REQUEST", "The image is not valid base64");
  // The type comes from the bytes, never from the label.
  const mimeType = sniffBase64ImageType(base64);
  if (!mimeType) throw new AppError("BAD_REQUEST", IMAGE_ONLY);
  return { base64, mimeType, bytes: Buffer.from(base64, "base64") };
}
