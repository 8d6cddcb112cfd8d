import type { CookieOptions, RequestInfo } from "@parley/api";
import type { FastifyReply, FastifyRequest } from "fastify";

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
export function trustedProxies(
  trust: false | number | string[],
): boolean | string[] | ((a: string, i: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return trust > 0 ? (_address, hop) => hop < trust : false;
}
