import { existsSync } from "node:fs";
import path from "node:path";
import { Transform } from "node:stream";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import {
  appRouter,
  type CookieOptions,
  createContext,
  isDatabaseDataError,
  type RequestInfo,
  type Services,
  toHttpError,
} from "@parley/api";
import { handleMcpRequest, MCP_PATH, MCP_TOKEN_REQUIRED } from "@parley/api/mcp";
import { BinaryResult, createRestCaller, JsonResult, type RestRoute, restRoutes } from "@parley/api/rest";
import { ping } from "@parley/db/queries/health";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { API_HEADERS, DOCUMENT_HEADERS, isApiUrl } from "./security-headers";
import { registerTrpcDoor } from "./trpc-door";
import { pageSender, registerWebStatic } from "./web-static";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/**
 * tRPC bodies: what a real interview needs (a conversation save is about 100 kB), more only for the
 * procedures that carry an image (10 MB, base64) or audio (25 MB, base64). A batched call may take
 * the largest limit of the procedures it names.
 */
const TRPC_BODY_LIMIT = 2 * 1024 * 1024;
const TRPC_IMAGE_LIMIT = 15 * 1024 * 1024;
const TRPC_UPLOAD_LIMITS: Record<string, number> = {
  "participant.addImage": TRPC_IMAGE_LIMIT,
  "ai.analyzeImage": TRPC_IMAGE_LIMIT,
  "ai.transcribe": 36 * 1024 * 1024,
};
const TRPC_MAX_BODY = Math.max(TRPC_BODY_LIMIT, ...Object.values(TRPC_UPLOAD_LIMITS));

/** The body limit of a /trpc/a,b?batch=1 request: the largest of the procedures it names. */
export function trpcBodyLimit(url: string): number {
  const names = (url.split("?")[0] ?? "").replace(/^\/trpc\/?/, "").split(",");
  return Math.max(TRPC_BODY_LIMIT, ...names.map((name) => TRPC_UPLOAD_LIMITS[name] ?? 0));
}

class BodyTooLarge extends Error {
  readonly statusCode = 413;
  readonly code = "FST_ERR_CTP_BODY_TOO_LARGE";
}

class UnsupportedBody extends Error {
  readonly statusCode = 415;
  readonly code = "FST_ERR_CTP_INVALID_MEDIA_TYPE";
}

/** tRPC takes JSON bodies only: no procedure takes form data, and its form parser reads the raw stream. */
const isJsonBody = (contentType: string | undefined) =>
  !contentType || /^application\/json\s*(;|$)/i.test(contentType);

/** Counts a body's bytes as they stream in and stops at `limit` (a missing content-length included). */
function limitStream(payload: NodeJS.ReadableStream, limit: number): Transform {
  let seen = 0;
  return payload.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        if (seen > limit) done(new BodyTooLarge("Request body is too large"));
        else done(null, chunk);
      },
    }),
  );
}

const MALFORMED_FORM = "Malformed multipart form data";

/** How much of a refused body is read (and dropped) so its sender reads the answer, and for how long. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/**
 * Reads and drops the rest of a refused request body before the answer goes out: a client that
 * writes its whole body before reading (most do) then reads the 413 and its JSON message instead of
 * a reset connection. Bounded in bytes and time; past either, the connection closes as before.
 */
function drainBody(raw: FastifyRequest["raw"]): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off("data", onData);
      raw.off("end", finish);
      raw.off("error", finish);
      raw.off("close", finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_MAX_MS);
    raw.on("data", onData);
    raw.on("end", finish);
    raw.on("error", finish);
    raw.on("close", finish);
    raw.resume();
  });
}

export interface ServerOptions {
  services: Services;
  /** Built web app to serve with an index.html fallback; skipped when missing. */
  webDist?: string | undefined;
  logLevel?: string;
  /** A hop count or the proxies' addresses/CIDRs (env TRUST_PROXY); never `true`, which trusts every hop. */
  trustProxy?: false | number | string[];
  /** Extra plain routes (webhooks, OpenID Connect) registered by other modules. */
  plugins?: Array<(app: FastifyInstance) => Promise<void> | void>;
}

/**
 * What a procedure may know of a Fastify request. A class rather than an object literal: a literal
 * with a getter and closures is built through V8's slow path (about 1 µs, on every request).
 */
class FastifyRequestInfo implements RequestInfo {
  readonly ip: string;
  readonly headers: FastifyRequest["headers"];
  readonly cookies: FastifyRequest["cookies"];

  constructor(
    private readonly req: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {
    this.ip = req.ip;
    this.headers = req.headers;
    this.cookies = req.cookies;
  }

  /** Only links in emails and share links need it: computed when read. */
  get origin(): string {
    return `${this.req.protocol}://${this.req.host}`;
  }

  setCookie(name: string, value: string, options?: CookieOptions): void {
    this.reply.setCookie(name, value, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: this.req.protocol === "https",
      ...(options?.maxAgeSeconds !== undefined ? { maxAge: options.maxAgeSeconds } : {}),
    });
  }

