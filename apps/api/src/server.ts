import { existsSync } from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import { appRouter, createContext, type Services, toHttpError } from "@parley/api";
import { handleMcpRequest, MCP_PATH, MCP_TOKEN_REQUIRED } from "@parley/api/mcp";
import { createRestCaller } from "@parley/api/rest";
import { ping } from "@parley/db/queries/health";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { DEFAULT_BODY_LIMIT, drainBody, limitTrpcBody, TRPC_MAX_BODY } from "./body-limits";
import { logFailure } from "./log-failure";
import { isCrossSiteWrite, redactUrl, requestInfo, trustedProxies } from "./request";
import { registerRestDoor } from "./rest-door";
import { API_HEADERS, DOCUMENT_HEADERS, isApiUrl } from "./security-headers";
import { registerTrpcDoor } from "./trpc-door";
import { pageSender, registerWebStatic } from "./web-static";

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
    scope.addHook("preParsing", limitTrpcBody);
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

  await registerRestDoor(app, services);

  for (const plugin of options.plugins ?? []) await plugin(app);

  const webDist = options.webDist;
  const hasWeb = Boolean(webDist && existsSync(path.join(webDist, "index.html")));
  const sendPage =
    hasWeb && webDist ? pageSender(webDist, { oidcEnabled: services.config.oidcEnabled }) : undefined;
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
