import { ensureAdmin } from "@parley/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, signUpOnPlan, startTestServer, type TestServer, trpcMutation, trpcQuery } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A tRPC answer's data (the web client's reading of a 200). */
const data = (res: { body: any }) => res.body.result.data;

async function ownerWithToken(scope: "read" | "read_write" = "read_write") {
  const owner = await signUpOnPlan(server, "pro");
  const created = await trpcMutation(owner.client, "accessTokens.create", {
    name: "my agent",
    scope,
    expiresInDays: 30,
  });
  expect(created.status).toBe(200);
  const { token, accessToken } = data(created);
  const tool = new Client(server.url);
  tool.bearer = token;
  return { owner, token: token as string, id: accessToken.id as number, tool };
}

describe("personal access tokens", () => {
  it("shows a new token once and keeps only its hash, listed by name, scope, expiry and prefix", async () => {
    const { owner, token, id } = await ownerWithToken("read");
    expect(token).toMatch(/^prl_[a-z2-7]{52}$/);
    const listed = data(await trpcQuery(owner.client, "accessTokens.list", undefined));
    expect(listed).toEqual([
      expect.objectContaining({
        id,
        name: "my agent",
        scope: "read",
        prefix: token.slice(0, 8),
        lastUsedAt: null,
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(token);
    const expiresInDays = (Date.parse(listed[0].expiresAt) - Date.now()) / 86_400_000;
    expect(expiresInDays).toBeGreaterThan(29.9);
    const rows = await server.services.db
      .selectFrom("personal_access_tokens")
      .selectAll()
      .where("id", "=", id)
      .execute();
    expect(JSON.stringify(rows)).not.toContain(token.slice(4));
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("signs in on the REST door and /trpc as its owner and records when it was last used", async () => {
    const { owner, tool } = await ownerWithToken();
    const project = await owner.client.post("/api/projects", { title: "Mine", objective: "x" });
    const listed = await tool.get("/api/projects");
    expect(listed.status).toBe(200);
    expect(listed.body.map((p: { id: number }) => p.id)).toEqual([project.body.id]);
    const me = data(await trpcQuery(tool, "auth.me", undefined));
    expect(me.id).toBe(owner.user.id);
    const [row] = data(await trpcQuery(owner.client, "accessTokens.list", undefined));
    expect(row.lastUsedAt).not.toBeNull();
  });

  it("never reaches another owner's data (404)", async () => {
    const other = await signUpOnPlan(server, "pro");
    const theirs = await other.client.post("/api/projects", { title: "Theirs", objective: "x" });
    const { tool } = await ownerWithToken();
    expect((await tool.get(`/api/projects/${theirs.body.id}`)).status).toBe(404);
    expect((await tool.delete(`/api/projects/${theirs.body.id}`)).status).toBe(404);
    expect((await trpcQuery(tool, "projects.get", { id: theirs.body.id })).status).toBe(404);
  });

  it("a read-only token reads but cannot write (403), on both doors", async () => {
    const { owner, tool } = await ownerWithToken("read");
    const project = await owner.client.post("/api/projects", { title: "Mine", objective: "x" });
    expect((await tool.get(`/api/projects/${project.body.id}`)).status).toBe(200);
    const write = await tool.post("/api/projects", { title: "From a tool", objective: "x" });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe("This access token is read-only");
    expect((await tool.delete(`/api/projects/${project.body.id}`)).status).toBe(403);
    expect((await trpcMutation(tool, "projects.create", { title: "t", objective: "x" })).status).toBe(403);
    expect((await owner.client.get(`/api/projects/${project.body.id}`)).status).toBe(200);
  });

  it("a token sent beside a session cookie is the credential that counts", async () => {
    const { owner, token } = await ownerWithToken("read");
    const browser = owner.client;
    browser.bearer = token;
    const refused = await browser.post("/api/projects", { title: "t", objective: "x" });
    expect(refused.status).toBe(403);
    browser.bearer = undefined;
    expect((await browser.post("/api/projects", { title: "t", objective: "x" })).status).toBe(201);
  });

  it("a read-write token writes", async () => {
    const { tool } = await ownerWithToken("read_write");
    const created = await tool.post("/api/projects", { title: "From a tool", objective: "x" });
    expect(created.status).toBe(201);
  });

  it("a revoked token answers 401, and revoking takes one call from the session", async () => {
    const { owner, tool, id } = await ownerWithToken();
    expect((await tool.get("/api/projects")).status).toBe(200);
    const revoked = await trpcMutation(owner.client, "accessTokens.revoke", { id });
    expect(revoked.status).toBe(200);
    expect((await tool.get("/api/projects")).status).toBe(401);
    expect((await trpcQuery(tool, "projects.list", undefined)).status).toBe(401);
    expect(data(await trpcQuery(owner.client, "accessTokens.list", undefined))).toEqual([]);
    expect((await trpcMutation(owner.client, "accessTokens.revoke", { id })).status).toBe(404);
  });

  it("an expired token answers 401", async () => {
    const { tool, id } = await ownerWithToken();
    await server.services.db
      .updateTable("personal_access_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", id)
      .execute();
    expect((await tool.get("/api/projects")).status).toBe(401);
  });

  it("an unknown token answers 401", async () => {
    const tool = new Client(server.url);
    tool.bearer = "prl_thisisnotatokenthatexistsanywhereatallreally0000000";
    expect((await tool.get("/api/projects")).status).toBe(401);
  });

  it("cannot revoke another owner's token (404)", async () => {
    const { id, tool } = await ownerWithToken();
    const other = await signUpOnPlan(server, "pro");
    expect((await trpcMutation(other.client, "accessTokens.revoke", { id })).status).toBe(404);
    expect((await tool.get("/api/projects")).status).toBe(200);
  });

  it("a token cannot make, list or revoke tokens, nor delete the account or change the plan", async () => {
    const { tool, id } = await ownerWithToken("read_write");
    expect((await trpcQuery(tool, "accessTokens.list", undefined)).status).toBe(403);
    const made = await trpcMutation(tool, "accessTokens.create", {
      name: "n",
      scope: "read",
      expiresInDays: 7,
    });
    expect(made.status).toBe(403);
    expect((await trpcMutation(tool, "accessTokens.revoke", { id })).status).toBe(403);
    expect((await tool.delete("/api/auth/delete-account", { confirmDelete: true })).status).toBe(403);
    expect((await tool.post("/api/cancel-subscription")).status).toBe(403);
    expect((await tool.get("/api/projects")).status).toBe(200);
  });

  it("admin calls never accept a token, even an admin's (403)", async () => {
    await ensureAdmin(server.services.db, "chief-pat@example.com", "chief passphrase 1");
    const admin = new Client(server.url);
    const login = await admin.post("/api/auth/login", {
      email: "chief-pat@example.com",
      password: "chief passphrase 1",
    });
    expect(login.status).toBe(200);
    expect((await admin.get("/api/admin/stats")).status).toBe(200);
    const created = await trpcMutation(admin, "accessTokens.create", {
      name: "admin tool",
      scope: "read_write",
      expiresInDays: 7,
    });
    const tool = new Client(server.url);
    tool.bearer = data(created).token;
    expect((await tool.get("/api/projects")).status).toBe(200);
    expect((await tool.get("/api/admin/stats")).status).toBe(403);
    expect((await tool.get("/api/admin/users")).status).toBe(403);
    expect((await trpcQuery(tool, "admin.stats", undefined)).status).toBe(403);
  });

  it("AI calls made with a token count in the owner's monthly API calls", async () => {
    const { owner, tool } = await ownerWithToken("read_write");
    const before = (await owner.client.get("/api/auth/user")).body.monthlyApiUsage;
    const res = await tool.post("/api/ai/generate-replit-prompt", {
      documentation: "Book visits.",
      title: "Clinic",
    });
    expect(res.status).toBe(200);
    const after = (await owner.client.get("/api/auth/user")).body.monthlyApiUsage;
    expect(after).toBe(before + 1);
  });

  it("refuses bad input with a readable message", async () => {
    const owner = await signUpOnPlan(server, "pro");
    const res = await trpcMutation(owner.client, "accessTokens.create", {
      name: " ",
      scope: "all",
      expiresInDays: 3,
    });
    expect(res.status).toBe(400);
  });
});
