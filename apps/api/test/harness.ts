import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Services } from "@parley/api";
import { createTestDb } from "@parley/db/testing";
import type { FastifyInstance } from "fastify";
import { type Env, loadEnv } from "../src/env";
import { extraRoutes } from "../src/routes";
import { buildServer } from "../src/server";
import { createServices } from "../src/services";

export interface TestServer {
  url: string;
  app: FastifyInstance;
  services: Services;
  close(): Promise<void>;
}

const silentLogger = { info() {}, warn() {}, error() {} };

/**
 * A real Fastify server on a free port over a fresh migrated database (DATABASE_URL's server when
 * set, else PGlite). `env` overrides configuration, e.g. OPENAI_BASE_URL of a local fake. Rate limits
 * are raised 1000-fold unless `env.RATE_LIMIT_SCALE` says otherwise.
 */
export async function startTestServer(env: Partial<Record<keyof Env, string>> = {}): Promise<TestServer> {
  const handle = await createTestDb();
  const dataDir = await mkdtemp(path.join(tmpdir(), "parley-test-"));
  const config = loadEnv({
    LOG_LEVEL: "silent",
    RATE_LIMIT_SCALE: "1000",
    DATA_DIR: dataDir,
    ...env,
  } as NodeJS.ProcessEnv);
  const services = createServices(config, handle.db, silentLogger, { jobPollingSeconds: 0.5 });
  // Workers run in every API process, as in production (emails go out as jobs).
  await services.jobs.start(services, { workers: true });
  const app = await buildServer({
    services,
    // Only bugs (answers of 500) are logged at error level: print them, so a rare one in CI says why.
    logLevel: process.env.TEST_LOG_LEVEL ?? "error",
    trustProxy: config.TRUST_PROXY,
    plugins: extraRoutes(services, config),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    services,
    async close() {
      await app.close();
      await services.close();
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A client that keeps cookies like a browser and speaks JSON. */
export class Client {
  readonly cookies = new Map<string, string>();
  bearer: string | undefined;

  constructor(readonly baseUrl: string) {}

  /** The Cookie header this browser sends, for requests made with fetch itself (streams, forms). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: any; headers: Headers; text: string }> {
    const cookie = this.cookieHeader();
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: "manual",
      headers: {
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(cookie ? { cookie } : {}),
        ...(this.bearer ? { authorization: `Bearer ${this.bearer}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      const value = rest.join("=");
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (!name) continue;
      if (expired || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  }

  get = (path: string, headers?: Record<string, string>) => this.request("GET", path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request("POST", path, body, headers);
  patch = (path: string, body?: unknown) => this.request("PATCH", path, body);
  put = (path: string, body?: unknown) => this.request("PUT", path, body);
  delete = (path: string, body?: unknown) => this.request("DELETE", path, body);
}

let counter = 0;
/** Registers (and so signs in) a new user; answers the client and the user. */
export async function signUp(
  baseUrl: string,
  overrides: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
) {
  counter += 1;
  const client = new Client(baseUrl);
  const email = overrides.email ?? `user${counter}-${Date.now()}@example.com`;
  const password = overrides.password ?? "correct horse battery";
  const res = await client.post("/api/auth/register", { email, password, ...overrides });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return { client, user: res.body.user, token: res.body.token as string, email, password };
}

export type Tier = "free" | "basic" | "pro";

/** Puts a user on `tier` with the subscription `status`, as a payment would. */
export const setPlan = (
  server: TestServer,
  userId: string,
  tier: Tier,
  status: "active" | "canceled" = "active",
) =>
  server.services.db
    .updateTable("users")
    .set({ subscription_tier: tier, subscription_status: status })
    .where("id", "=", userId)
    .execute();

/** Registers a new user, then puts them on `tier` (Pro unless said). */
export async function signUpOnPlan(
  server: TestServer,
  tier: Tier = "pro",
  overrides: Parameters<typeof signUp>[1] = {},
) {
  const signedUp = await signUp(server.url, overrides);
  await setPlan(server, signedUp.user.id, tier);
  return signedUp;
}

/**
 * An owner (on `tier`) with a project and one interview, and a participant browser that opened the
 * interview's share link (so it holds the grant).
 */
export async function ownerWithInterview(
  server: TestServer,
  {
    tier = "pro",
    stakeholderType = "developer",
    project = { title: "Dispatch", objective: "Faster routing" },
    name = "Dana",
  }: {
    tier?: Tier;
    stakeholderType?: string;
    /** The project's fields as POST /api/projects takes them. */
    project?: Record<string, string>;
    name?: string;
  } = {},
) {
  const owner = await signUpOnPlan(server, tier);
  const created = await owner.client.post("/api/projects", project);
  const interview = await owner.client.post("/api/interviews", {
    projectId: created.body.id,
    name,
    stakeholderType,
  });
  const participant = new Client(server.url);
  await participant.get(`/api/interviews/share/${interview.body.shareLink}`);
  return {
    owner,
    projectId: created.body.id as number,
    interviewId: interview.body.id as number,
    shareLink: interview.body.shareLink as string,
    participant,
  };
}

/** A tRPC query over HTTP, as the web app's client sends it. */
export const trpcQuery = (client: Client, procedure: string, input: unknown) =>
  client.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);

/** A tRPC mutation over HTTP, as the web app's client sends it (a JSON body, even without input). */
export const trpcMutation = (client: Client, procedure: string, input: unknown = {}) =>
  client.post(`/trpc/${procedure}`, input);

/**
 * A streamed tRPC call (JSON lines) as the web app's client sends it, with `client`'s cookies; answers
 * the fetch response, to be read as it arrives.
 */
export const trpcStream = (client: Client, procedure: string, input: unknown, signal?: AbortSignal) =>
  fetch(`${client.baseUrl}/trpc/${procedure}?batch=1`, {
    method: "POST",
    signal,
    headers: {
      "content-type": "application/json",
      "trpc-accept": "application/jsonl",
      cookie: client.cookieHeader(),
    },
    body: JSON.stringify({ 0: input }),
  });

/**
 * Waits until no background job is queued or running, so that what one test set off (an interview's
 * evidence extraction calling the fake model, say) cannot reach the next test's counts.
 */
export async function jobsSettled(server: TestServer, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const busy = await server.services.db
      .selectFrom("jobs")
      .select("id")
      .where("status", "in", ["queued", "running"])
      .executeTakeFirst();
    if (!busy) return;
    if (Date.now() > deadline) throw new Error(`A background job is still busy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
