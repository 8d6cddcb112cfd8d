import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { planId } from "./billing-fixtures";
import { signUp, startTestServer, type TestServer } from "./harness";

describe("plans, offline billing and budgets", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("stores the budget in cents and reads it back", async () => {
    const { client } = await signUp(server.url);
    expect((await client.get("/api/user/budget")).body).toMatchObject({
      monthlyBudget: 0,
      budgetAlerts: false,
    });
    const saved = await client.post("/api/user/budget", {
      monthlyBudget: 2550,
      budgetAlerts: true,
      alertThreshold80: true,
      alertThreshold100: false,
    });
    expect(saved.body).toMatchObject({ monthlyBudget: 2550, budgetAlerts: true, alertThreshold100: false });
    expect((await client.get("/api/auth/user")).body.monthlyBudget).toBe(2550);
    for (const monthlyBudget of [-1, 12.5, "ten"]) {
      expect((await client.post("/api/user/budget", { monthlyBudget })).status).toBe(400);
    }
  });

  it("emails usage alerts at 80% and 100% of the limit, once each per period", async () => {
    const { client, user, email } = await signUp(server.url);
    const project = await client.post("/api/projects", { title: "Alerts" });
    const { db } = server.services;
    await db.updateTable("users").set({ monthly_api_usage: 79 }).where("id", "=", user.id).execute();
    const call = () =>
      client.post("/api/ai/generate-documentation", {
        transcripts: ["User: I need faster invoices so that we get paid."],
        title: "T",
        projectId: project.body.id,
      });
    await call(); // 80
    await call(); // 81: no second 80% alert
    await db.updateTable("users").set({ monthly_api_usage: 99 }).where("id", "=", user.id).execute();
    await call(); // 100
    // Alerts go out as jobs, after the call has answered.
    await vi.waitFor(
      async () => {
        const mails = await db
          .selectFrom("email_outbox")
          .select("subject")
          .where("to_address", "=", email)
          .orderBy("id")
          .execute();
        expect(mails.map((m) => m.subject)).toEqual([
          "Parley: you have used 80% of your AI calls",
          "Parley: you have used 100% of your AI calls",
        ]);
      },
      { timeout: 15_000, interval: 200 },
    );
  });

  it("tells a paid user at 100% of the calls that usage goes on pay-as-you-go, not that AI stops", async () => {
    const { client, user, email } = await signUp(server.url);
    await client.post("/api/create-subscription", { planId: await planId(server, "Basic") });
    const project = await client.post("/api/projects", { title: "Paid alerts" });
    const { db } = server.services;
    await db.updateTable("users").set({ monthly_api_usage: 999 }).where("id", "=", user.id).execute();
    const res = await client.post("/api/ai/generate-documentation", {
      transcripts: ["User: I need faster invoices so that we get paid."],
      title: "T",
      projectId: project.body.id,
    });
    expect(res.status).toBe(200);
    const mail = await vi.waitFor(
      () =>
        db
          .selectFrom("email_outbox")
          .select(["subject", "text_body"])
          .where("to_address", "=", email)
          .executeTakeFirstOrThrow(),
      { timeout: 15_000, interval: 200 },
    );
    expect(mail.subject).toBe("Parley: you have used 100% of your AI calls");
    expect(mail.text_body).toContain("pay-as-you-go");
    expect(mail.text_body).not.toContain("paused");
  });

  it("starts a new month when the reset date has passed, keeping the overage for the invoice", async () => {
    const { client, user } = await signUp(server.url);
    await client.post("/api/create-subscription", { planId: await planId(server, "Basic") });
    const { db } = server.services;
    const periodEnd = new Date(Date.UTC(2026, 9, 1));
    await db
      .updateTable("users")
      .set({ monthly_api_usage: 420, monthly_api_cost: 2075.4, usage_reset_date: periodEnd })
      .where("id", "=", user.id)
      .execute();
    // Reading the account is enough: no page shows last month's counters.
    const me = await client.get("/api/auth/user");
    expect(me.body).toMatchObject({ monthlyApiUsage: 0, monthlyApiCost: 0 });
    expect(new Date(me.body.usageResetDate).getTime()).toBeGreaterThan(Date.now());
    const charges = await db
      .selectFrom("overage_charges")
      .select(["amount_cents", "api_calls", "included_cents", "period_end", "stripe_invoice_item_id"])
      .where("user_id", "=", user.id)
      .execute();
    // Basic includes $15.00 of AI: $20.754 − $15.00 = 575 cents (rounded).
    expect(charges).toEqual([
      {
        amount_cents: 575,
        api_calls: 420,
        included_cents: 1500,
        period_end: periodEnd,
        stripe_invoice_item_id: null,
      },
    ]);
    // Closed once: reading again changes nothing.
    await client.get("/api/auth/user");
    expect(
      await db.selectFrom("overage_charges").select("id").where("user_id", "=", user.id).execute(),
    ).toHaveLength(1);
  });

  it("keeps no charge for a month inside the included amount, nor ever for the Free plan", async () => {
    const { db } = server.services;
    const paid = await signUp(server.url);
    await paid.client.post("/api/create-subscription", { planId: await planId(server, "Basic") });
    const free = await signUp(server.url);
    for (const { user } of [paid, free]) {
      await db
        .updateTable("users")
        .set({
          monthly_api_usage: 90,
          monthly_api_cost: 40,
          usage_reset_date: new Date(Date.UTC(2026, 9, 1)),
        })
        .where("id", "=", user.id)
        .execute();
    }
    for (const { client, user } of [paid, free]) {
      expect((await client.get("/api/auth/user")).body.monthlyApiUsage).toBe(0);
      expect(
        await db.selectFrom("overage_charges").select("id").where("user_id", "=", user.id).execute(),
      ).toEqual([]);
    }
  });
});
