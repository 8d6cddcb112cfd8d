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

const SHARE_LINK_PAGE = /^\/interview\/([^/]+)\/?$/;

/** The query a tRPC GET answers, as the web's `httpLink` writes its URL (no batching, JSON input). */
const trpcQueryUrl = (procedure: string, input?: unknown) =>
  `/trpc/${procedure}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

/**
 * The first API call a newcomer's page makes, asked for with the page (`Link: rel=preload`) rather
 * than once its script has downloaded and run: on a phone's network that is a round trip less before
 * the first paint that shows something (issue 34). The page's own `fetch` (same URL, credentials,
 * no other headers) takes the preloaded answer. `/` and `/auth` wait for the current user before
 * they show anything; a share link opens its interview (apps/web/src/pages/participant/prefetch.ts).
 */
export function firstCallOf(pathname: string): string | undefined {
  if (pathname === "/" || /^\/auth\/?$/.test(pathname)) return trpcQueryUrl("auth.me");
  const share = SHARE_LINK_PAGE.exec(pathname)?.[1];
  if (!share) return undefined;
  let shareLink: string;
  try {
    shareLink = decodeURIComponent(share);
  } catch {
    return undefined;
  }
  return trpcQueryUrl("participant.open", { shareLink });
}

/**
 * Safari and every browser on an iPhone (WebKit without Chromium's engine): WebKit fetches a
 * preloaded call and then makes it again rather than reusing the answer (measured with Debian's
 * WebKitGTK: two `participant.open` calls for one page, two access grants), so it is not asked to.
 */
const webKitOnly = (userAgent: string | undefined) =>
  /\bAppleWebKit\//.test(userAgent ?? "") && !/\b(?:Chrome|Chromium)\//.test(userAgent ?? "");

/** Answers a page's path with its HTML: its own copy of index.html when the build has one. */
export function pageSender(webDist: string) {
  const pages = ROUTE_PAGES.filter(([, file]) => existsSync(path.join(webDist, file)));
  return (reply: FastifyReply, pathname: string) => {
    const file = pages.find(([pattern]) => pattern.test(pathname))?.[1] ?? "index.html";
    const call = firstCallOf(pathname);
    if (call && !webKitOnly(reply.request.headers["user-agent"]))
      reply.header("Link", `<${call}>; rel=preload; as=fetch; crossorigin=use-credentials`);
    return reply.header("Cache-Control", REVALIDATE).sendFile(file);
  };
}