  clearCookie(name: string): void {
    this.reply.clearCookie(name, { path: "/" });
  }
}

export function requestInfo(req: FastifyRequest, reply: FastifyReply): RequestInfo {
  return new FastifyRequestInfo(req, reply);
}

/** Both doors log a failed call alike: a bug as an error (with its stack), an upstream refusal as a warning. */
function logFailure(
  log: FastifyBaseLogger,
  error: unknown,
  { status, body }: ReturnType<typeof toHttpError>,
  path: string | undefined,
): void {
  if (status === 500) log.error({ err: error, path }, "call failed");
  else if (isDatabaseDataError(error) || isDatabaseDataError((error as { cause?: unknown }).cause)) {
    log.warn({ err: error, path }, "the database refused a value from the client (answered 400)");
  } else if (status > 500)
    log.warn({ path, status, message: body.message }, "call answered an upstream error");
}

/**
 * CSRF: a write that carries cookies must come from our own pages. The browser says where a request
 * comes from twice: `Sec-Fetch-Site` (our app only ever calls its own origin, so "same-site" is refused
 * too: a sibling subdomain is another site's code) and `Origin`, compared whole (scheme, host and port)
 * with the origin this request reached or the configured public origin. Bearer clients send no cookies.
 */
export function isCrossSiteWrite(req: FastifyRequest, appOrigin: string): boolean {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return false;
  if (!req.headers.cookie) return false;
  const site = req.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  return origin !== `${req.protocol}://${req.host}` && origin !== appOrigin;
}

/** Strips query strings from logged URLs: reset tokens and share links travel there. */
export function redactUrl(url: string): string {
  const [pathname] = url.split("?");
  return (pathname ?? "").replace(/\/(interview|interviews\/share)\/[^/]+/, "/$1/[link]");
}

/**
 * Fastify 5.12 reads a bare hop count as "trust nothing"; a hop count here means: the `hops` nearest
 * senders (the socket's peer first) are our proxies, so the client is the entry the outermost of them
 * wrote. Safe only when the app cannot be reached but through them; a list of their addresses is safer.
 */
