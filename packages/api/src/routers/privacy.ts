import { z } from "zod";
import { AppError } from "../errors";
import { assertReviewOpen, participantProcedure } from "../participant";
import { storableText, ZId } from "../schemas/common";
import {
  deleteOwnAnswers,
  issuePrivateLink,
  PRIVATE_LINK_GIVEN,
  readOwnAnswers,
} from "../services/participant-rights";
import { RATE_RULES } from "../services/rate-limit";
import { checked, publicProcedure } from "../trpc";

/** The participant's rights over what they said (issue 26): a private link to see it and delete it. */

const ZLinkInput = z.object({
  interviewId: ZId,
  key: storableText({ error: "The link's key is missing" }).trim().min(20, "This link is not valid").max(100),
});

const ZOwnAnswers = z.object({
  projectTitle: z.string(),
  interviewName: z.string(),
  completedAt: z.string().nullable(),
  retentionDays: z.number().int().nullable(),
  usedInDocuments: z.boolean(),
  messages: z.array(z.object({ role: z.enum(["ai", "user"]), content: z.string(), at: z.string() })),
  images: z.number().int(),
  notes: z.string().nullable(),
  personalDetails: z.number().int(),
});

export const privacyRouter = {
  /**
   * The participant's private link, made once, on the thank-you page: the share link may have been
   * forwarded, so another browser holding it can neither read the answers through a new link nor
   * silently cancel the participant's.
   */
  privateLink: participantProcedure
    .output(checked(z.object({ url: z.string() })))
    .mutation(async ({ ctx }) => {
      if (ctx.interview.as !== "participant") {
        throw new AppError("FORBIDDEN", "Only the participant gets a private link to their answers");
      }
      if (ctx.interview.status !== "completed") {
        throw new AppError("BAD_REQUEST", "Finish the interview first, then get your private link");
      }
      assertReviewOpen(ctx.interview);
      const issued = await issuePrivateLink(ctx, ctx.interview.id);
      if (!issued) throw new AppError("CONFLICT", PRIVATE_LINK_GIVEN);
      return { url: issued.url };
    }),

  /**
   * What the private link opens: the participant's words as kept. A mutation, so the key travels in
   * a POST body, never in a URL that access logs keep.
   */
  ownAnswers: publicProcedure
    .input(ZLinkInput)
    .output(checked(ZOwnAnswers))
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimiter.consume(`anon:${ctx.req.ip}`, RATE_RULES.anonymousPerIp);
      return readOwnAnswers(ctx, input.interviewId, input.key);
    }),

  /** Deletes them; the link then stops working. */
  deleteOwnAnswers: publicProcedure
    .input(ZLinkInput)
    .output(checked(z.object({ deleted: z.literal(true), usedInDocuments: z.boolean() })))
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimiter.consume(`anon:${ctx.req.ip}`, RATE_RULES.anonymousPerIp);
      return deleteOwnAnswers(ctx, input.interviewId, input.key);
    }),
};
