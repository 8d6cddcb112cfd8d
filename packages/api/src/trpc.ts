/**
 * 1. CONTEXT
 * The context is built per request by apps/api (see ./context.ts): services, the request, and the
 * signed-in user when a valid session cookie or Bearer token came with it.
 *
 * 2. INITIALIZATION
 * One tRPC instance; its error formatter flattens zod errors into one readable message and carries
 * the extra fields of an AppError (such as `upgradeRequired`) to the client.
 *
 * 3. PROCEDURE BUILDERS
 * Every procedure starts from one of the builders at the bottom of this file.
 */

import { initTRPC } from "@trpc/server";
import type { Context } from "./context";
import { AppError, fromAiError, HTTP_STATUS, isPackageError, toHttpError } from "./errors";

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const { status, body } = toHttpError(error);
    const { message, ...extra } = body;
    return {
      ...shape,
      message,
      data: { ...shape.data, httpStatus: status ?? HTTP_STATUS[error.code], ...extra, stack: undefined },
    };
  },
});

export const createCallerFactory = t.createCallerFactory;
export const router = t.router;
export const middleware = t.middleware;

/** Anyone, signed in or not: plans, sign-in and sign-up, public pages. */
export const publicProcedure = t.procedure.use(async ({ next }) => {
  // AI engine and billing refusals become domain errors here, so both doors answer their real status.
  const result = await next();
  if (!result.ok && isPackageError(result.error.cause)) throw fromAiError(result.error.cause);
  return result;
});

/** A signed-in user; narrows `ctx.user` to non-null. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError("UNAUTHORIZED", "Not signed in");
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** A signed-in user allowed to create content: a canceled subscription may read but not create. */
export const creatorProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.subscription_status === "canceled") {
    throw new AppError(
      "FORBIDDEN",
      "Your subscription is canceled. Upgrade your plan to create new content.",
      { upgradeRequired: true },
    );
  }
  return next();
});

/** An administrator; everyone else gets 403. */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.is_admin) throw new AppError("FORBIDDEN", "Admin access required");
  return next();
});

// participantProcedure (the share-link grant of one interview) lives in ./participant.ts.
