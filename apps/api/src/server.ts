import { existsSync } from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import {
  type AppRouter,
  appRouter,
  type CookieOptions,
  createContext,
  type RequestInfo,
  type Services,
  toHttpError,
} from "@parley/api";
import { createRestCaller, type RestRoute, restRoutes } from "@parley/api/rest";
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { sql } from "kysely";
import { API_HEADERS, DOCUMENT_HEADERS, isApiUrl } from "./security-headers";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** tRPC carries interview images (10 MB, base64) and audio; each procedure bounds its own input. */
const TRPC_BODY_LIMIT = 36 * 1024 * 1024;

export interface ServerOptions {
  services: Services;
  /** Built web app to serve with an index.html fallback; skipped when missing. */
  webDist?: string | undefined;
  logLevel?: string;
  trustProxy?: boolean;
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
  else if (status > 500) log.warn({ path, status, message: body.message }, "call answered an upstream error");
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** Strips query strings from logged URLs: reset tokens and share links travel there. */
export function redactUrl(url: string): string {
  const [pathname] = url.split("?");
  return (pathname ?? "").replace(/\/(interview|interviews\/share)\/[^/]+/, "/$1/[link]");
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { services } = options;
  const app = Fastify({
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
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
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return done();
    const origin = req.headers.origin;
    if (!origin || !req.headers.cookie || originHost(origin) === req.host) return done();
    reply.code(403).send({ message: "Cross-site request refused" });
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    const status = error.statusCode ?? 500;
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
  app.get("/api/ready", async (_req, reply) => {
    try {
      await sql`select 1`.execute(services.db);
      return { status: "ready" };
    } catch {
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
      route.bodyLimit = TRPC_BODY_LIMIT;
    });
    await scope.register(fastifyTRPCPlugin, {
      prefix: "/trpc",
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }) => createContext(services, requestInfo(req, res)),
        onError: ({ error, path, req }) => logFailure(req.log, error, toHttpError(error), path),
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>);
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
          if (result instanceof ReadableStream) {
            // Streamed speech: bytes go on as the provider sends them.
            return reply.type(route.contentType ?? "application/octet-stream").send(result);
          }
          if (result instanceof Uint8Array) {
            return reply.type(route.contentType ?? "application/octet-stream").send(Buffer.from(result));
          }
          return reply.code(route.status ?? 200).send(result ?? { success: true });
        } catch (error) {
          const answer = toHttpError(error);
          logFailure(req.log, error, answer, route.path);
          return reply.code(answer.status).send(answer.body);
        }
      },
    });
  for (const route of restRoutes) if (!route.multipart) addRestRoute(app, route);
  // Uploads (recorded audio for POST /api/ai/transcribe) arrive as multipart form data. The parser
  // and its hooks live in their own scope, so the other routes neither accept multipart nor pay for it.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: true,
      limits: { fileSize: 25 * 1024 * 1024, files: 1, fields: 10 },
    });
    for (const route of restRoutes) if (route.multipart) addRestRoute(scope, route);
  });

  for (const plugin of options.plugins ?? []) await plugin(app);

  const webDist = options.webDist;
  const hasWeb = Boolean(webDist && existsSync(path.join(webDist, "index.html")));
  if (hasWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        }
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split("?")[0] ?? "";
    if (pathname.startsWith("/api/") || pathname === "/api" || pathname.startsWith("/trpc")) {
      return reply.code(404).send({ message: "Not found" });
    }
    if (hasWeb && (req.method === "GET" || req.method === "HEAD")) {
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send({ message: "Not found" });
  });

  return app;
}
