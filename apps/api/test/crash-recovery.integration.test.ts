import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FakeOpenAi } from "@parley/ai/test/fake-openai";
import { simulatedAnswer } from "@parley/ai/test/simulated-model";
import { createEmptyDatabase } from "@parley/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./harness";

/**
 * Issue 23: the API process killed with SIGKILL (kill -9) in the middle of 20 participants' turns,
 * then in the middle of a requirements job, and started again on the same database (DATABASE_URL's
 * server when set, else the same PGlite directory): no acknowledged answer is lost, and the job
 * finishes after the restart.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const ADMIN = { email: "crash-admin@example.com", password: "correct horse battery staple" };
const PARTICIPANTS = 20;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let fake: FakeOpenAi;
let env: Record<string, string>;
let cleanup: () => Promise<void>;
let child: ChildProcess | undefined;
let url = "";

let port = 0;

/** Starts the API as the README does (apps/api/src/main.ts), on the same port each time, and waits until it answers. */
async function start() {
  port ||= await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/main.ts"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error("the API did not start");
    await sleep(200);
  }
}

async function kill9() {
  const running = child;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once("exit", resolve));
  running.kill("SIGKILL");
  await exited;
}

beforeAll(async () => {
  // The interviewer's questions as plain text; the evidence engine's structured calls as the
  // scripted simulator answers them.
  const EVIDENCE = new Set(["interview_extraction", "project_synthesis", "requirements"]);
  fake = new FakeOpenAi({
    reply: (body) =>
      EVIDENCE.has(body.response_format?.json_schema?.name)
        ? simulatedAnswer(body)
        : "What happens next on a day like that?",
    tokenDelayMs: 20,
  });
  const fakeUrl = await fake.start();
  const dataDir = await mkdtemp(path.join(tmpdir(), "parley-crash-"));
  const database = process.env.DATABASE_URL ? await createEmptyDatabase() : undefined;
  env = {
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    OPENAI_API_KEY: "test-key",
    OPENAI_BASE_URL: fakeUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_SCALE: "1000",
    LOG_LEVEL: "fatal",
    NODE_ENV: "test",
  };
  if (!database) delete process.env.DATABASE_URL;
  cleanup = async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  await start();
}, 90_000);

afterAll(async () => {
  await kill9();
  await fake?.stop();
  await cleanup?.();
});

