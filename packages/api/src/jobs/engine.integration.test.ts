import { type ChildProcessByStdio, spawn } from "node:child_process";
import path from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { connectionOf, createDb, type DbHandle } from "@parley/db/client";
import { createTestDb, seedUser } from "@parley/db/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "../errors";
import { createCaller } from "../root";
import { contextFor, createTestServices, refusal } from "../testing";
import { defineJob, type JobDefinition } from "./define";
import { createJobEngine, type JobEngine } from "./engine";
import { jobKinds } from "./registry";
import { slowKind } from "./slow-kind.fixture";

const here = path.dirname(fileURLToPath(import.meta.url));
const quiet = { info() {}, warn() {}, error() {} };

let handle: DbHandle;
let engine: JobEngine;
let attempts: Record<string, number> = {};

/** Test kinds beside the real ones: one that fails twice with a 503, one that is refused with a 400. */
const flaky = defineJob({
  kind: "test.flaky",
  retryLimit: 3,
  retryDelaySeconds: 1,
  async run({ progress }, input: { key: string }) {
    attempts[input.key] = (attempts[input.key] ?? 0) + 1;
    await progress(attempts[input.key] ?? 0, 3, "Trying");
    if ((attempts[input.key] ?? 0) < 3) throw Object.assign(new Error("Provider busy"), { status: 503 });
    return { attempts: attempts[input.key] };
  },
});
const refused = defineJob({
  kind: "test.refused",
  retryLimit: 3,
  retryDelaySeconds: 1,
  async run(_context, input: { key: string }) {
    attempts[input.key] = (attempts[input.key] ?? 0) + 1;
    throw Object.assign(new Error("The provider refused the request"), { status: 400 });
  },
});
const kinds: Record<string, JobDefinition<any, any>> = {
  ...jobKinds,
  [flaky.kind]: flaky,
  [refused.kind]: refused,
};

beforeAll(async () => {
  handle = await createTestDb();
  engine = createJobEngine({ db: handle.db, logger: quiet, pollingIntervalSeconds: 0.5, kinds });
});
afterAll(async () => {
  await engine?.stop();
  await handle?.close();
});

const outbox = (to: string) =>
  handle.db.selectFrom("email_outbox").select(["subject"]).where("to_address", "=", to).execute();

/** The first line a child process prints (the job id it queued). */
function firstLine(child: ChildProcessByStdio<null, Readable, null>): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += String(chunk);
      if (out.includes("\n")) resolve(out.trim());
    });
    child.once("exit", (code) => reject(new Error(`child exited with ${code}`)));
  });
}

async function settled(id: string, timeout = 20_000) {
  const services = createTestServices(handle.db);
  const admin = await seedUser(handle.db, { is_admin: true });
  const caller = createCaller(await contextFor(services, admin));
  let job = await caller.jobs.get({ id });
  await vi.waitFor(
    async () => {
      job = await caller.jobs.get({ id });
      expect(["succeeded", "failed"]).toContain(job.status);
    },
    { timeout, interval: 200 },
  );
  return job;
}

