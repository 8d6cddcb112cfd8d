/**
 * The /trpc door: a Fastify route that hands each call to tRPC's `resolveResponse`, the function
 * every tRPC adapter calls and the one tRPC documents for writing your own. It replaces
 * `fastifyTRPCPlugin`, which does the same with two costs on every call (bench/auth-user.ts): it
 * sends tRPC's Response as a web stream (a chunked answer, written chunk by chunk), and it builds
 * the Fetch Request with a copy of every header and an abort signal wired to the socket.
 */
import type { IncomingMessage } from "node:http";
import type { AnyRouter, inferRouterContext } from "@trpc/server";
import { incomingMessageToRequest } from "@trpc/server/adapters/node-http";
import { type HTTPErrorHandler, resolveResponse } from "@trpc/server/http";
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

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
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
