import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Vite's build puts every content-hashed file under assets/: its name changes when its bytes do. */
const HASHED = `${path.sep}assets${path.sep}`;
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html and the unhashed public files: stored, but revalidated (ETag) on every use. */
export const REVALIDATE = "no-cache";

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
