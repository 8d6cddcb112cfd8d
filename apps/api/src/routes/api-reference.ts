import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { buildOpenApiDocument, restRoutes } from "@parley/api/rest";
import type { FastifyInstance } from "fastify";

/** Scalar's browser bundle from node_modules: the page loads nothing from outside this server. */
const SCALAR_BUNDLE = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@scalar/api-reference")),
  "browser",
  "standalone.js",
);

/**
 * The page configures Scalar with data attributes, not an inline script, so the pages' CSP
 * (script-src 'self') holds. Everything that would reach Scalar's servers is turned off: its CDN
 * fonts, telemetry, its AI agent and MCP buttons.
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Parley REST API</title>
  </head>
  <body>
    <script id="api-reference" data-url="/api/openapi.json" data-configuration='{"withDefaultFonts":false,"telemetry":false,"agent":{"disabled":true},"mcp":{"disabled":true},"showDeveloperTools":"never"}'></script>
    <script src="/docs/api/scalar.js"></script>
  </body>
</html>
`;

/**
 * GET /api/openapi.json, the REST door's OpenAPI 3.1 document (made once, at start-up), and GET
 * /docs/api, its reference page rendered by Scalar.
 */
export function apiReferenceRoutes() {
  const document = JSON.stringify(buildOpenApiDocument(restRoutes));
  let bundle: Promise<Buffer> | undefined;
  return (app: FastifyInstance) => {
    app.get("/api/openapi.json", (_req, reply) =>
      reply.type("application/json; charset=utf-8").send(document),
    );
    app.get("/docs/api", (_req, reply) => reply.type("text/html; charset=utf-8").send(PAGE));
    app.get("/docs/api/scalar.js", async (_req, reply) => {
      bundle ??= readFile(SCALAR_BUNDLE);
      return reply
        .type("text/javascript; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .send(await bundle);
    });
  };
}
