import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, setPlan, signUp, signUpOnPlan, startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const newProject = (client: Client, title = "Checkout revamp") =>
  client.post("/api/projects", {
    title,
    objective: "Cut checkout abandonment",
    targetAudience: "Online shoppers",
    keyFeatures: "Guest checkout\nSaved cards",
    constraints: "PCI",
    references: "https://example.com/research",
    userId: "someone-else",
    status: "in_progress",
  });

describe("projects", () => {
  it("creates, lists, reads, updates and deletes a project for its owner", async () => {
    const { client, user } = await signUpOnPlan(server, "pro");
    const created = await newProject(client);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: "Checkout revamp",
      objective: "Cut checkout abandonment",
      keyFeatures: "Guest checkout\nSaved cards",
      userId: user.id,
      status: "in_progress",
    });
    const id = created.body.id;
    expect((await client.get("/api/projects")).body.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await client.get(`/api/projects/${id}`)).body.title).toBe("Checkout revamp");

    const patched = await client.patch(`/api/projects/${id}`, {
      title: "Checkout 2.0",
      domain: "E-commerce",
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      title: "Checkout 2.0",
      domain: "E-commerce",
      objective: "Cut checkout abandonment",
    });

    expect((await client.delete(`/api/projects/${id}`)).status).toBe(200);
    expect((await client.get(`/api/projects/${id}`)).status).toBe(404);
  });

  it.each([
    [{}, "Title is required"],
    [{ title: "   " }, "Title is required"],
    [{ title: 7 }, "Title is required"],
    [{ title: "x".repeat(201) }, "Title must be at most 200 characters"],
  ])("refuses %j with 400 and creates nothing", async (payload, message) => {
    const { client } = await signUp(server.url);
    const res = await client.post("/api/projects", payload);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect((await client.get("/api/projects")).body).toEqual([]);
  });

  it("answers 400 for a non-numeric id and 401 when signed out", async () => {
    const { client } = await signUp(server.url);
    expect((await client.get("/api/projects/abc")).status).toBe(400);
    expect((await client.get("/api/projects/abc")).body).toEqual({ message: "Invalid id" });
    expect((await new Client(server.url).get("/api/projects")).status).toBe(401);
  });

  it("refuses a second project this month on the free plan with 'Project limit reached'", async () => {
    const { client } = await signUp(server.url);
    expect((await newProject(client, "First")).status).toBe(201);
    const second = await newProject(client, "Second");
    expect(second.status).toBe(403);
    expect(second.body.message).toContain("Project limit reached");
    expect((await client.get("/api/projects")).body).toHaveLength(1);
  });

  it("allows 5 projects a month on Basic and 20 on Pro", async () => {
    const { client, user } = await signUpOnPlan(server, "basic");
    for (let i = 0; i < 5; i += 1) expect((await newProject(client, `P${i}`)).status).toBe(201);
    expect((await newProject(client, "P6")).status).toBe(403);
    await setPlan(server, user.id, "pro");
    for (let i = 5; i < 20; i += 1) expect((await newProject(client, `P${i}`)).status).toBe(201);
    expect((await newProject(client, "P21")).status).toBe(403);
  });

  it("lets a canceled user read but not create (403, upgradeRequired)", async () => {
    const { client, user } = await signUp(server.url);
    const created = await newProject(client);
    await setPlan(server, user.id, "basic", "canceled");
    expect((await client.get(`/api/projects/${created.body.id}`)).status).toBe(200);
    const refused = await newProject(client, "Another");
    expect(refused.status).toBe(403);
    expect(refused.body.upgradeRequired).toBe(true);
    expect(refused.body.message).toMatch(/subscription/);
    const interview = await client.post("/api/interviews", { projectId: created.body.id, name: "Ann" });
    expect(interview.status).toBe(403);
    expect(interview.body.upgradeRequired).toBe(true);
  });

  it("stores markup and SQL literally", async () => {
    const { client } = await signUp(server.url);
    const title = "<img src=x onerror=alert(1)> '; drop table projects; --";
    const res = await newProject(client, title);
    expect((await client.get(`/api/projects/${res.body.id}`)).body.title).toBe(title);
  });
});

