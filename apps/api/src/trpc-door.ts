/**
 * The /trpc door: a Fastify route that hands each call to tRPC's `resolveResponse`, the function
 * every tRPC adapter calls and the one tRPC documents for writing your own. It replaces
 * `fastifyTRPCPlugin`, which does the same with two costs on every call (bench/auth-user.ts): it
 * sends tRPC's Response as a web stream (a chunked answer, written chunk by chunk), and it builds
 * the Fetch Request with a copy of every header and an abort signal wired to the socket.
 */
import type { IncomingMessage } from "node:http";
import {
  type AnyRouter,
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  type inferRouterContext,
  TRPCError,
  transformTRPCResponse,
} from "@trpc/server";
import { incomingMessageToRequest } from "@trpc/server/adapters/node-http";
import { getHTTPStatusCode, type HTTPErrorHandler, resolveResponse } from "@trpc/server/http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

export interface TrpcDoorOptions<TRouter extends AnyRouter> {
  router: TRouter;
  prefix: string;
  createContext(req: FastifyRequest, reply: FastifyReply): Promise<object>;
  onError?: HTTPErrorHandler<TRouter, FastifyRequest>;
}

/** The request headers `resolveResponse` reads: the body's type, and whether a stream is asked for. */
const TRPC_HEADERS = ["content-type", "accept", "trpc-accept", "last-event-id"] as const;

/** A GET that asks for a stream (httpBatchStreamLink, a subscription) keeps the socket's abort signal. */
function asksForStream(req: FastifyRequest): boolean {
  const { accept } = req.headers;
  return (
    req.headers["trpc-accept"] !== undefined ||
    req.headers["last-event-id"] !== undefined ||
    (accept !== undefined && (accept.includes("application/jsonl") || accept.includes("text/event-stream")))
  );
}

/**
 * The Fetch Request tRPC reads. A plain query (a GET that asks for no stream) carries only the
 * headers tRPC reads and no abort signal: its answer is one JSON body, and no query reads the
 * signal. Everything else (bodies, streams) goes through tRPC's own conversion, as its adapters do.
 */
function fetchRequest(req: FastifyRequest, reply: FastifyReply): Request {
  if (req.method !== "GET" || asksForStream(req)) {
    const raw = req.raw as IncomingMessage & { body?: unknown };
    raw.body = req.body;
    return incomingMessageToRequest(raw, reply.raw, { maxBodySize: null });
  }
  const headers = new Headers();
  for (const name of TRPC_HEADERS) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return new Request(`http://localhost${req.url}`, { headers });
}

const isObject = (value: unknown): value is object =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);
const isAsyncIterable = (value: unknown) => isObject(value) && Symbol.asyncIterator in value;
const isThenable = (value: unknown) =>
  (isObject(value) || typeof value === "function") &&
  typeof (value as { then?: unknown }).then === "function" &&
  typeof (value as { catch?: unknown }).catch === "function";

/** tRPC's test for an answer only a streaming link can carry: an async iterable, or promises in an object. */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  const items = Object.values(value);
  return items.some(isThenable) || items.some(isAsyncIterable);
}

/** Whether tRPC answered one JSON document (not a jsonl or event stream): it is sent whole, with its length. */
function isWholeJson(response: Response): boolean {
  return (
    response.headers.get("content-type") === "application/json" && !response.headers.has("transfer-encoding")
  );
}

export function registerTrpcDoor<TRouter extends AnyRouter>(
  app: FastifyInstance,
  options: TrpcDoorOptions<TRouter>,
): void {
  const { router, createContext, onError } = options;
  const config = router._def._config;
  const procedures = router._def.procedures as Record<string, unknown>;
  // As fastifyTRPCPlugin does: tRPC parses the bodies itself.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => done(null, body));
  app.removeContentTypeParser("multipart/form-data");
  app.addContentTypeParser("multipart/form-data", {}, (_req, body, done) => done(null, body));

  // The per-call functions are made by these helpers (unnamed arrows they return) rather than
  // written inline: tsx keeps function names, and a named closure costs a defineProperty per call.
  const contextOf = (req: FastifyRequest, reply: FastifyReply) => () =>
    createContext(req, reply) as Promise<inferRouterContext<TRouter>>;
  const errorsOf = (req: FastifyRequest): HTTPErrorHandler<TRouter, Request> | undefined =>
    onError && ((failure) => onError({ ...failure, req }));

  /**
   * A plain query (a GET of one procedure with at most `?input=`, no stream asked for): what
   * `resolveResponse` does for it, through tRPC's own exported pieces (the procedure call, the error
   * shape and status, the response transform), without a Fetch Request and Response around it.
   * Undefined when the call is not such a query: `resolveResponse` then answers it.
   */
  const answerQuery = async (req: FastifyRequest, reply: FastifyReply): Promise<string | undefined> => {
    const path = (req.params as { path: string }).path;
    const procedure = procedures[path] as { _def?: { type?: string } } | undefined;
    if (procedure?._def?.type !== "query" || asksForStream(req)) return undefined;
    const query = req.query as Record<string, unknown>;
    let input: unknown;
    for (const key in query) {
      const value = query[key];
      if (key !== "input" || typeof value !== "string") return undefined;
      if (value === "") continue;
      try {
        input = config.transformer.input.deserialize(JSON.parse(value));
      } catch {
        return undefined; // resolveResponse answers with its own message
      }
    }
    let ctx: inferRouterContext<TRouter> | undefined;
    try {
      ctx = (await createContext(req, reply)) as inferRouterContext<TRouter>;
    } catch {
      return undefined;
    }
    let body: object;
    try {
      const data = await callTRPCProcedure({
        router,
        path,
        getRawInput: () => Promise.resolve(input),
        ctx,
        type: "query",
        signal: undefined,
        batchIndex: 0,
      });
      body = isDataStream(data) ? streamRefused(req, ctx) : { result: { data } };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      onError?.({ error, path, input, ctx, type: "query", req });
      body = { error: getTRPCErrorShape({ config, error, type: "query", path, input, ctx }) };
    }
    reply.code(getHTTPStatusCode(body as never));
    return JSON.stringify(transformTRPCResponse(config, body as never));
  };
  /** resolveResponse's answer to a query that returned a stream without a streaming link. */
  const streamRefused = (req: FastifyRequest, ctx: inferRouterContext<TRouter>) => {
    const error = new TRPCError({
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Cannot use stream-like response in non-streaming request - use httpBatchStreamLink",
    });
    onError?.({ error, path: undefined, input: undefined, ctx, type: "query", req });
    return {
      error: getTRPCErrorShape({ config, error, type: "query", path: undefined, input: undefined, ctx }),
    };
  };

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method === "GET") {
      const json = await answerQuery(req, reply);
      if (json !== undefined) {
        // The headers resolveResponse sets, in the order it sends them.
        reply.header("content-type", "application/json");
        reply.header("vary", "trpc-accept, accept");
        return reply.send(Buffer.from(json));
      }
    }
    const response = await resolveResponse({
      router,
      req: fetchRequest(req, reply),
      path: (req.params as { path: string }).path,
      error: null,
      createContext: contextOf(req, reply),
      onError: errorsOf(req),
    });
    if (!isWholeJson(response)) return reply.send(response);
    reply.code(response.status);
    for (const [name, value] of response.headers) reply.header(name, value);
    // A Buffer keeps tRPC's content type as it is (a string would get "; charset=utf-8" added).
    return reply.send(Buffer.from(await response.arrayBuffer()));
  };
  app.all(`${options.prefix}/:path`, handle);
}
