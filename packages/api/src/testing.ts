/** Set-up shared by the tests that call procedures directly (no HTTP): services, contexts, refusals. */
import { createAiEngine } from "@parley/ai/engine";
import { createBillingService } from "@parley/billing/service";
import type { Db } from "@parley/db/client";
import type { User } from "@parley/db/schema";
import { TRPCError } from "@trpc/server";
import { expect } from "vitest";
import { type Context, createContext, type RequestInfo, type Services } from "./context";
import { toHttpError } from "./errors";
import { createJobEngine } from "./jobs/engine";
import { startSession } from "./services/auth";
import { createMailer } from "./services/mail";
import { MemoryRateLimitStore, RateLimiter } from "./services/rate-limit";

/** The services apps/api builds, offline (no OpenAI, no Stripe), on a test database. */
export function createTestServices(db: Db): Services {
  return {
    db,
    logger: { info() {}, warn() {}, error() {} },
    config: { appOrigin: "http://localhost:3000", oidcEnabled: false, supportEmail: "support@example.com" },
    rateLimiter: new RateLimiter(new MemoryRateLimitStore(), 1000),
    mailer: createMailer({ db, from: "parley@example.com", log: () => {} }),
    ai: createAiEngine({ db }),
    billing: createBillingService({ db }),
    jobs: createJobEngine({ db, logger: { info() {}, warn() {}, error() {} } }),
  };
}

function testRequest(token?: string): RequestInfo {
  return {
    ip: "127.0.0.1",
    headers: token ? { authorization: `Bearer ${token}` } : {},
    cookies: {},
    setCookie() {},
    clearCookie() {},
    origin: "http://localhost:3000",
  };
}

/** A context built the way apps/api builds it: from a Bearer session token (none when signed out). */
export async function contextFor(services: Services, user?: User): Promise<Context> {
  if (!user) return createContext(services, testRequest());
  const token = await startSession(await createContext(services, testRequest()), user.id);
  return createContext(services, testRequest(token));
}

/** The tRPC code of a refused call, with the status and body both doors answer for it. */
export async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => {
      throw new Error("expected the call to be refused");
    },
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, ...toHttpError(error) };
}
