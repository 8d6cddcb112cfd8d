import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planId, userRow } from "./billing-fixtures";
import { Client, signUp, startTestServer, type TestServer } from "./harness";

describe("plans, offline billing and budgets", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists the plans for anyone", async () => {
    const res = await new Client(server.url).get("/api/subscription-plans");
    expect(res.status).toBe(200);
    expect(res.body.map((p: { name: string; price: number }) => [p.name, p.price])).toEqual([
      ["Free", 0],
      ["Basic", 29],
      ["Pro", 99],
    ]);
    expect(res.body[1].features).toContain("5 projects per month");
  });

  it("activates a plan at once in test mode, then cancels it at once", async () => {
    const { client, user } = await signUp(server.url);
    const res = await client.post("/api/create-subscription", { planId: await planId(server, "Basic") });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, testMode: true, clientSecret: null });
    expect(res.body.message).toContain("test mode");
    expect(await userRow(server, user.id)).toMatchObject({
      subscription_tier: "basic",
      subscription_status: "active",
      monthly_api_limit: 1000,
    });

    const cancel = await client.post("/api/cancel-subscription");
    expect(cancel.body).toEqual({ success: true, message: "Subscription cancelled successfully" });
    expect((await userRow(server, user.id)).subscription_status).toBe("canceled");
    const again = await client.post("/api/cancel-subscription");
    expect(again.status).toBe(409);
    expect(again.body.message).toContain("already canceled");
  });

  it("cancels from the account page, whose call has no input and so no body", async () => {
    const { client, user } = await signUp(server.url);
    await client.post("/api/create-subscription", { planId: await planId(server, "Basic") });
    // The web's tRPC client sends a mutation without input as a POST with an empty body.
    const res = await client.request("POST", "/trpc/billing.cancel", undefined, {
      "content-type": "application/json",
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual({ success: true, message: "Subscription cancelled successfully" });
    expect((await userRow(server, user.id)).subscription_status).toBe("canceled");
  });

  it("refuses an unknown or malformed plan", async () => {
    const { client } = await signUp(server.url);
    expect((await client.post("/api/create-subscription", { planId: 9999 })).body).toEqual({
      message: "Plan Not Found",
    });
    const bad = await client.post("/api/create-subscription", { planId: "abc" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Please select a valid subscription plan");
    expect((await new Client(server.url).post("/api/create-subscription", { planId: 1 })).status).toBe(401);
  });

  it("refuses to cancel the Free plan, which has no subscription", async () => {
    const { client, user } = await signUp(server.url);
    const res = await client.post("/api/cancel-subscription");
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("Free plan");
    expect((await userRow(server, user.id)).subscription_status).toBe("active");
  });

  it("upgrades from the account page's reading at once in test mode (no checkout page)", async () => {
    const { client, user } = await signUp(server.url);
    const res = await client.post("/api/create-subscription", {
      planId: await planId(server, "Pro"),
      checkout: true,
    });
    expect(res.body).toMatchObject({ success: true, checkoutUrl: null, testMode: true });
    expect((await userRow(server, user.id)).subscription_tier).toBe("pro");
  });
});
