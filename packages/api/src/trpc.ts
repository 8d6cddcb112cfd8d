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

import { showsPersonalDetails } from "@parley/db/queries/projects";
import { initTRPC } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { z } from "zod";
import type { Context } from "./context";
import { AppError, domainError, toHttpError } from "./errors";
import { concealInput, type Disclosure, revealAnswer } from "./services/disclosure";

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    // An AI engine or billing refusal is answered with its own code and status, as the REST door does.
    const domain = domainError(error);
    const { status, body } = toHttpError(domain);
    const { message, ...extra } = body;
    return {
      ...shape,
      code: TRPC_ERROR_CODES_BY_KEY[domain.code],
      message,
      data: { ...shape.data, code: domain.code, httpStatus: status, ...extra, stack: undefined },
    };
  },
});

export const createCallerFactory = t.createCallerFactory;
export const router = t.router;
export const middleware = t.middleware;

/**
 * A procedure's output schema, checked synchronously: `.output(checked(ZUser))`. Given a zod schema
 * itself, tRPC calls its parseAsync, which skips zod's compiled object check and makes a promise per
 * field; answers are plain data, so the synchronous check says the same, several times faster.
 */
export const checked = <T extends z.ZodType>(schema: T) =>
  // The schema rides along for the OpenAPI document (rest/openapi.ts), which describes the answer.
  Object.assign((value: unknown): z.output<T> => schema.parse(value), { schema });

/**
 * Anyone, signed in or not: plans, sign-in and sign-up, public pages. No middleware of its own: AI
 * engine and billing errors are mapped where errors leave (the error formatter above, `toHttpError`
 * for REST), not by a wrapper that every call would pay for.
 */
export const publicProcedure = t.procedure;

/** Calls a personal access token may make per minute: generous for an agent, bounded for a leak. */
export const ACCESS_TOKEN_RULE = { limit: 600, windowMs: 60_000 };

/**
 * A signed-in user; narrows `ctx.user` to non-null. A personal access token is rate-limited per
 * token, and a read-only one may call queries only ("write" is a mutation, whichever door it took).
 * Personal details (issue 26): an answer about a project whose owner chose to see them has its
 * placeholders put back (the access check notes the project), and what such an owner saves into
 * a project is stored with placeholders again.
 */
export const authedProcedure = publicProcedure
  .use(({ ctx, type, next }) => {
    if (!ctx.user) throw new AppError("UNAUTHORIZED", "Not signed in");
    const { accessToken } = ctx;
    if (!accessToken) return next({ ctx: { ...ctx, user: ctx.user } });
    if (accessToken.scope === "read" && type === "mutation") {
      throw new AppError("FORBIDDEN", "This access token is read-only");
    }
    const user = ctx.user;
    return ctx.rateLimiter
      .consume(`pat:${accessToken.id}`, ACCESS_TOKEN_RULE)
      .then(() => next({ ctx: { ...ctx, user } }));
  })
  .use(async ({ ctx, next }) => {
    const disclosure: Disclosure = { project: null };
    const result = await next({ ctx: { disclosure } });
    const shown = disclosure.project;
    if (!result.ok || !shown?.showPersonalDetails) return result;
    return { ...result, data: await revealAnswer(ctx.db, shown.id, result.data) };
  })
  .use(async ({ ctx, type, getRawInput, next }) => {
    if (type !== "mutation") return next();
    // A mutation that takes no input may come with no body at all, which does not parse: nothing
    // to conceal then (a procedure with an input refuses a bad one itself).
    const raw = await getRawInput().catch(() => undefined);
    const projectId = (raw as { projectId?: unknown } | null)?.projectId;
    // An id the input schema would refuse is left for it to refuse.
    const valid =
      typeof projectId === "number" &&
      Number.isSafeInteger(projectId) &&
      projectId > 0 &&
      projectId < 2 ** 31;
    if (!valid || !(await showsPersonalDetails(ctx.db, ctx.user.id, projectId))) {
      return next();
    }
    const concealed = await concealInput(ctx.db, projectId, raw);
    return next({ getRawInput: async () => concealed });
  });

/** A signed-in user in a browser session: managing tokens and the account itself is never done with a token. */
export const sessionProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.accessToken)
    throw new AppError("FORBIDDEN", "This call needs a signed-in session, not an access token");
  return next();
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

/** An administrator in a browser session; everyone else, and every access token, gets 403. */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.is_admin || ctx.accessToken) throw new AppError("FORBIDDEN", "Admin access required");
  return next();
});

// participantProcedure (the share-link grant of one interview) lives in ./participant.ts.
