/**
 * How the REST door calls the procedures. The same procedure definitions run, with the same
 * middlewares (authorization), input and output parsers and resolvers, in the same order, and fail
 * with the same TRPCError; only the bookkeeping around them is lighter than tRPC's `createCaller`,
 * which copies the whole call state at every middleware level (Babel's object spread helper) and
 * resolves the path through an async lookup. On GET /api/auth/user, which every page load makes,
 * that bookkeeping was the largest single cost of the request (bench/auth-user.ts,
 * docs/decisions.md "REST door").
 *
 * It relies on a procedure's `_def` (its middlewares, tagged by kind, and its output parser), which
 * tRPC does not document: the version is pinned (pnpm-workspace.yaml), the shape is checked when
 * this module loads, and caller.integration.test.ts holds the two callers to the same answers and
 * errors.
 */
import { type AnyRouter, getTRPCErrorFromUnknown, TRPCError } from "@trpc/server";
import type { Context } from "../context";
import { appRouter, type Caller } from "../root";

interface MiddlewareResult {
  ok: boolean;
  data?: unknown;
  error?: TRPCError;
}

interface NextOptions {
  ctx?: object;
  input?: unknown;
  getRawInput?: () => Promise<unknown>;
}

interface MiddlewareOptions {
  ctx: object;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  path: string;
  type: string;
  meta: unknown;
  signal: undefined;
  batchIndex: number;
  next(options?: NextOptions): Promise<MiddlewareResult>;
}

type Middleware = ((options: MiddlewareOptions) => Promise<MiddlewareResult>) & { _type?: string };

interface ProcedureInternals {
  _def: { type: string; meta: unknown; middlewares: Middleware[]; output?: unknown };
}

/** One call's fixed part: what every middleware level shares. */
interface Call {
  middlewares: Middleware[];
  path: string;
  type: string;
  meta: unknown;
  /** The procedure's output parser when it is a plain function (`checked(...)`). */
  output: ((value: unknown) => unknown) | undefined;
}

/** Every procedure's fixed part, read once per router (and its shape checked). */
function procedureTable(router: AnyRouter): Map<string, Call> {
  const calls = new Map<string, Call>();
  const procedures = router._def.procedures as unknown as Record<string, ProcedureInternals>;
  for (const [path, procedure] of Object.entries(procedures)) {
    if (
      path.split(".").length !== 2 ||
      !Array.isArray(procedure._def?.middlewares) ||
      typeof procedure._def.type !== "string"
    ) {
      throw new Error(`REST caller: procedure ${path} does not have the shape this tRPC version had`);
    }
    const { middlewares, type, meta, output } = procedure._def;
    calls.set(path, {
      middlewares,
      path,
      type,
      meta,
      output: typeof output === "function" ? (output as (value: unknown) => unknown) : undefined,
    });
  }
  return calls;
}

const failure = (cause: unknown): MiddlewareResult => ({ ok: false, error: getTRPCErrorFromUnknown(cause) });

/**
 * A middleware's `next`. Made by this function (an unnamed arrow it returns) rather than written in
 * the options object: tsx keeps function names, and a named closure costs a defineProperty per call.
 */
function nextLevel(
  call: Call,
  index: number,
  ctx: object,
  input: unknown,
  getRawInput: () => Promise<unknown>,
): MiddlewareOptions["next"] {
  return (options) =>
    run(
      call,
      index + 1,
      options?.ctx ? { ...ctx, ...options.ctx } : ctx,
      options && "input" in options ? options.input : input,
      options?.getRawInput ?? getRawInput,
    );
}

function run(
  call: Call,
  index: number,
  ctx: object,
  input: unknown,
  getRawInput: () => Promise<unknown>,
): Promise<MiddlewareResult> {
  const middleware = call.middlewares[index];
  if (!middleware) {
    return Promise.resolve(
      failure(new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "No result from middlewares" })),
    );
  }
  if (middleware._type === "output" && call.output)
    return checkOutput(call, call.output, index, ctx, input, getRawInput);
  try {
    return middleware({
      ctx,
      input,
      getRawInput,
      path: call.path,
      type: call.type,
      meta: call.meta,
      signal: undefined,
      batchIndex: 0,
      next: nextLevel(call, index, ctx, input, getRawInput),
    }).catch(failure);
  } catch (cause) {
    return Promise.resolve(failure(cause));
  }
}

/**
 * tRPC's output middleware, without its copy of the result: the procedure's own output parser, the
 * same error when the answer does not fit it.
 */
async function checkOutput(
  call: Call,
  parse: (value: unknown) => unknown,
  index: number,
  ctx: object,
  input: unknown,
  getRawInput: () => Promise<unknown>,
): Promise<MiddlewareResult> {
  const result = await run(call, index + 1, ctx, input, getRawInput);
  if (!result.ok) return result;
  try {
    return { ok: true, data: await parse(result.data) };
  } catch (cause) {
    return failure(
      new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Output validation failed", cause }),
    );
  }
}

/**
 * The lean caller of `router`: `call(ctx, path, input)`, and `createCaller(ctx)` with the same shape
 * as tRPC's (`c.auth.me()`): per namespace, one prototype whose methods call that namespace's
 * procedures with the caller's context. Exported for the test that holds it to tRPC's createCaller.
 */
export function leanCallerFactory<TCaller>(router: AnyRouter) {
  const calls = procedureTable(router);

  /** Calls the procedure at `path` as `ctx`'s user; throws its TRPCError when it fails. */
  async function call(ctx: object, path: string, input: unknown): Promise<unknown> {
    const procedure = calls.get(path);
    if (!procedure) throw new TRPCError({ code: "NOT_FOUND", message: `No procedure on path "${path}"` });
    const result = await run(procedure, 0, ctx, undefined, () => Promise.resolve(input));
    if (!result)
      throw new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "No result from middlewares" });
    if (!result.ok) throw result.error;
    return result.data;
  }

  class LeanCaller {
    constructor(readonly ctx: object) {}
  }
  const namespaces = new Map<
    string,
    Record<string, (this: { ctx: object }, input?: unknown) => Promise<unknown>>
  >();
  for (const path of calls.keys()) {
    const [namespace = "", name = ""] = path.split(".");
    const methods = namespaces.get(namespace) ?? {};
    methods[name] = function (input) {
      return call(this.ctx, path, input);
    };
    namespaces.set(namespace, methods);
  }
  for (const [namespace, methods] of namespaces) {
    Object.defineProperty(LeanCaller.prototype, namespace, {
      get(this: LeanCaller) {
        const bound = Object.create(methods) as { ctx: object };
        bound.ctx = this.ctx;
        return bound;
      },
    });
  }
  return {
    call,
    /** Typed as the caller tRPC's createCaller makes for the same router. */
    createCaller: (ctx: object) => new LeanCaller(ctx) as unknown as TCaller,
  };
}

const appCaller = leanCallerFactory<Caller>(appRouter);

/** Calls the procedure at `path` as `ctx`'s user; throws its TRPCError when it fails. */
export function callProcedure(ctx: Context, path: string, input: unknown): Promise<unknown> {
  return appCaller.call(ctx, path, input);
}

export function createRestCaller(ctx: Context): Caller {
  return appCaller.createCaller(ctx);
}
