import type { Db } from "@parley/db/client";
import type { SubscriptionStatus, SubscriptionTier } from "@parley/db/schema";
import Stripe from "stripe";
import { BillingError } from "./errors";
import { limitsFor } from "./plans";

export interface BillingOptions {
  db: Db;
  stripeSecretKey?: string | undefined;
  stripeWebhookSecret?: string | undefined;
  stripePublishableKey?: string | undefined;
  /** http://127.0.0.1:PORT: the Stripe SDK talks to a local fake (tests). */
  stripeApiBase?: string | undefined;
}

export interface SubscribeResult {
  success: boolean;
  message: string;
  clientSecret: string | null;
  checkoutUrl: string | null;
  testMode: boolean;
}

const TIER_BY_PLAN: Record<string, SubscriptionTier> = { free: "free", basic: "basic", pro: "pro" };

/** Stripe's subscription states as ours (spec 2 §4). */
export function toSubscriptionStatus(status: string): SubscriptionStatus {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
      return "past_due";
    case "incomplete":
      return "incomplete";
    case "canceled":
    case "incomplete_expired":
      return "canceled";
    default:
      return "inactive";
  }
}

/**
 * Subscriptions through Stripe when a key is set; otherwise offline billing (test mode): a plan is
 * active at once and cancelling takes effect at once, so every flow can be run without payments.
 */
export class BillingService {
  readonly mode: "stripe" | "offline";
  readonly publishableKey: string | null;
  readonly stripe: Stripe | undefined;
  readonly #db: Db;
  readonly #webhookSecret: string | undefined;

  constructor(options: BillingOptions) {
    this.#db = options.db;
    this.mode = options.stripeSecretKey ? "stripe" : "offline";
    this.publishableKey = options.stripePublishableKey ?? null;
    this.#webhookSecret = options.stripeWebhookSecret;
    if (options.stripeSecretKey) {
      const base = options.stripeApiBase ? new URL(options.stripeApiBase) : undefined;
      this.stripe = new Stripe(options.stripeSecretKey, {
        maxNetworkRetries: 1,
        timeout: 20_000,
        ...(base
          ? {
              host: base.hostname,
              port: Number(base.port),
              protocol: base.protocol.replace(":", "") as "http" | "https",
            }
          : {}),
      });
    }
  }

