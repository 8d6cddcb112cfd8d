import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  setPlan,
  signUpOnPlan,
  startTestServer,
  type TestServer,
  trpcMutation,
} from "./harness";
import { ownerView, ownerWithWorkspace, REQUIREMENTS, rowCounts, TRANSCRIPT } from "./workspace-fixtures";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("plan limits", () => {
  const newInterview = (client: Client, projectId: number, n: number) =>
    client.post("/api/interviews", { projectId, name: `Stakeholder ${n}` });

  it.each([
    ["basic", 10, "Basic"],
    ["pro", 20, "Pro"],
  ] as const)(
    "allows %s owners %i interviews per project, then answers upgradeRequired",
    async (tier, limit, name) => {
      const { client } = await signUpOnPlan(server, tier);
      const projectId = (await client.post("/api/projects", { title: "Limits" })).body.id as number;
      for (let n = 1; n <= limit; n += 1) expect((await newInterview(client, projectId, n)).status).toBe(201);

      const refused = await newInterview(client, projectId, limit + 1);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        message: `Interview limit reached: the ${name} plan allows ${limit} interviews per project. Upgrade your subscription to add more.`,
        upgradeRequired: true,
      });
      expect((await client.get(`/api/projects/${projectId}/interviews`)).body).toHaveLength(limit);

      // The limit is per project: a second project starts again at zero.
      const next = (await client.post("/api/projects", { title: "Next" })).body.id as number;
      expect((await newInterview(client, next, 1)).status).toBe(201);
    },
  );

  it("allows 2 interviews per project on Free", async () => {
    const { client } = await signUpOnPlan(server, "free");
    const projectId = (await client.post("/api/projects", { title: "Limits" })).body.id as number;
    for (const n of [1, 2]) expect((await newInterview(client, projectId, n)).status).toBe(201);
    const refused = await newInterview(client, projectId, 3);
    expect(refused.status).toBe(403);
    expect(refused.body.upgradeRequired).toBe(true);
  });

  it.each([
    ["free", "1 project", 1, "Free"],
    ["basic", "5 projects", 5, "Basic"],
    ["pro", "20 projects", 20, "Pro"],
  ] as const)(
    "allows %s owners %s a month, then answers 'Project limit reached'",
    async (tier, count, limit, name) => {
      const { client } = await signUpOnPlan(server, tier);
      for (let n = 1; n <= limit; n += 1) {
        expect((await client.post("/api/projects", { title: `Project ${n}` })).status).toBe(201);
      }
      const refused = await client.post("/api/projects", { title: "One too many" });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        message: `Project limit reached: the ${name} plan allows ${count} per month. Upgrade your plan to create more projects.`,
        upgradeRequired: true,
      });
      expect((await client.get("/api/projects")).body).toHaveLength(limit);
    },
  );

  it("counts only projects created this calendar month", async () => {
    const { client, user } = await signUpOnPlan(server, "free");
    const { db } = server.services;
    await db
      .insertInto("projects")
      .values({
        user_id: user.id,
        title: "Last month",
        created_at: sql<Date>`date_trunc('month', now()) - interval '1 day'`,
      })
      .execute();
    expect((await client.post("/api/projects", { title: "This month" })).status).toBe(201);
    expect((await client.post("/api/projects", { title: "Second this month" })).status).toBe(403);
  });
});

describe("canceled subscription", () => {
  it("reads everything but every create call answers 403 with upgradeRequired and writes nothing", async () => {
    const ws = await ownerWithWorkspace(server);
    const { client, projectId, interviewId, epicId, featureId } = ws;
    await setPlan(server, ws.user.id, "pro", "canceled");

    const project = await client.get(`/api/projects/${projectId}`);
    expect(project.status).toBe(200);
    expect(project.body.title).toBe("Clinic booking");
    const requirements = await client.get(`/api/projects/${projectId}/requirements`);
    expect(requirements.status).toBe(200);
    expect(requirements.body.requirements).toBe(REQUIREMENTS);
    const before = { view: await ownerView(ws), rows: await rowCounts(server) };

    const rest: [method: string, path: string, body: unknown][] = [
      ["POST", "/api/projects", { title: "Another" }],
      ["POST", "/api/interviews", { projectId, name: "Bo" }],
      ["POST", `/api/projects/${projectId}/requirements`, { requirements: "# Epic: New\n" }],
      ["POST", "/api/documents", { title: "Doc", content: "x", projectId }],
      ["POST", "/api/replit-prompts", { title: "Prompt", content: "x", projectId }],
      ["POST", `/api/projects/${projectId}/chat`, { message: "Hello" }],
      ["POST", "/api/ai/generate-documentation", { transcripts: [TRANSCRIPT], title: "T", projectId }],
    ];
    for (const [method, path, body] of rest) {
      const res = await client.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toMatch(/subscription/);
      expect(res.body.upgradeRequired, `${method} ${path}`).toBe(true);
    }

    const story = { userType: "patient", action: "rebook", benefit: "I keep my slot" };
    const trpc: [path: string, input: unknown][] = [
      ["requirements.addEpic", { projectId, name: "New epic" }],
      ["requirements.addFeature", { epicId, name: "New feature" }],
      ["requirements.addStory", { featureId, ...story }],
      ["requirements.saveTree", { projectId, tree: { epics: [] } }],
      ["requirements.saveVersion", { projectId }],
      ["documents.create", { title: "Doc", content: "x", projectId, interviewIds: [interviewId] }],
    ];
    for (const [path, input] of trpc) {
      const res = await trpcMutation(client, path, input);
      expect(res.status, path).toBe(403);
      expect(res.body.error.message).toMatch(/subscription/);
      expect(res.body.error.data.upgradeRequired, path).toBe(true);
    }

    expect(await ownerView(ws)).toEqual(before.view);
    expect(await rowCounts(server)).toEqual(before.rows);
  });

  it("may still edit and delete what already exists", async () => {
    const ws = await ownerWithWorkspace(server);
    const { client, projectId, epicId } = ws;
    await setPlan(server, ws.user.id, "basic", "canceled");
    expect((await client.patch(`/api/projects/${projectId}`, { title: "Renamed" })).body.title).toBe(
      "Renamed",
    );
    expect(
      (await trpcMutation(client, "requirements.updateEpic", { id: epicId, name: "Visits" })).status,
    ).toBe(200);
    expect((await client.get(`/api/projects/${projectId}/requirements`)).body.requirements).toContain(
      "# Epic: Visits",
    );
    expect((await client.delete(`/api/documents/${ws.documentId}`)).status).toBe(200);
  });
});