describe("the job engine (pg-boss)", () => {
  // Two processes need a server both reach (CI always sets DATABASE_URL); PGlite is one process.
  it.runIf(process.env.DATABASE_URL)(
    "runs a job queued before a kill -9 of the process that queued it",
    async () => {
      const connection = connectionOf(handle.db);
      if (connection?.kind !== "postgres") throw new Error("expected PostgreSQL");
      const { databaseUrl } = connection;
      const child = spawn(
        process.execPath,
        ["--import", "tsx", path.join(here, "enqueue-child.fixture.ts"), databaseUrl],
        {
          stdio: ["ignore", "pipe", "inherit"],
        },
      );
      const id = await firstLine(child);
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));

      const services = createTestServices(handle.db);
      await engine.start(services, { workers: true });
      const job = await settled(id);
      expect(job).toMatchObject({ id, kind: "email.send", status: "succeeded" });
      expect(await outbox("after-crash@example.com")).toEqual([{ subject: "Queued before the crash" }]);
    },
    40_000,
  );

  it.runIf(process.env.DATABASE_URL)(
    "finishes a job whose process was killed (kill -9) in the middle of it, on another worker",
    async () => {
      const connection = connectionOf(handle.db);
      if (connection?.kind !== "postgres") throw new Error("expected PostgreSQL");
      const child = spawn(
        process.execPath,
        ["--import", "tsx", path.join(here, "running-child.fixture.ts"), connection.databaseUrl],
        { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, PARLEY_TEST_HANG: "1" } },
      );
      const id = await firstLine(child);
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));

      const survivor = createJobEngine({
        db: handle.db,
        logger: quiet,
        pollingIntervalSeconds: 0.5,
        superviseIntervalSeconds: 1,
        heartbeatSeconds: 10,
        kinds: { [slowKind.kind]: slowKind },
      });
      try {
        await survivor.start(createTestServices(handle.db), { workers: true });
        const job = await settled(id, 40_000);
        expect(job).toMatchObject({ status: "succeeded", result: { finishedBy: process.pid } });
        const row = await handle.db
          .selectFrom("jobs")
          .select("attempts")
          .where("id", "=", id)
          .executeTakeFirst();
        expect(row?.attempts).toBe(2);
      } finally {
        await survivor.stop();
      }
    },
    60_000,
  );

  it("retries transient failures with backoff and succeeds; refuses a 4xx at once", async () => {
    attempts = {};
    await engine.start(createTestServices(handle.db), { workers: true });
    const owner = await seedUser(handle.db);
    const flakyJob = await engine.enqueue("test.flaky" as never, { key: "flaky" } as never, {
      ownerId: owner.id,
    });
    const refusedJob = await engine.enqueue("test.refused" as never, { key: "refused" } as never, {
      ownerId: owner.id,
    });
    const started = Date.now();
    expect(await settled(flakyJob.id)).toMatchObject({
      status: "succeeded",
      result: { attempts: 3 },
      progress: { done: 3, total: 3, step: "Trying" },
    });
    // Backoff: 1 s, then 2 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2500);
    const failed = await settled(refusedJob.id);
    expect(failed).toMatchObject({ status: "failed", error: "The provider refused the request" });
    expect(failed.result).toBeUndefined();
    expect(attempts.refused).toBe(1);
  }, 40_000);

  it("logs an expected refusal (the owner's subscription cancelled) at warn, not error", async () => {
    const logged: Array<[string, string]> = [];
    const cancelled = defineJob({
      kind: "test.cancelled",
      retryLimit: 0,
      async run() {
        throw new AppError("FORBIDDEN", "Your subscription was cancelled", { upgradeRequired: true });
      },
    });
    const recording = createJobEngine({
      db: handle.db,
      logger: {
        info() {},
        warn: (_o: unknown, m?: string) => logged.push(["warn", m ?? ""]),
        error: (_o: unknown, m?: string) => logged.push(["error", m ?? ""]),
      },
      pollingIntervalSeconds: 0.5,
      kinds: { [cancelled.kind]: cancelled },
    });
    try {
      await recording.start(createTestServices(handle.db), { workers: true });
      const { id } = await recording.enqueue("test.cancelled" as never, {} as never);
      expect(await settled(id)).toMatchObject({ status: "failed", error: "Your subscription was cancelled" });
      expect(logged).toContainEqual(["warn", "job refused"]);
      expect(logged.filter(([level]) => level === "error")).toEqual([]);
    } finally {
      await recording.stop();
    }
  }, 40_000);

  it("answers the same job id for the same work while it is queued, and a new one afterwards", async () => {
    const idle = createJobEngine({ db: handle.db, logger: quiet, kinds });
    const first = await idle.enqueue("usage.rollup", {});
    const second = await idle.enqueue("usage.rollup", {});
    expect(second).toEqual({ id: first.id, created: false });
    await idle.stop();
    await engine.start(createTestServices(handle.db), { workers: true });
    expect((await settled(first.id)).status).toBe("succeeded");
    const third = await engine.enqueue("usage.rollup", {});
    expect(third.created).toBe(true);
    expect(third.id).not.toBe(first.id);
    await settled(third.id);
  }, 40_000);

  it("shows a job to its owner and admins only: others get 404 at both doors", async () => {
    const owner = await seedUser(handle.db);
    const stranger = await seedUser(handle.db);
    const services = createTestServices(handle.db);
    const { id } = await engine.enqueue(
      "email.send",
      { to: "owner-job@example.com", subject: "Yours", text: "Hello" },
      { ownerId: owner.id },
    );
    const mine = await createCaller(await contextFor(services, owner)).jobs.get({ id });
    expect(mine).toMatchObject({ id, kind: "email.send", progress: { done: expect.any(Number) } });
    expect(["queued", "running", "succeeded"]).toContain(mine.status);
    const other = await refusal(createCaller(await contextFor(services, stranger)).jobs.get({ id }));
    expect(other).toMatchObject({ status: 404, body: { message: "Job not found" } });
    const unknown = await refusal(
      createCaller(await contextFor(services, owner)).jobs.get({ id: "not-a-job" }),
    );
    expect(unknown.status).toBe(404);
    expect(await refusal(createCaller(await contextFor(services)).jobs.get({ id }))).toMatchObject({
      status: 401,
    });
    expect((await settled(id)).status).toBe("succeeded");
  }, 40_000);
});

describe("the job engine on the embedded database (pg-boss's PGlite adapter)", () => {
  it("queues, runs and reports a job with Kysely using the same PGlite", async () => {
    const embedded = await createDb({ dataDir: "memory://" });
    const jobs = createJobEngine({ db: embedded.db, logger: quiet, pollingIntervalSeconds: 0.5 });
    try {
      await jobs.start(createTestServices(embedded.db), { workers: true });
      const owner = await seedUser(embedded.db);
      const { id } = await jobs.enqueue(
        "email.send",
        { to: "embedded@example.com", subject: "From PGlite", text: "Hello" },
        { ownerId: owner.id },
      );
      await vi.waitFor(
        async () =>
          expect((await jobs.get({ userId: owner.id, isAdmin: false }, id))?.status).toBe("succeeded"),
        { timeout: 20_000, interval: 200 },
      );
      const mail = await embedded.db
        .selectFrom("email_outbox")
        .select("subject")
        .where("to_address", "=", "embedded@example.com")
        .execute();
      expect(mail).toEqual([{ subject: "From PGlite" }]);
    } finally {
      await jobs.stop();
      await embedded.close();
    }
  }, 60_000);
});
