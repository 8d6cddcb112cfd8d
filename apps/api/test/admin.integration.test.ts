import { FakeOpenAi } from "@parley/ai/test/fake-openai";
import { ensureAdmin } from "@parley/api";
import { seedUser } from "@parley/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, signUp, startTestServer, type TestServer } from "./harness";

let server: TestServer;
let admin: Client;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer();
  await ensureAdmin(server.services.db, "chief@example.com", "chief passphrase 1");
  admin = new Client(server.url);
  const login = await admin.post("/api/auth/login", {
    email: "chief@example.com",
    password: "chief passphrase 1",
  });
  adminId = login.body.user.id;
});
afterAll(async () => {
  await server?.close();
});

const ADMIN_CALLS: Array<[string, string, unknown?]> = [
  ["GET", "/api/admin/users"],
  ["GET", "/api/admin/stats"],
  ["GET", "/api/admin/users/00000000-0000-4000-8000-000000000000"],
  ["GET", "/api/admin/users/00000000-0000-4000-8000-000000000000/projects"],
  ["GET", "/api/admin/users/00000000-0000-4000-8000-000000000000/interviews"],
  ["PATCH", "/api/admin/users/00000000-0000-4000-8000-000000000000", { subscriptionTier: "pro" }],
  ["DELETE", "/api/admin/users/00000000-0000-4000-8000-000000000000", { confirmDelete: true }],
  ["POST", "/api/admin/users/00000000-0000-4000-8000-000000000000/cancel-subscription"],
  ["POST", "/api/admin/users/00000000-0000-4000-8000-000000000000/reset-usage"],
  ["POST", "/api/admin/sync-subscriptions"],
  ["GET", "/api/admin/model-configurations"],
  ["POST", "/api/admin/model-configurations", { componentName: "summary_agent", modelName: "gpt-4o" }],
  ["PATCH", "/api/admin/model-configurations/1", { modelName: "gpt-4" }],
  ["DELETE", "/api/admin/model-configurations/1"],
  ["POST", "/api/admin/create-test-account", { email: "x@example.com" }],
];

describe("admin access", () => {
  it.each(ADMIN_CALLS)(
    "%s %s answers 403 to a non-admin and 401 signed out",
    async (method, path, payload) => {
      const { client } = await signUp(server.url);
      const res = await client.request(method, path, payload);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: "Admin access required" });
      expect((await new Client(server.url).request(method, path, payload)).status).toBe(401);
    },
  );
});

