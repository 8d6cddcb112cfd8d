import type { AiEngine } from "@parley/ai/engine";
import { closeUsagePeriodIfDue, isPeriodOver } from "@parley/billing/period";
import type { BillingService } from "@parley/billing/service";
import type { Db } from "@parley/db/client";
import { type AccessTokenGrant, getAccessTokenUser } from "@parley/db/queries/access-tokens";
import { getSessionUser } from "@parley/db/queries/sessions";
import type { UserRecord } from "@parley/db/queries/users";
import type { JobQueue } from "./jobs/queue";
import type { Disclosure } from "./services/disclosure";
import type { Mailer } from "./services/mail";
import type { RateLimiter } from "./services/rate-limit";
import { ACCESS_TOKEN_PREFIX, hashToken } from "./services/tokens";

export const SESSION_COOKIE = "session";
export const GRANT_COOKIE_PREFIX = "pgrant_";

export interface CookieOptions {
  maxAgeSeconds?: number;
}

/** What a procedure may know of the HTTP request, whichever door it came through. */
export interface RequestInfo {
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  cookies: Record<string, string | undefined>;
  setCookie(name: string, value: string, options?: CookieOptions): void;
  clearCookie(name: string): void;
  /** Origin the browser sees (scheme://host), for links in emails and share links. */
  origin: string;
}

export interface AppConfig {
  /** Public origin for links in emails (APP_ORIGIN, else http://localhost:PORT); never from request headers. */
  appOrigin: string;
  oidcEnabled: boolean;
  supportEmail: string;
}

export interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

/** Long-lived things every request may use, built once at start-up by apps/api. */
export interface Services {
  db: Db;
  config: AppConfig;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  logger: Logger;
  ai: AiEngine;
  billing: BillingService;
  /** Background jobs (pg-boss): `jobs.enqueue(kind, input, { ownerId })`. */
  jobs: JobQueue;
}

export interface Context extends Services {
  req: RequestInfo;
  user: UserRecord | null;
  sessionId: string | null;
  /** Set when the caller signed in with a personal access token (`prl_…`) rather than a session. */
  accessToken: AccessTokenGrant | null;
  /** The project an owner procedure answers about (set by its access check; trpc.ts reveals by it). */
  disclosure?: Disclosure;
}

function header(req: RequestInfo, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The token of `Authorization: Bearer`, if any. */
function readBearer(req: RequestInfo): string | undefined {
  const authorization = header(req, "authorization");
  if (!authorization) return undefined;
  const match = authorization.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] && match[1] !== "null" && match[1] !== "undefined" ? match[1] : undefined;
}

/**
 * The credential of a request: a personal access token named in `Authorization: Bearer prl_…` first
 * (a tool's deliberate choice, even from a browser that also holds a session cookie), else the
 * session from the cookie, else from `Authorization: Bearer`.
 */
export function readSessionToken(req: RequestInfo): string | undefined {
  const bearer = readBearer(req);
  if (bearer?.startsWith(ACCESS_TOKEN_PREFIX)) return bearer;
  return req.cookies[SESSION_COOKIE] || bearer;
}

/**
 * The context object, field by field. Not `{ ...services, req, user, sessionId }`: a spread followed
 * by new keys takes V8's slow path (about 3 µs against a few ns, on every request).
 */
function contextOf(
  services: Services,
  req: RequestInfo,
  user: UserRecord | null,
  sessionId: string | null,
  accessToken: AccessTokenGrant | null = null,
): Context {
  return {
    db: services.db,
    config: services.config,
    rateLimiter: services.rateLimiter,
    mailer: services.mailer,
    logger: services.logger,
    ai: services.ai,
    billing: services.billing,
    jobs: services.jobs,
    req,
    user,
    sessionId,
    accessToken,
  };
}

export async function createContext(services: Services, req: RequestInfo): Promise<Context> {
  const token = readSessionToken(req);
  if (!token || token.length > 200) return contextOf(services, req, null, null);
  if (token.startsWith(ACCESS_TOKEN_PREFIX)) return accessTokenContext(services, req, token);
  const sessionId = hashToken(token);
  let user = (await getSessionUser(services.db, sessionId)) ?? null;
  if (user && isPeriodOver(user.usage_reset_date)) {
    // A new month: counters start again (and the month's overage is kept for the invoice) before
    // anything is shown or checked, so no page shows last month's usage.
    if (await closeUsagePeriodIfDue(services.db, user.id)) {
      user = (await getSessionUser(services.db, sessionId)) ?? null;
      services.billing.chargePendingOverages().catch((error) => {
        services.logger.warn({ err: error }, "overage charges could not be sent; the next run retries");
      });
    }
  }
  return contextOf(services, req, user, user ? sessionId : null);
}

/**
 * A personal access token: the owner it belongs to, with its grant (scope) beside. A revoked,
 * expired or unknown token leaves the caller anonymous, so every owner procedure answers 401.
 */
async function accessTokenContext(services: Services, req: RequestInfo, token: string): Promise<Context> {
  let found = await getAccessTokenUser(services.db, hashToken(token));
  if (found && isPeriodOver(found.user.usage_reset_date)) {
    if (await closeUsagePeriodIfDue(services.db, found.user.id)) {
      found = await getAccessTokenUser(services.db, hashToken(token));
    }
  }
  if (!found) return contextOf(services, req, null, null);
  return contextOf(services, req, found.user, null, found.grant);
}