  async #plan(planId: number) {
    const plan = await this.#db
      .selectFrom("subscription_plans")
      .select(["id", "name", "price", "stripe_price_id", "api_call_limit"])
      .where("id", "=", planId)
      .executeTakeFirst();
    if (!plan) throw new BillingError(404, "Plan Not Found");
    return plan;
  }

  async #user(userId: string) {
    const user = await this.#db
      .selectFrom("users")
      .select([
        "id",
        "email",
        "subscription_tier",
        "subscription_status",
        "stripe_customer_id",
        "stripe_subscription_id",
      ])
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) throw new BillingError(404, "User not found");
    return user;
  }

  /** Sets the tier (and its call limit); a paid tier makes the subscription active (admin, offline). */
  async setTier(userId: string, tier: SubscriptionTier, status?: SubscriptionStatus): Promise<void> {
    await this.#db
      .updateTable("users")
      .set({
        subscription_tier: tier,
        subscription_status: status ?? "active",
        monthly_api_limit: limitsFor(tier).apiCallLimit,
        updated_at: new Date(),
      })
      .where("id", "=", userId)
      .execute();
  }

  async subscribe(userId: string, planId: number): Promise<SubscribeResult> {
    const plan = await this.#plan(planId);
    const tier = TIER_BY_PLAN[plan.name.toLowerCase()] ?? "free";
    if (tier === "free" || plan.price === 0) {
      await this.setTier(userId, "free");
      return {
        success: true,
        message: "You are on the Free plan.",
        clientSecret: null,
        checkoutUrl: null,
        testMode: this.mode === "offline",
      };
    }
    if (!this.stripe) {
      await this.setTier(userId, tier);
      return {
        success: true,
        message: `${plan.name} plan activated in test mode: no payment was taken.`,
        clientSecret: null,
        checkoutUrl: null,
        testMode: true,
      };
    }
    return this.#subscribeWithStripe(userId, plan, tier);
  }

  async #subscribeWithStripe(
    userId: string,
    plan: { id: number; name: string; price: number; stripe_price_id: string | null },
    tier: SubscriptionTier,
  ): Promise<SubscribeResult> {
    const stripe = this.stripe!;
    const user = await this.#user(userId);
    try {
      let customerId = user.stripe_customer_id;
      if (!customerId) {
        const customer = await stripe.customers.create({ email: user.email, metadata: { userId } });
        customerId = customer.id;
        await this.#db
          .updateTable("users")
          .set({ stripe_customer_id: customerId })
          .where("id", "=", userId)
          .execute();
      }
      let priceId = plan.stripe_price_id;
      if (!priceId) {
        const product = await stripe.products.create({ name: `Parley ${plan.name}` });
        const price = await stripe.prices.create({
          product: product.id,
          currency: "usd",
          unit_amount: plan.price * 100,
          recurring: { interval: "month" },
        });
        priceId = price.id;
        await this.#db
          .updateTable("subscription_plans")
          .set({ stripe_price_id: priceId })
          .where("id", "=", plan.id)
          .execute();
      }
      const subscription = await stripe.subscriptions.create({
        customer: customerId,
        items: [{ price: priceId }],
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        metadata: { userId, tier },
        expand: ["latest_invoice.confirmation_secret"],
      });
      const status = toSubscriptionStatus(subscription.status);
      await this.#db
        .updateTable("users")
        .set({
          stripe_subscription_id: subscription.id,
          ...(status === "active"
            ? { subscription_tier: tier, monthly_api_limit: limitsFor(tier).apiCallLimit }
            : {}),
          subscription_status: status === "active" ? "active" : "incomplete",
          updated_at: new Date(),
        })
        .where("id", "=", userId)
        .execute();
      if (status === "active") {
        return {
          success: true,
          message: `${plan.name} plan activated.`,
          clientSecret: null,
          checkoutUrl: null,
          testMode: false,
        };
      }
      const invoice = subscription.latest_invoice as
        | (Stripe.Invoice & { confirmation_secret?: { client_secret?: string } })
        | null;
      const clientSecret = invoice?.confirmation_secret?.client_secret ?? null;
      if (!clientSecret) throw new BillingError(502, "Failed to create payment intent");
      return {
        success: false,
        message: "Confirm your card to start the subscription.",
        clientSecret,
        checkoutUrl: null,
        testMode: false,
      };
    } catch (error) {
      if (error instanceof BillingError) throw error;
      throw new BillingError(502, "Failed to create subscription");
    }
  }

  async cancel(userId: string): Promise<void> {
    const user = await this.#user(userId);
    if (user.subscription_status === "canceled") throw new BillingError(409, "Subscription already canceled");
    if (this.stripe && user.stripe_subscription_id) {
      try {
        await this.stripe.subscriptions.cancel(user.stripe_subscription_id);
      } catch {
        throw new BillingError(502, "Failed to cancel subscription");
      }
    }
    await this.#db
      .updateTable("users")
      .set({ subscription_status: "canceled", updated_at: new Date() })
      .where("id", "=", userId)
      .execute();
  }

  /** Re-reads every Stripe subscription and brings tier and status in step; answers how many changed. */
  async syncSubscriptions(): Promise<{ updated: number }> {
    if (!this.stripe) return { updated: 0 };
    const users = await this.#db
      .selectFrom("users")
      .select(["id", "subscription_status", "subscription_tier", "stripe_subscription_id"])
      .where("stripe_subscription_id", "is not", null)
      .execute();
    let updated = 0;
    for (const user of users) {
      try {
        const subscription = await this.stripe.subscriptions.retrieve(user.stripe_subscription_id as string);
        const status = toSubscriptionStatus(subscription.status);
        const tier = await this.#tierOf(subscription);
        if (status !== user.subscription_status || (tier && tier !== user.subscription_tier)) {
          await this.#db
            .updateTable("users")
            .set({
              subscription_status: status,
              ...(tier ? { subscription_tier: tier, monthly_api_limit: limitsFor(tier).apiCallLimit } : {}),
              updated_at: new Date(),
            })
            .where("id", "=", user.id)
            .execute();
          updated += 1;
        }
      } catch {
        // A subscription Stripe no longer knows is left as it is; the next sync tries again.
      }
    }
    return { updated };
  }

  /** `db` is the transaction when there is one: PGlite has a single connection. */
  async #tierOf(subscription: Stripe.Subscription, db: Db = this.#db): Promise<SubscriptionTier | null> {
    const priceId = subscription.items?.data?.[0]?.price?.id;
    if (priceId) {
      const plan = await db
        .selectFrom("subscription_plans")
        .select("name")
        .where("stripe_price_id", "=", priceId)
        .executeTakeFirst();
      if (plan) return TIER_BY_PLAN[plan.name.toLowerCase()] ?? null;
    }
    const fromMetadata = subscription.metadata?.tier;
    return fromMetadata && fromMetadata in TIER_BY_PLAN ? (fromMetadata as SubscriptionTier) : null;
  }

  /**
   * A signed Stripe webhook: the signature is checked, each event id is applied once, and an event
   * older than the last one applied to that subscription is ignored (events may arrive out of order).
   */
  async handleWebhook(
    rawBody: string | Buffer,
    signature: string | undefined,
  ): Promise<{ received: true; applied: boolean }> {
    if (!this.stripe || !this.#webhookSecret) throw new BillingError(400, "Webhooks are not configured");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? "", this.#webhookSecret);
    } catch {
      throw new BillingError(400, "Invalid webhook signature");
    }
    const applied = await this.#db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto("processed_webhook_events")
        .values({ id: event.id, type: event.type })
        .onConflict((oc) => oc.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!fresh) return false;
      if (!event.type.startsWith("customer.subscription.")) return true;
      const subscription = event.data.object as Stripe.Subscription;
      const customerId =
        typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
      const user = await trx
        .selectFrom("users")
        .select(["id", "stripe_event_at"])
        .where("stripe_customer_id", "=", customerId)
        .executeTakeFirst();
      if (!user) return true;
      const at = new Date(event.created * 1000);
      if (user.stripe_event_at && new Date(user.stripe_event_at) > at) return true; // stale
      const status =
        event.type === "customer.subscription.deleted"
          ? "canceled"
          : toSubscriptionStatus(subscription.status);
      const tier = await this.#tierOf(subscription, trx);
      await trx
        .updateTable("users")
        .set({
          subscription_status: status,
          stripe_subscription_id: subscription.id,
          stripe_event_at: at,
          ...(tier && status !== "canceled"
            ? { subscription_tier: tier, monthly_api_limit: limitsFor(tier).apiCallLimit }
            : {}),
          updated_at: new Date(),
        })
        .where("id", "=", user.id)
        .execute();
      return true;
    });
    return { received: true, applied };
  }
}

export function createBillingService(options: BillingOptions): BillingService {
  return new BillingService(options);
}