describe("users", () => {
  it("searches by email, first or last name, case-insensitively", async () => {
    await seedUser(server.services.db, {
      email: "Zelda.Search@example.com",
      first_name: "Zelda",
      last_name: "Quartz",
    });
    for (const term of ["zelda.search", "ZELDA", "quartz"]) {
      const res = await admin.get(`/api/admin/users?search=${encodeURIComponent(term)}`);
      expect(res.status).toBe(200);
      expect(res.body.map((u: { email: string }) => u.email)).toContain("Zelda.Search@example.com");
    }
    expect((await admin.get("/api/admin/users?search=%25")).body).toEqual([]);
  });

  it("changes the plan (a paid plan is active), resets usage, and records both in the audit log", async () => {
    const target = await seedUser(server.services.db, {
      monthly_api_usage: 42,
      monthly_api_cost: 99,
      subscription_status: "inactive",
    });
    const patched = await admin.patch(`/api/admin/users/${target.id}`, { subscriptionTier: "pro" });
    expect(patched.body).toMatchObject({
      subscriptionTier: "pro",
      subscriptionStatus: "active",
      monthlyApiLimit: 5000,
    });
    const reset = await admin.post(`/api/admin/users/${target.id}/reset-usage`);
    expect(reset.body).toMatchObject({ monthlyApiUsage: 0, monthlyApiCost: 0 });
    const audit = await admin.get(
      `/trpc/admin.audit?input=${encodeURIComponent(JSON.stringify({ id: target.id }))}`,
    );
    expect(audit.body.result.data.map((a: { action: string }) => a.action)).toEqual([
      "reset_usage",
      "update_user",
    ]);
    expect(audit.body.result.data[1].before.subscriptionTier).toBe("free");
    expect(audit.body.result.data[1].actorEmail).toBe("chief@example.com");
  });

  it("shows a user's projects and interviews, and answers 404 for an unknown user", async () => {
    const { client, user } = await signUp(server.url);
    const project = await client.post("/api/projects", { title: "Seen by admin" });
    await client.post("/api/interviews", { projectId: project.body.id, name: "Ivy" });
    expect(
      (await admin.get(`/api/admin/users/${user.id}/projects`)).body.map((p: { title: string }) => p.title),
    ).toEqual(["Seen by admin"]);
    expect(
      (await admin.get(`/api/admin/users/${user.id}/interviews`)).body.map((i: { name: string }) => i.name),
    ).toEqual(["Ivy"]);
    expect((await admin.get("/api/admin/users/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await admin.get("/api/admin/users/not-a-uuid")).status).toBe(400);
  });

  it("cancels a subscription and deletes a user only with confirmDelete, never itself", async () => {
    const { user, email, password } = await signUp(server.url);
    await admin.patch(`/api/admin/users/${user.id}`, { subscriptionTier: "basic" });
    expect(
      (await admin.post(`/api/admin/users/${user.id}/cancel-subscription`)).body.subscriptionStatus,
    ).toBe("canceled");
    expect((await admin.delete(`/api/admin/users/${user.id}`, {})).status).toBe(400);
    expect((await admin.delete(`/api/admin/users/${user.id}`, { confirmDelete: true })).status).toBe(200);
    expect((await new Client(server.url).post("/api/auth/login", { email, password })).status).toBe(401);
    const self = await admin.delete(`/api/admin/users/${adminId}`, { confirmDelete: true });
    expect(self.status).toBe(400);
    expect(self.body.message).toContain("your own account");
    expect((await admin.patch(`/api/admin/users/${adminId}`, { isAdmin: false })).status).toBe(400);
  });

  it("creates a test account whose one-time password signs in and is stored only hashed", async () => {
    expect((await admin.post("/api/admin/create-test-account", { email: "" })).body).toEqual({
      message: "Email is required",
    });
    const res = await admin.post("/api/admin/create-test-account", {
      email: "tester@example.com",
      firstName: "Tess",
      lastName: "Ter",
      subscriptionTier: "basic",
    });
    expect(res.status).toBe(201);
    const { temporaryPassword } = res.body;
    expect(temporaryPassword).toMatch(/^[a-z2-7]{16}$/);
    const row = await server.services.db
      .selectFrom("users")
      .select(["password_hash", "subscription_tier"])
      .where("email", "=", "tester@example.com")
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(temporaryPassword);
    expect(row.subscription_tier).toBe("basic");
    const login = await new Client(server.url).post("/api/auth/login", {
      email: "tester@example.com",
      password: temporaryPassword,
    });
    expect(login.status).toBe(200);
    expect((await admin.post("/api/admin/create-test-account", { email: "TESTER@example.com" })).status).toBe(
      409,
    );
  });
});

describe("stats", () => {
  it("computes revenue, subscriptions, calls and AI cost from the database", async () => {
    const local = await startTestServer();
    try {
      const { db } = local.services;
      await ensureAdmin(db, "boss@example.com", "boss passphrase 1");
      const boss = new Client(local.url);
      await boss.post("/api/auth/login", { email: "boss@example.com", password: "boss passphrase 1" });
      const basic = await seedUser(db, { subscription_tier: "basic", subscription_status: "active" });
      await seedUser(db, { subscription_tier: "pro", subscription_status: "active" });
      await seedUser(db, { subscription_tier: "pro", subscription_status: "canceled" });
      await seedUser(db, { subscription_tier: "free" });
      const event = {
        user_id: basic.id,
        component: "summary_agent",
        model: "gpt-4o",
        operation: "documentation",
      };
      await db
        .insertInto("usage_events")
        .values([
          { ...event, cost_cents: 150 },
          { ...event, cost_cents: 250 },
          { ...event, cost_cents: 1000, created_at: new Date(Date.now() - 40 * 86_400_000) },
        ])
        .execute();
      const stats = (await boss.get("/api/admin/stats")).body;
      expect(stats).toEqual({
        totalUsers: 5,
        activeSubscriptions: 2,
        monthlyRevenue: 128,
        apiCallsToday: 2,
        apiCallsThisMonth: 2,
        estimatedMonthlyCost: 4,
        profitMargin: 124,
      });
    } finally {
      await local.close();
    }
  });
});

describe("model configurations", () => {
  it("refuses invalid JSON with a clear message", async () => {
    const res = await admin.post("/api/admin/model-configurations", {
      componentName: "interview_agent",
      modelName: "gpt-4o",
      configuration: "{temperature: 0.2",
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Configuration must be valid JSON: /);
    expect(
      (await admin.post("/api/admin/model-configurations", { componentName: "nope", modelName: "x" })).status,
    ).toBe(400);
  });

  it("creates, edits and deletes a configuration", async () => {
    const created = await admin.post("/api/admin/model-configurations", {
      componentName: "summary_agent",
      modelName: "gpt-4o-mini",
      description: "cheap summaries",
      configuration: '{"temperature": 0.1}',
      isActive: false,
    });
    expect(created.status).toBe(201);
    const edited = await admin.patch(`/api/admin/model-configurations/${created.body.id}`, {
      modelName: "gpt-4",
      isActive: true,
    });
    expect(edited.body).toMatchObject({
      modelName: "gpt-4",
      isActive: true,
      configuration: '{"temperature": 0.1}',
    });
    expect((await admin.delete(`/api/admin/model-configurations/${created.body.id}`)).status).toBe(200);
    expect(
      (await admin.patch(`/api/admin/model-configurations/${created.body.id}`, { modelName: "x" })).status,
    ).toBe(404);
  });
});

describe("an edited model configuration reaches the interview agent", () => {
  const fake = new FakeOpenAi({ reply: "Which tools do you use today?" });
  let ai: TestServer;
  beforeAll(async () => {
    ai = await startTestServer({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: await fake.start() });
  });
  afterAll(async () => {
    await ai?.close();
    await fake.stop();
  });

  it("uses the new model on the next call", async () => {
    const { db } = ai.services;
    await ensureAdmin(db, "ops@example.com", "ops passphrase 1");
    const ops = new Client(ai.url);
    await ops.post("/api/auth/login", { email: "ops@example.com", password: "ops passphrase 1" });
    const owner = await signUp(ai.url);
    const project = await owner.client.post("/api/projects", { title: "Model check" });
    const interview = await owner.client.post("/api/interviews", { projectId: project.body.id, name: "Mo" });
    const first = await owner.client.post("/api/ai/response", {
      interviewId: interview.body.id,
      messages: [],
    });
    expect(fake.chatRequests().at(-1)?.body.model).toBe("gpt-4o");

    const configs = (await ops.get("/api/admin/model-configurations")).body;
    const agent = configs.find((c: { componentName: string }) => c.componentName === "interview_agent");
    await ops.patch(`/api/admin/model-configurations/${agent.id}`, {
      modelName: "ft:interview-agent-v2",
      configuration: '{"temperature": 0.3}',
    });
    // The next turn (a new answer: a request with nothing new repeats the stored reply, no call).
    await owner.client.post("/api/ai/response", {
      interviewId: interview.body.id,
      messages: [
        { role: "ai", content: first.body.response },
        { role: "user", content: "Spreadsheets, mostly." },
      ],
    });
    expect(fake.chatRequests().at(-1)?.body).toMatchObject({
      model: "ft:interview-agent-v2",
      temperature: 0.3,
    });
  });
});