describe("interviews (owner)", () => {
  it("creates an interview with an unguessable share link and lists it", async () => {
    const { client } = await signUp(server.url);
    const project = await newProject(client);
    const res = await client.post("/api/interviews", {
      projectId: project.body.id,
      name: "Ann from support",
      stakeholderType: "business",
      status: "scheduled",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Ann from support",
      stakeholderType: "business",
      status: "scheduled",
      selected: true,
      projectId: project.body.id,
    });
    expect(res.body.shareLink).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const second = await client.post("/api/interviews", { projectId: project.body.id, name: "Bo" });
    expect(second.body.shareLink).not.toBe(res.body.shareLink);
    const list = await client.get(`/api/projects/${project.body.id}/interviews`);
    expect(list.body.map((i: { id: number }) => i.id)).toEqual([res.body.id, second.body.id]);
    expect((await client.get(`/api/interviews/${res.body.id}`)).body.name).toBe("Ann from support");
  });

  it.each([
    [{ name: "" }, "Interview name is required"],
    [
      { name: "Bob", stakeholderType: "ceo" },
      "Stakeholder type must be one of: user, business, developer, designer, product_manager, other",
    ],
    [
      { name: "Bob", status: "done" },
      "Status must be one of: pending, scheduled, in_progress, completed, cancelled, updated_by_user",
    ],
  ])("refuses %j with 400", async (payload, message) => {
    const { client } = await signUp(server.url);
    const project = await newProject(client);
    const res = await client.post("/api/interviews", { projectId: project.body.id, ...payload });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it("allows 2 interviews per project on Free, then answers upgradeRequired", async () => {
    const { client } = await signUp(server.url);
    const project = await newProject(client);
    for (const name of ["A", "B"]) {
      expect((await client.post("/api/interviews", { projectId: project.body.id, name })).status).toBe(201);
    }
    const third = await client.post("/api/interviews", { projectId: project.body.id, name: "C" });
    expect(third.status).toBe(403);
    expect(third.body.upgradeRequired).toBe(true);
    expect(third.body.message).toContain("Interview limit reached");
  });

  it("toggles 'Exclude from Summary' and deletes", async () => {
    const { client } = await signUp(server.url);
    const project = await newProject(client);
    const interview = await client.post("/api/interviews", { projectId: project.body.id, name: "A" });
    const id = interview.body.id;
    const res = await client.patch(`/api/interviews/${id}/selection`, { selected: false });
    expect(res.body.selected).toBe(false);
    expect((await client.patch(`/api/interviews/${id}/selection`, { selected: "no" })).status).toBe(400);
    expect((await client.delete(`/api/interviews/${id}`)).status).toBe(200);
    expect((await client.get(`/api/interviews/${id}`)).status).toBe(404);
  });
});

describe("isolation", () => {
  it("answers 404 to another owner's project and interview ids, and changes nothing", async () => {
    const owner = await signUp(server.url);
    const project = await newProject(owner.client);
    const interview = await owner.client.post("/api/interviews", { projectId: project.body.id, name: "A" });
    const p = project.body.id;
    const i = interview.body.id;

    const { client: other } = await signUp(server.url);
    const attempts = [
      other.get(`/api/projects/${p}`),
      other.patch(`/api/projects/${p}`, { title: "Hijacked" }),
      other.delete(`/api/projects/${p}`),
      other.get(`/api/projects/${p}/interviews`),
      other.post("/api/interviews", { projectId: p, name: "Intruder" }),
      other.get(`/api/interviews/${i}`),
      other.patch(`/api/interviews/${i}/selection`, { selected: false }),
      other.delete(`/api/interviews/${i}`),
      other.patch(`/api/interviews/${i}/status`, { status: "completed" }),
      other.patch(`/api/interviews/${i}/notes`, { notes: "x" }),
      other.get(`/api/interviews/${i}/conversation`),
      other.get(`/api/interviews/${i}/transcript`),
      other.post("/api/conversations", { interviewId: i, messages: [] }),
      other.post("/api/transcripts", { interviewId: i, content: "x" }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    const still = await owner.client.get(`/api/projects/${p}`);
    expect(still.body.title).toBe("Checkout revamp");
    expect((await owner.client.get(`/api/interviews/${i}`)).body).toMatchObject({
      selected: true,
      status: "scheduled",
    });
  });
});