describe("kill -9 and restart", () => {
  it("loses no acknowledged answer of 20 participants' turns, and finishes a requirements job after the restart", async () => {
    const admin = new Client(url);
    await admin.post("/api/auth/login", ADMIN);
    const owner = new Client(url);
    const registered = await owner.post("/api/auth/register", {
      email: "crash-owner@example.com",
      password: "correct horse battery",
    });
    expect(registered.status).toBe(201);
    owner.bearer = registered.body.token;
    await admin.patch(`/api/admin/users/${registered.body.user.id}`, { subscriptionTier: "pro" });
    const project = await owner.post("/api/projects", {
      title: "Dispatch",
      objective: "Faster routing for field technicians",
    });
    expect(project.status).toBe(201);
    const interviews: Array<{ id: number; participant: Client }> = [];
    for (let i = 0; i < PARTICIPANTS; i += 1) {
      const created = await owner.post("/api/interviews", {
        projectId: project.body.id,
        name: `P${i}`,
        stakeholderType: "user",
      });
      const participant = new Client(url);
      await participant.get(`/api/interviews/share/${created.body.shareLink}`);
      interviews.push({ id: created.body.id, participant });
    }

    // 20 participants answer turn after turn; the process is killed while they do.
    const acknowledged = new Map<number, string[]>();
    const pending = new Map<number, { key: string; content: string }>();
    let killed = false;
    const talk = async ({ id, participant }: (typeof interviews)[number], p: number) => {
      for (let turn = 0; !killed; turn += 1) {
        const content = `Participant ${p}, answer ${turn}: we move jobs around by phone.`;
        const key = `p${p}-t${turn}`;
        pending.set(id, { key, content });
        const res = await participant
          .post(
            "/api/ai/response",
            { interviewId: id, messages: [{ role: "user", content }] },
            { "Idempotency-Key": key },
          )
          .catch(() => undefined);
        if (res?.status !== 200) return;
        acknowledged.set(id, [...(acknowledged.get(id) ?? []), content]);
        pending.delete(id);
      }
    };
    const talking = Promise.all(interviews.map((interview, p) => talk(interview, p)));
    while ([...acknowledged.values()].flat().length < 2 * PARTICIPANTS) await sleep(20);
    await kill9();
    killed = true;
    await talking;
    const before = [...acknowledged.values()].flat().length;
    await start();

    // Every acknowledged answer is in what the owner reads.
    let lost = 0;
    for (const { id } of interviews) {
      const conversation = await owner.get(`/api/interviews/${id}/conversation`);
      // An interview whose first answer was never stored has no conversation yet (404): nothing said.
      const said = ((conversation.body.messages ?? []) as string[]).map((m) => JSON.parse(m).content);
      for (const answer of acknowledged.get(id) ?? []) if (!said.includes(answer)) lost += 1;
    }
    console.log(
      `kill -9 during ${PARTICIPANTS} participants' turns: ${before} acknowledged answers, ${lost} lost`,
    );
    expect(lost).toBe(0);

    // Each participant sends the answer that was cut off again, with its key: it is answered, once.
    const retried = await Promise.all(
      interviews.map(async ({ id, participant }) => {
        const cut = pending.get(id);
        if (!cut) return 200;
        const res = await participant.post(
          "/api/ai/response",
          { interviewId: id, messages: [{ role: "user", content: cut.content }] },
          { "Idempotency-Key": cut.key },
        );
        const conversation = await owner.get(`/api/interviews/${id}/conversation`);
        const said = (conversation.body.messages as string[]).map((m) => JSON.parse(m).content);
        expect(said.filter((s) => s === cut.content)).toHaveLength(1);
        return res.status;
      }),
    );
    expect(retried.every((status) => status === 200)).toBe(true);

    // A requirements job over two completed interviews (a project of their own: Pro allows 20
    // interviews a project), killed while the model is working on it.
    const bikes = await owner.post("/api/projects", { title: "Bike share", objective: "Unlock faster" });
    expect(bikes.status).toBe(201);
    for (const [name, said] of [
      ["Rider", "I'm a commuter. I need to unlock the bike with my phone so that I can ride in seconds."],
      [
        "Operator",
        "I don't want reminders by text because they cost us money. The app must never store card numbers.",
      ],
    ] as const) {
      const created = await owner.post("/api/interviews", {
        projectId: bikes.body.id,
        name,
        stakeholderType: "user",
      });
      expect(created.status).toBe(201);
      const participant = new Client(url);
      await participant.get(`/api/interviews/share/${created.body.shareLink}`);
      const saved = await participant.post("/api/conversations", {
        interviewId: created.body.id,
        messages: [
          JSON.stringify({
            role: "ai",
            content: "What matters to you?",
            timestamp: new Date().toISOString(),
          }),
          JSON.stringify({ role: "user", content: said, timestamp: new Date().toISOString() }),
        ],
      });
      expect(saved.status).toBe(201);
      const done = await participant.patch(`/api/interviews/${created.body.id}/status`, {
        status: "completed",
      });
      expect(done.status).toBe(200);
    }
    // The job's first structured call past the interviews' own extraction (the completions queued
    // those) hangs, the model at work, until the process is killed.
    let hung = false;
    fake.stallWhen = (body) => {
      const schema = body?.response_format?.json_schema?.name;
      hung = typeof schema === "string" && schema !== "interview_extraction";
      return hung;
    };
    const started = await owner.post(`/api/projects/${bikes.body.id}/requirements/generate`);
    expect(started.status).toBe(202);
    const jobId = started.body.jobId as string;
    const waitFrom = Date.now();
    while (!hung) {
      if (Date.now() - waitFrom > 60_000) {
        const job = (await owner.get(`/api/jobs/${jobId}`)).body;
        const asked = fake.chatRequests().map((r) => r.body?.response_format?.json_schema?.name ?? "text");
        throw new Error(`the requirements job made no model call: ${JSON.stringify(job)} ${asked.join(",")}`);
      }
      await sleep(50);
    }
    expect((await owner.get(`/api/jobs/${jobId}`)).body.status).toBe("running");
    await kill9();
    const killedAt = Date.now();
    await start();
    let job = (await owner.get(`/api/jobs/${jobId}`)).body;
    while (job.status === "queued" || job.status === "running") {
      if (Date.now() - killedAt > 120_000) break;
      await sleep(500);
      job = (await owner.get(`/api/jobs/${jobId}`)).body;
    }
    const waited = ((Date.now() - killedAt) / 1000).toFixed(1);
    console.log(
      `kill -9 during a requirements job: it ${job.status} ${waited} s after the kill (restart included)`,
    );
    expect(job.status, JSON.stringify(job.error)).toBe("succeeded");
  }, 240_000);
});