function trustedProxies(
  trust: false | number | string[],
): boolean | string[] | ((a: string, i: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return trust > 0 ? (_address, hop) => hop < trust : false;
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { services } = options;
  const app = Fastify({
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: trustedProxies(options.trustProxy ?? false),
    logger: {
      level: options.logLevel ?? "info",
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
      serializers: {
        req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
      },
    },
  });

  await app.register(fastifyCookie);
  // Security headers on every answer, and CSRF: a cookie-carrying write from another site is refused
  // (Bearer clients send no cookies). One synchronous hook: it runs on every request.
  app.addHook("onRequest", (req, reply, done) => {
    reply.headers(isApiUrl(req.url) ? API_HEADERS : DOCUMENT_HEADERS);
    if (!isCrossSiteWrite(req, services.config.appOrigin)) return done();
    reply.code(403).send({ message: "Cross-site request refused" });
  });

  app.setErrorHandler(async (error: Error & { statusCode?: number; code?: string }, req, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) await drainBody(req.raw);
    if (status >= 500) req.log.error({ err: error }, "request failed");
    const message =
      error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
        ? "Request body is too large"
        : error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? "Unsupported content type"
          : status === 400 && error instanceof SyntaxError
            ? "Malformed JSON in request body"
            : status < 500
              ? error.message
              : "Something went wrong. Please try again.";
    return reply.code(status).send({ message });
  });

  // An empty body with a JSON content type counts as no body, as the web client sends for PATCH /start.
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new SyntaxError("Malformed JSON in request body") as SyntaxError & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });

  app.get("/api/health", async () => ({ status: "ok" }));
  app.get("/api/ready", async (req, reply) => {
    try {
      await ping(services.db);
      return { status: "ready" };
    } catch (error) {
      req.log.error({ err: error }, "readiness check: the database did not answer");
      return reply.code(503).send({ status: "unavailable", message: "Database unreachable" });
    }
  });

  // Browser navigation: ends the session and goes home.
  app.get("/api/logout", async (req, reply) => {
    const ctx = await createContext(services, requestInfo(req, reply));
    await createRestCaller(ctx).auth.logout();
    return reply.redirect("/");
  });

  await app.register(async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.bodyLimit = TRPC_MAX_BODY;
    });
    // Synchronous, and nothing to do for a GET (a query): Fastify reads no body for it.
    scope.addHook("preParsing", (req, _reply, payload, done) => {
      if (req.method === "GET") return done(null, payload);
      if (!isJsonBody(req.headers["content-type"]))
        return done(new UnsupportedBody("Unsupported content type"));
      const limit = trpcBodyLimit(req.url);
      if (limit >= TRPC_MAX_BODY) return done(null, payload);
      if (Number(req.headers["content-length"] ?? 0) > limit)
        return done(new BodyTooLarge("Request body is too large"));
      done(null, limitStream(payload, limit));
    });
    registerTrpcDoor(scope, {
      prefix: "/trpc",
      router: appRouter,
      createContext: (req, reply) => createContext(services, requestInfo(req, reply)),
      onError: ({ error, path, req }) => logFailure(req.log, error, toHttpError(error), path),
    });
  });

  // The MCP door (Streamable HTTP, stateless): JSON-RPC over POST, for a personal access token only.
  // Without sessions there is no stream to open (GET) nor to end (DELETE), as the SDK's stateless example says.
  app.post(MCP_PATH, async (req, reply) => {
    const ctx = await createContext(services, requestInfo(req, reply));
    if (!ctx.user || !ctx.accessToken) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="parley"')
        .send({ message: MCP_TOKEN_REQUIRED });
    }
    reply.hijack();
    try {
      await handleMcpRequest(ctx, req.raw, reply.raw, req.body);
    } catch (error) {
      req.log.error({ err: error }, "MCP request failed");
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { "content-type": "application/json" });
      reply.raw.end(JSON.stringify({ message: "Something went wrong. Please try again." }));
    }
  });
  app.route({
    method: ["GET", "DELETE"],
    url: MCP_PATH,
    handler: (_req, reply) =>
      reply
        .code(405)
        .header("allow", "POST")
        .send({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed." }, id: null }),
  });

  const addRestRoute = (scope: FastifyInstance, route: RestRoute) =>
    scope.route({
      method: route.method,
      url: route.path,
      bodyLimit: route.bodyLimit ?? DEFAULT_BODY_LIMIT,
      handler: async (req, reply) => {
        try {
          const ctx = await createContext(services, requestInfo(req, reply));
          const result = await route.call(createRestCaller(ctx), {
            params: req.params as Record<string, string>,
            query: req.query as Record<string, string | undefined>,
            body: req.body,
            headers: req.headers,
          });
          if (result instanceof BinaryResult) {
            const { data } = result;
            if (result.fileName) {
              const safe = result.fileName.replace(/[^A-Za-z0-9._-]/g, "_");
              reply.header("content-disposition", `attachment; filename="${safe}"`);
            }
            return reply
              .type(result.contentType)
              .send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
          }
          if (result instanceof ReadableStream) {
            // Streamed speech: bytes go on as the provider sends them.
            return reply.type(route.contentType ?? "application/octet-stream").send(result);
          }
          if (result instanceof Uint8Array) {
            return reply.type(route.contentType ?? "application/octet-stream").send(Buffer.from(result));
          }
          if (result instanceof JsonResult) {
            return reply
              .code(route.status ?? 200)
              .headers(result.headers)
              .send(result.body);
          }
          return reply.code(route.status ?? 200).send(result ?? { success: true });
        } catch (error) {
          const answer = toHttpError(error);
          logFailure(req.log, error, answer, route.path);
          if (answer.headers) reply.headers(answer.headers);
          return reply.code(answer.status).send(answer.body);
        }
      },
    });
  for (const route of restRoutes) if (!route.multipart) addRestRoute(app, route);
  // Uploads (recorded audio for POST /api/ai/transcribe) arrive as multipart form data. The parser
  // and its hooks live in their own scope, so the other routes neither accept multipart nor pay for it.
  await app.register(async (scope) => {
    // Route handlers answer their own errors: what reaches this scope's handler is the form's parse
    // (no boundary, a body cut before its closing boundary, a broken part header): the client's form.
    scope.setErrorHandler(async (error: Error & { statusCode?: number }, req, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      if (status === 413) await drainBody(req.raw);
      req.log.warn({ err: error }, "multipart form refused");
      const message =
        status === 413
          ? "Request body is too large"
          : status === 415
            ? "Unsupported content type"
            : MALFORMED_FORM;
      return reply.code(status).send({ message });
    });
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: true,
      limits: { fileSize: 25 * 1024 * 1024, files: 1, fields: 10 },
    });
    for (const route of restRoutes) if (route.multipart) addRestRoute(scope, route);
  });

  for (const plugin of options.plugins ?? []) await plugin(app);

  const webDist = options.webDist;
  const hasWeb = Boolean(webDist && existsSync(path.join(webDist, "index.html")));
  const sendPage = hasWeb && webDist ? pageSender(webDist) : undefined;
  if (hasWeb && webDist) await registerWebStatic(app, webDist);

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split("?")[0] ?? "";
    if (pathname.startsWith("/api/") || pathname === "/api" || pathname.startsWith("/trpc")) {
      return reply.code(404).send({ message: "Not found" });
    }
    if (sendPage && (req.method === "GET" || req.method === "HEAD")) return sendPage(reply, pathname);
    return reply.code(404).send({ message: "Not found" });
  });

  return app;
}
