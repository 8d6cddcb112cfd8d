import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/** Vite's build puts every content-hashed file under assets/: its name changes when its bytes do. */
const HASHED = `${path.sep}assets${path.sep}`;
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html and the unhashed public files: stored, but revalidated (ETag) on every use. */
export const REVALIDATE = "no-cache";

/**
 * The pages a newcomer lands on have their own copy of index.html (routes/NAME.html, written by
 * apps/web/build/routePages.ts) that preloads the page's chunks; every other path gets index.html.
 */
const ROUTE_PAGES: Array<[RegExp, string]> = [
  [/^\/$/, "routes/landing.html"],
  [/^\/auth\/?$/, "routes/auth.html"],
  [/^\/interview\/[^/]+\/?$/, "routes/participant.html"],
];

/**
 * The web build: each file as its `.br` or `.gz` twin written at build time (apps/web/build/
 * precompress.ts) when the request's Accept-Encoding takes one, else as it is. Hashed assets are
 * cached for a year as immutable; index.html (also the SPA fallback, `sendIndex`) never without
 * asking again.
 */
export async function registerWebStatic(app: FastifyInstance, webDist: string) {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // `/` is a page like the others: sendPage answers it.
    index: false,
    preCompressed: true,
    // `send` would write its own `public, max-age=0` over the header set below.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // The same URL answers br, gzip or identity: caches must key on Accept-Encoding.
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Cache-Control", filePath.includes(HASHED) ? IMMUTABLE : REVALIDATE);
    },
  });
}

/** Answers a page's path with its HTML: its own copy of index.html when the build has one. */
export function pageSender(webDist: string) {
  const pages = ROUTE_PAGES.filter(([, file]) => existsSync(path.join(webDist, file)));
  return (reply: FastifyReply, pathname: string) => {
    const file = pages.find(([pattern]) => pattern.test(pathname))?.[1] ?? "index.html";
    return reply.header("Cache-Control", REVALIDATE).sendFile(file);
  };
}
