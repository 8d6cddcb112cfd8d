import { seedUser } from "@parley/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRANSCRIPT, usage } from "./ai-fixtures";
import { Client, ownerWithInterview, startTestServer, type TestServer } from "./harness";

describe("metering limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("stops a free user at the monthly call limit with a clear 429", async () => {
    const { owner, interviewId, participant } = await ownerWithInterview(server, { tier: "free" });
    await server.services.db
      .updateTable("users")
      .set({ monthly_api_usage: 100 })
      .where("id", "=", owner.user.id)
      .execute();
    // The participant is told plainly that the interviewer paused and nothing is lost...
    const res = await participant.post("/api/ai/response", { interviewId, messages: [] });
    expect(res.status).toBe(429);
    expect(res.body.message).toContain("Everything you said is saved");
    expect(res.body.upgradeRequired).toBeUndefined();
    // ...and the owner is told about the plan.
    const own = await owner.client.post("/api/ai/response", { interviewId, messages: [] });
    expect(own.status).toBe(429);
    expect(own.body.message).toContain("monthly limit of 100 AI calls");
    expect(own.body.upgradeRequired).toBe(true);
  });

  it("stops a paid user whose overage reached the budget, and lets pay-as-you-go continue without one", async () => {
    const { owner, projectId } = await ownerWithInterview(server, { tier: "basic" });
    await server.services.db
      .updateTable("users")
      .set({ monthly_api_cost: 2000 })
      .where("id", "=", owner.user.id)
      .execute();
    const payg = await owner.client.post("/api/ai/generate-documentation", {
      transcripts: [TRANSCRIPT],
      title: "T",
      projectId,
    });
    expect(payg.status).toBe(200);
    await server.services.db
      .insertInto("budgets")
      .values({ user_id: owner.user.id, monthly_budget: 500 })
      .execute();
    const res = await owner.client.post("/api/ai/generate-documentation", {
      transcripts: [TRANSCRIPT],
      title: "T",
      projectId,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain("budget of $5.00");
  });

  it("starts a new month of counters after the reset date", async () => {
    const { owner, projectId } = await ownerWithInterview(server, { tier: "free" });
    await server.services.db
      .updateTable("users")
      .set({ monthly_api_usage: 100, usage_reset_date: new Date(Date.now() - 1000) })
      .where("id", "=", owner.user.id)
      .execute();
    const res = await owner.client.post("/api/ai/generate-documentation", {
      transcripts: [TRANSCRIPT],
      title: "T",
      projectId,
    });
    expect(res.status).toBe(200);
    expect((await usage(server, owner.user.id)).monthly_api_usage).toBe(1);
  });
});

describe("anonymous rate limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    // Scaled by 0.05: a burst of 3 per link (and kind of call) and 6 a minute.
    server = await startTestServer({
      RATE_LIMIT_SCALE: "0.05",
      PARTICIPANT_AI_BURST: "60",
      PARTICIPANT_AI_PER_MINUTE: "120",
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("limits AI calls per share link", async () => {
    const { db } = server.services;
    const owner = await seedUser(db, { subscription_tier: "pro" });
    const project = await db
      .insertInto("projects")
      .values({ user_id: owner.id, title: "P" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: interviewId } = await db
      .insertInto("interviews")
      .values({ project_id: project.id, name: "N", share_link: "rate-limit-link-0001" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const participant = new Client(server.url);
    await participant.get("/api/interviews/share/rate-limit-link-0001");
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      statuses.push((await participant.post("/api/ai/response", { interviewId, messages: [] })).status);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
  });
});
