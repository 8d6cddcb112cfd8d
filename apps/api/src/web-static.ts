import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { PRERENDERED_PAGE_CSP } from "./security-headers";

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

/**
 * The public pages rendered to HTML at build time (apps/web/build/prerenderPages.ts), as a signed-out
 * visitor sees them: `/`, `/auth` and `/auth?mode=register` (the sign-in page's register form; other
 * query parameters change nothing), as apps/web/src/prerendered.ts names them (prerendered.test.ts).
 */
export function prerenderedPageAt(pathname: string, search: string): string | undefined {
  if (pathname === "/") return "landing";
  if (!/^\/auth\/?$/.test(pathname)) return undefined;
  return new URLSearchParams(search).get("mode") === "register" ? "register" : "auth";
}

/** The session cookie (packages/api's SESSION_COOKIE) in a request's Cookie header. */
const hasSession = (cookie: string | undefined) => /(?:^|;)\s*session=[^;\s]/.test(cookie ?? "");

/**
 * Answers a page's path with its HTML: to a visitor without a session, the page rendered at build
 * time when the build has it (the text and layout are there before any script has run; the page's
 * script then hydrates it); else the page's own copy of index.html when the build has one. A signed-in
 * visitor is sent on from `/` and `/auth` by the app, so gets no signed-out page to see first.
 */
export function pageSender(webDist: string, options: { oidcEnabled?: boolean } = {}) {
  const pages = ROUTE_PAGES.filter(([, file]) => existsSync(path.join(webDist, file)));
  const prerendered = (page: string) => {
    const file = `routes/${page}.prerendered.html`;
    return existsSync(path.join(webDist, file)) ? file : undefined;
  };
  // The sign-in page rendered at build time has no "Continue with Replit" button: where this
  // deployment offers it, the page is rendered in the browser, where it knows (auth.providers).
  const built = new Map(
    (options.oidcEnabled ? ["landing"] : ["landing", "auth", "register"]).map((page) => [
      page,
      prerendered(page),
    ]),
  );
  return (reply: FastifyReply, pathname: string) => {
    const request = reply.request;
    const search = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
    const page = prerenderedPageAt(pathname, search);
    const html = page && !hasSession(request.headers.cookie) ? built.get(page) : undefined;
    const file = html ?? pages.find(([pattern]) => pattern.test(pathname))?.[1] ?? "index.html";
    const calls = [firstCallOf(pathname)];
    // The landing page's plans, asked for with it: its pricing cards then render as soon as it runs.
    if (html && page === "landing") calls.push(trpcQueryUrl("billing.plans"));
    const links = calls.filter((call) => call !== undefined);
    if (links.length > 0 && !webKitOnly(request.headers["user-agent"]))
      reply.header(
        "Link",
        links.map((call) => `<${call}>; rel=preload; as=fetch; crossorigin=use-credentials`).join(", "),
      );
    // `/` and `/auth` answer a visitor with a session and one without differently.
    if (page) reply.header("Vary", "Accept-Encoding, Cookie");
    if (html) reply.header("Content-Security-Policy", PRERENDERED_PAGE_CSP);
    return reply.header("Cache-Control", REVALIDATE).sendFile(file);
  };
}
