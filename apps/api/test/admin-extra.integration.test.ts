import { ensureAdmin } from "@parley/api";
import { DEFAULT_MODEL_CONFIGURATIONS } from "@parley/db/queries/admin";
import { seedUser } from "@parley/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, signUp, startTestServer, type TestServer, trpcMutation, trpcQuery } from "./harness";

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  await ensureAdmin(server.services.db, "keeper@example.com", "keeper passphrase 1");
  admin = new Client(server.url);
  await admin.post("/api/auth/login", { email: "keeper@example.com", password: "keeper passphrase 1" });
});
afterAll(async () => {
  await server?.close();
});

describe("cancel subscription", () => {
  it("refuses a free user, who has no paid subscription, and changes nothing", async () => {
    const free = await seedUser(server.services.db, {
      subscription_tier: "free",
      subscription_status: "active",
    });
    const res = await admin.post(`/api/admin/users/${free.id}/cancel-subscription`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "This user has no paid subscription to cancel" });
    const detail = await admin.get(`/api/admin/users/${free.id}`);
    expect(detail.body).toMatchObject({ subscriptionTier: "free", subscriptionStatus: "active" });
    const audit = await trpcQuery(admin, "admin.audit", { id: free.id });
    expect(audit.body.result.data).toEqual([]);
  });

  it("still cancels a paid plan", async () => {
    const paid = await seedUser(server.services.db, {
      subscription_tier: "basic",
      subscription_status: "active",
    });
    const res = await admin.post(`/api/admin/users/${paid.id}/cancel-subscription`);
    expect(res.status).toBe(200);
    expect(res.body.subscriptionStatus).toBe("canceled");
  });
});

describe("an admin opening another user's project", () => {
  it("reads the project, cannot change it, while another user still gets 404", async () => {
    const owner = await signUp(server.url);
    const project = await owner.client.post("/api/projects", {
      title: "Owner's plan",
      description: "private",
    });
    const path = `/api/projects/${project.body.id}`;

    const read = await admin.get(path);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: project.body.id, title: "Owner's plan", userId: owner.user.id });

    expect((await admin.patch(path, { title: "Renamed by admin" })).status).toBe(404);
    expect((await admin.delete(path)).status).toBe(404);
    expect((await owner.client.get(path)).body.title).toBe("Owner's plan");

    const stranger = await signUp(server.url);
    const refused = await stranger.client.get(path);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: "Project not found" });
  });
});

describe("an admin reading every tab of another user's project", () => {
  it("lists its interviews, documents, summary, requirements, prompts and chat; creating there is refused", async () => {
    const owner = await signUp(server.url);
    const project = await owner.client.post("/api/projects", { title: "Tabs", objective: "See it all" });
    const id = project.body.id;
    await owner.client.post("/api/interviews", { projectId: id, name: "Dana" });
    await owner.client.post(`/api/projects/${id}/summary`, { summary: "Dispatchers need a live map." });

    const interviews = await admin.get(`/api/projects/${id}/interviews`);
    expect(interviews.status).toBe(200);
    expect(interviews.body.map((i: { name: string }) => i.name)).toEqual(["Dana"]);
    expect((await admin.get(`/api/projects/${id}/summary`)).body).toEqual({
      summary: "Dispatchers need a live map.",
    });
    for (const tab of ["documents", "requirements", "replit-prompts", "chat"]) {
      expect((await admin.get(`/api/projects/${id}/${tab}`)).status).toBe(200);
    }

    // Reading is all: the admin cannot add to another user's project.
    const created = await admin.post("/api/interviews", { projectId: id, name: "Admin's" });
    expect(created.status).toBe(404);
    expect((await owner.client.get(`/api/projects/${id}/interviews`)).body).toHaveLength(1);

    const stranger = await signUp(server.url);
    for (const tab of ["interviews", "summary", "documents", "requirements", "replit-prompts", "chat"]) {
      expect((await stranger.client.get(`/api/projects/${id}/${tab}`)).status).toBe(404);
    }
  });
});

describe("GET /api/admin/users", () => {
  it("answers every user, newest first, beyond the first 50; ?limit and ?offset ask for a page", async () => {
    const base = Date.now() - 3_600_000;
    await server.services.db
      .insertInto("users")
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          id: crypto.randomUUID(),
          email: `crowd${i}@example.com`,
          created_at: new Date(base + i * 1000),
        })),
      )
      .execute();
    const { count } = await server.services.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();

    const all = await admin.get("/api/admin/users");
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(Number(count));
    const crowd = all.body
      .map((u: { email: string }) => u.email)
      .filter((email: string) => email.startsWith("crowd"));
    expect(crowd).toEqual(Array.from({ length: 120 }, (_, i) => `crowd${119 - i}@example.com`));
    const times = all.body.map((u: { createdAt: string }) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const searched = await admin.get("/api/admin/users?search=crowd");
    expect(searched.body).toHaveLength(120);

    const page = await admin.get("/api/admin/users?search=crowd&limit=50&offset=100");
    expect(page.body.map((u: { email: string }) => u.email)).toEqual(
      Array.from({ length: 20 }, (_, i) => `crowd${19 - i}@example.com`),
    );
    expect((await admin.get("/api/admin/users?limit=50")).body).toHaveLength(50);
  });
});

describe("initializeModelConfigurations", () => {
  it("restores the five defaults after every configuration was deleted, once", async () => {
    const before = (await admin.get("/api/admin/model-configurations")).body as Array<{ id: number }>;
    for (const config of before) {
      expect((await admin.delete(`/api/admin/model-configurations/${config.id}`)).status).toBe(200);
    }
    expect((await admin.get("/api/admin/model-configurations")).body).toEqual([]);

    const first = await trpcMutation(admin, "admin.initializeModelConfigurations");
    expect(first.status).toBe(200);
    expect(first.body.result.data).toEqual({ inserted: 5 });
    const restored = (await admin.get("/api/admin/model-configurations")).body;
    expect(
      restored.map(
        (c: { componentName: string; modelName: string; configuration: string; isActive: boolean }) => [
          c.componentName,
          c.modelName,
          c.configuration,
          c.isActive,
        ],
      ),
    ).toEqual(
      [...DEFAULT_MODEL_CONFIGURATIONS]
        .sort((a, b) => a.component_name.localeCompare(b.component_name))
        .map((c) => [c.component_name, c.model_name, c.configuration, true]),
    );

    const again = await trpcMutation(admin, "admin.initializeModelConfigurations");
    expect(again.body.result.data).toEqual({ inserted: 0 });
    expect((await admin.get("/api/admin/model-configurations")).body).toHaveLength(5);
  });

  it("answers 403 to a non-admin and 401 signed out, changing nothing", async () => {
    const configs = (await admin.get("/api/admin/model-configurations")).body as Array<{ id: number }>;
    await admin.delete(`/api/admin/model-configurations/${configs[0]?.id}`);
    const { client } = await signUp(server.url);
    expect((await trpcMutation(client, "admin.initializeModelConfigurations")).status).toBe(403);
    expect((await trpcMutation(new Client(server.url), "admin.initializeModelConfigurations")).status).toBe(
      401,
    );
    expect((await admin.get("/api/admin/model-configurations")).body).toHaveLength(4);
  });
});
