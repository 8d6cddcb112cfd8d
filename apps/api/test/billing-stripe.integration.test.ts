import { FakeStripe } from "@parley/billing/test/fake-stripe";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planId, userRow } from "./billing-fixtures";
import { Client, signUp, startTestServer, type TestServer } from "./harness";

describe("Stripe billing against a local fake Stripe", () => {
  const fake = new FakeStripe();
  const WEBHOOK_SECRET = "whsec_test_secret";
  const stripe = new Stripe("sk_test_fake");
  let server: TestServer;
  beforeAll(async () => {
    const base = await fake.start();
    server = await startTestServer({
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: base,
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake.stop();
  });

  const webhook = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return new Client(server.url).post("/api/stripe/webhook", payload, { "stripe-signature": signature });
  };
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const subscriptionEvent = (id: string, type: string, created: number, subscription: object) => ({
    id,
    object: "event",
    type,
    created,
    data: { object: subscription },
  });

  it("creates the customer and an incomplete subscription, answering the client secret", async () => {
    const { client, user } = await signUp(server.url);
    const res = await client.post("/api/create-subscription", { planId: await planId(server, "Pro") });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, testMode: false });
    expect(res.body.clientSecret).toMatch(/_secret_fake$/);
    const row = await userRow(server, user.id);
    expect(row.stripe_customer_id).toMatch(/^cus_/);
    expect(row.stripe_subscription_id).toMatch(/^sub_/);
    expect(row.subscription_status).toBe("incomplete");
    const created = fake.requests.find((r) => r.path === "/v1/subscriptions" && r.method === "POST");
    expect(created?.form.get("payment_behavior")).toBe("default_incomplete");
  });

  it("applies signed webhooks once, refuses forged ones, and ignores stale events", async () => {
    const { client, user } = await signUp(server.url);
    await client.post("/api/create-subscription", { planId: await planId(server, "Basic") });
    const row = await userRow(server, user.id);
    const subscription = fake.subscriptions.get(row.stripe_subscription_id as string)!;
    const now = Math.floor(Date.now() / 1000);

    const active = subscriptionEvent("evt_1", "customer.subscription.updated", now, {
      ...subscription,
      status: "active",
    });
    expect((await webhook(active)).body).toEqual({ received: true, applied: true });
    expect(await userRow(server, user.id)).toMatchObject({
      subscription_status: "active",
      subscription_tier: "basic",
    });

    expect((await webhook(active)).body).toEqual({ received: true, applied: false }); // replayed

    const forged = await webhook(
      subscriptionEvent("evt_2", "customer.subscription.deleted", now + 5, subscription),
      "whsec_wrong",
    );
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ message: "Invalid webhook signature" });
    expect((await userRow(server, user.id)).subscription_status).toBe("active");

    // An older event that arrives late does not undo a newer one.
    const late = subscriptionEvent("evt_3", "customer.subscription.updated", now - 60, {
      ...subscription,
      status: "past_due",
    });
    expect((await webhook(late)).status).toBe(200);
    expect((await userRow(server, user.id)).subscription_status).toBe("active");

    const deleted = subscriptionEvent("evt_4", "customer.subscription.deleted", now + 10, {
      ...subscription,
      status: "canceled",
    });
    await webhook(deleted);
    expect((await userRow(server, user.id)).subscription_status).toBe("canceled");
  });

  it("cancels through Stripe, and a sync re-reads subscription states", async () => {
    const { client, user } = await signUp(server.url);
    await client.post("/api/create-subscription", { planId: await planId(server, "Pro") });
    const row = await userRow(server, user.id);
    fake.subscriptions.get(row.stripe_subscription_id as string)!.status = "active";
    expect(await server.services.billing.syncSubscriptions()).toMatchObject({ updated: expect.any(Number) });
    expect(await userRow(server, user.id)).toMatchObject({
      subscription_status: "active",
      subscription_tier: "pro",
    });

    expect((await client.post("/api/cancel-subscription")).status).toBe(200);
    expect(fake.subscriptions.get(row.stripe_subscription_id as string)!.status).toBe("canceled");
    expect((await userRow(server, user.id)).subscription_status).toBe("canceled");
  });

  /** A user paying for `plan` through Stripe (the first payment confirmed). */
  const payingUser = async (plan: string) => {
    const signedUp = await signUp(server.url);
    await signedUp.client.post("/api/create-subscription", { planId: await planId(server, plan) });
    const row = await userRow(server, signedUp.user.id);
    const subscription = fake.subscriptions.get(row.stripe_subscription_id as string)!;
    subscription.status = "active";
    await server.services.billing.syncSubscriptions();
    return { ...signedUp, subscription };
  };
  const subscriptionCreates = () =>
    fake.requests.filter((r) => r.path === "/v1/subscriptions" && r.method === "POST").length;

  it("changes the plan of a paying user on the same subscription, never a second one", async () => {
    const { client, user, subscription } = await payingUser("Basic");
    const creates = subscriptionCreates();
    const res = await client.post("/api/create-subscription", { planId: await planId(server, "Pro") });
    expect(res.body).toMatchObject({ success: true, clientSecret: null });
    expect(subscriptionCreates()).toBe(creates);
    expect(subscription.metadata.tier).toBe("pro");
    expect(await userRow(server, user.id)).toMatchObject({
      subscription_tier: "pro",
      subscription_status: "active",
      stripe_subscription_id: subscription.id,
    });
  });

  it("moving to Free cancels the paid subscription at Stripe; its late end changes nothing", async () => {
    const { client, user, subscription } = await payingUser("Pro");
    const res = await client.post("/api/create-subscription", { planId: await planId(server, "Free") });
    expect(res.body).toMatchObject({ success: true });
    expect(subscription.status).toBe("canceled");
    expect(await userRow(server, user.id)).toMatchObject({
      subscription_tier: "free",
      subscription_status: "active",
      stripe_subscription_id: null,
    });
    const ended = subscriptionEvent(`evt_end_${user.id}`, "customer.subscription.deleted", nowSeconds() + 5, {
      ...subscription,
    });
    expect((await webhook(ended)).status).toBe(200);
    expect((await userRow(server, user.id)).subscription_status).toBe("active");
  });

  it("within one second, a late 'created' event does not undo the first payment", async () => {
    const { client, user } = await signUp(server.url);
    await client.post("/api/create-subscription", { planId: await planId(server, "Basic") });
    const row = await userRow(server, user.id);
    const subscription = fake.subscriptions.get(row.stripe_subscription_id as string)!;
    const second = nowSeconds();
    await webhook(
      subscriptionEvent(`evt_paid_${user.id}`, "customer.subscription.updated", second, {
        ...subscription,
        status: "active",
      }),
    );
    await webhook(
      subscriptionEvent(`evt_created_${user.id}`, "customer.subscription.created", second, {
        ...subscription,
        status: "incomplete",
      }),
    );
    expect((await userRow(server, user.id)).subscription_status).toBe("active");
  });

  it("says 'already canceled' when Stripe had ended the subscription before we heard of it", async () => {
    const { client, user, subscription } = await payingUser("Basic");
    subscription.status = "canceled"; // canceled in Stripe's dashboard; the webhook is still on its way
    const res = await client.post("/api/cancel-subscription");
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("already canceled");
    expect((await userRow(server, user.id)).subscription_status).toBe("canceled");
  });

  it("answers a Stripe Checkout address on the account page's reading", async () => {
    const { client } = await signUp(server.url);
    const res = await client.post("/api/create-subscription", {
      planId: await planId(server, "Pro"),
      checkout: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, clientSecret: null, testMode: false });
    expect(res.body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\//);
    const session = fake.checkoutSessions.at(-1)!;
    expect(session.mode).toBe("subscription");
    expect(String(session.success_url)).toMatch(/\/account\?checkout=success$/);
  });

  it("puts a month's overage on the customer's next invoice once", async () => {
    const { user, client } = await payingUser("Basic");
    const { db } = server.services;
    await db
      .updateTable("users")
      .set({ monthly_api_cost: 1800, usage_reset_date: new Date(Date.UTC(2026, 9, 1)) })
      .where("id", "=", user.id)
      .execute();
    await client.get("/api/auth/user"); // closes the period
    await server.services.billing.chargePendingOverages();
    await server.services.billing.chargePendingOverages(); // nothing left: no second item
    const row = await userRow(server, user.id);
    const items = fake.invoiceItems.filter((i) => i.body.customer === row.stripe_customer_id);
    expect(items).toHaveLength(1);
    expect(items[0]?.body).toMatchObject({ amount: 300, currency: "usd" });
    expect(String(items[0]?.body.description)).toContain("September 2026");
    const charge = await db
      .selectFrom("overage_charges")
      .select("stripe_invoice_item_id")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(charge.stripe_invoice_item_id).toBe(items[0]?.body.id);
  });
});
