import type { Db } from "@parley/db/client";
import type { SubscriptionStatus, SubscriptionTier, User } from "@parley/db/schema";
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

/** What billing reads of a user. */
type BillingUser = Pick<
  User,
  | "id"
  | "email"
  | "subscription_tier"
  | "subscription_status"
  | "stripe_customer_id"
  | "stripe_subscription_id"
>;

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

  /** The billing columns of one user (404 when there is none). */
  async #user(userId: string): Promise<BillingUser> {
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

  /**
   * Subscribes to a plan. `checkout` (the account page's reading of the call): with Stripe, a new
   * subscription goes through a Stripe Checkout page whose address comes back as `checkoutUrl`;
   * without it, the subscribe page confirms a card with the answered `clientSecret`.
   */
  async subscribe(
    userId: string,
    planId: number,
    options: { checkout?: { origin: string } } = {},
  ): Promise<SubscribeResult> {
    const plan = await this.#plan(planId);
    const tier = TIER_BY_PLAN[plan.name.toLowerCase()] ?? "free";
    if (tier === "free" || plan.price === 0) {
      // Moving to Free ends the paid subscription at Stripe too, or Stripe would keep charging.
      await this.#endStripeSubscription(await this.#user(userId));
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
    return this.#subscribeWithStripe(userId, plan, tier, options.checkout);
  }

  async #subscribeWithStripe(
    userId: string,
    plan: { id: number; name: string; price: number; stripe_price_id: string | null },
    tier: SubscriptionTier,
    checkout: { origin: string } | undefined,
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
      const changed = await this.#changeLiveSubscription(user, priceId, tier, plan.name);
      if (changed) return changed;
      if (checkout) {
        const session = await stripe.checkout.sessions.create({
          mode: "subscription",
          customer: customerId,
          line_items: [{ price: priceId, quantity: 1 }],
          subscription_data: { metadata: { userId, tier } },
          success_url: `${checkout.origin}/account?checkout=success`,
          cancel_url: `${checkout.origin}/account?checkout=canceled`,
        });
        if (!session.url) throw new BillingError(502, "Failed to start subscription process");
        return {
          success: false,
          message: "Continue to Stripe Checkout to pay.",
          clientSecret: null,
          checkoutUrl: session.url,
          testMode: false,
        };
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

  /**
   * A plan change for a user who already pays: the live subscription's price is swapped (Stripe
   * prorates), so there are never two subscriptions. A subscription still waiting for its first
   * payment is dropped and a new one is made. Undefined when there is nothing live to change.
   */
  async #changeLiveSubscription(
    user: BillingUser,
    priceId: string,
    tier: SubscriptionTier,
    planName: string,
  ): Promise<SubscribeResult | undefined> {
    const stripe = this.stripe!;
    if (!user.stripe_subscription_id || user.subscription_status === "canceled") return undefined;
    let current: Stripe.Subscription;
    try {
      current = await stripe.subscriptions.retrieve(user.stripe_subscription_id);
    } catch {
      return undefined; // Stripe no longer knows it: start afresh.
    }
    if (current.status === "incomplete") {
      await stripe.subscriptions.cancel(current.id);
      return undefined;
    }
    if (!["active", "trialing", "past_due"].includes(current.status)) return undefined;
    const item = current.items.data[0];
    const updated = await stripe.subscriptions.update(current.id, {
      items: [item ? { id: item.id, price: priceId } : { price: priceId }],
      proration_behavior: "create_prorations",
      metadata: { userId: user.id, tier },
    });
    const status = toSubscriptionStatus(updated.status);
    await this.#db
      .updateTable("users")
      .set({
        subscription_tier: tier,
        subscription_status: status,
        monthly_api_limit: limitsFor(tier).apiCallLimit,
        updated_at: new Date(),
      })
      .where("id", "=", user.id)
      .execute();
    return {
      success: true,
      message: `Your plan is now ${planName}. Stripe prorates the difference on your next invoice.`,
      clientSecret: null,
      checkoutUrl: null,
      testMode: false,
    };
  }

  /** Cancels the user's Stripe subscription (if any is live) and forgets it. */
  async #endStripeSubscription(user: BillingUser): Promise<void> {
    if (!this.stripe || !user.stripe_subscription_id) return;
    if (user.subscription_status !== "canceled") {
      const outcome = await this.#cancelAtStripe(user.stripe_subscription_id);
      if (outcome === "failed") throw new BillingError(502, "Failed to cancel subscription");
    }
    await this.#db
      .updateTable("users")
      .set({ stripe_subscription_id: null, updated_at: new Date() })
      .where("id", "=", user.id)
      .execute();
  }

  /** "already" when Stripe had ended it before (or no longer knows it). */
  async #cancelAtStripe(subscriptionId: string): Promise<"canceled" | "already" | "failed"> {
    const stripe = this.stripe!;
    try {
      await stripe.subscriptions.cancel(subscriptionId);
      return "canceled";
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.code === "resource_missing") return "already";
      try {
        const current = await stripe.subscriptions.retrieve(subscriptionId);
        return current.status === "canceled" || current.status === "incomplete_expired"
          ? "already"
          : "failed";
      } catch {
        return "failed";
      }
    }
  }

  async cancel(userId: string): Promise<void> {
    const user = await this.#user(userId);
    if (user.subscription_status === "canceled") throw new BillingError(409, "Subscription already canceled");
    if (user.subscription_tier === "free") {
      throw new BillingError(400, "You are on the Free plan: there is no paid subscription to cancel.");
    }
    const outcome =
      this.stripe && user.stripe_subscription_id
        ? await this.#cancelAtStripe(user.stripe_subscription_id)
        : "canceled";
    if (outcome === "failed") throw new BillingError(502, "Failed to cancel subscription");
    await this.#db
      .updateTable("users")
      .set({ subscription_status: "canceled", updated_at: new Date() })
      .where("id", "=", userId)
      .execute();
    // Canceled at Stripe before we heard of it (dashboard, webhook still on its way): say so.
    if (outcome === "already") throw new BillingError(409, "Subscription already canceled");
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

  /**
   * Puts month-end overage charges on each customer's next Stripe invoice (an invoice item per
   * period, idempotent on the charge's id, so a retry never bills twice). Offline billing takes no
   * payments: the charges stay recorded. Answers how many were sent.
   */
  async chargePendingOverages(): Promise<{ charged: number }> {
    if (!this.stripe) return { charged: 0 };
    const pending = await this.#db
      .selectFrom("overage_charges")
      .innerJoin("users", "users.id", "overage_charges.user_id")
      .select([
        "overage_charges.id",
        "overage_charges.amount_cents",
        "overage_charges.period_end",
        "users.stripe_customer_id",
      ])
      .where("overage_charges.stripe_invoice_item_id", "is", null)
      .where("users.stripe_customer_id", "is not", null)
      .orderBy("overage_charges.id")
      .limit(500)
      .execute();
    let charged = 0;
    for (const charge of pending) {
      const month = new Date(new Date(charge.period_end).getTime() - 1).toLocaleDateString("en-US", {
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
      try {
        const item = await this.stripe.invoiceItems.create(
          {
            customer: charge.stripe_customer_id as string,
            amount: charge.amount_cents,
            currency: "usd",
            description: `Parley AI usage above your plan, ${month}`,
            metadata: { overageChargeId: String(charge.id) },
          },
          { idempotencyKey: `parley-overage-${charge.id}` },
        );
        await this.#db
          .updateTable("overage_charges")
          .set({ stripe_invoice_item_id: item.id })
          .where("id", "=", charge.id)
          .execute();
        charged += 1;
      } catch {
        // Left pending: the next run tries again with the same idempotency key.
      }
    }
    return { charged };
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
  ): Promise<{ received: true; applied: boolean; ignored?: string }> {
    if (!this.stripe || !this.#webhookSecret) throw new BillingError(400, "Webhooks are not configured");
    // The SDK refuses a signature older than its tolerance but not one from the future: a signature
    // dated ahead would outlive every replay window.
    if (signedInTheFuture(signature)) throw new BillingError(400, "Invalid webhook signature");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? "", this.#webhookSecret);
    } catch {
      throw new BillingError(400, "Invalid webhook signature");
    }
    const ignored = malformedEvent(event);
    if (ignored) return { received: true, applied: false, ignored };
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
        .select(["id", "stripe_event_at", "stripe_subscription_id", "subscription_status"])
        .where("stripe_customer_id", "=", customerId)
        .executeTakeFirst();
      if (!user) return true;
      const deleted = event.type === "customer.subscription.deleted";
      // Only the user's current subscription moves their plan: the end of one they have left (a
      // plan change, a move to Free) changes nothing. Another subscription is taken on only while
      // the user has no active one (a first subscription, or a new one after a cancellation).
      if (subscription.id !== user.stripe_subscription_id) {
        if (deleted) return true;
        if (user.stripe_subscription_id && user.subscription_status === "active") return true;
      }
      const at = new Date(event.created * 1000);
      const last = user.stripe_event_at ? new Date(user.stripe_event_at).getTime() : 0;
      const status = deleted ? "canceled" : toSubscriptionStatus(subscription.status);
      if (last > at.getTime()) return true; // stale: an older event arriving late
      // Stripe's clock is in whole seconds: within one second, never fall back from active to
      // waiting for the first payment (created and paid events can arrive in either order).
      if (last === at.getTime() && user.subscription_status === "active" && status === "incomplete")
        return true;
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

const WEBHOOK_TOLERANCE_SECONDS = 300;

function signedInTheFuture(signature: string | undefined): boolean {
  const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature ?? "")?.[1]);
  return Number.isFinite(timestamp) && timestamp > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS;
}

/**
 * What a signed event lacks for us to apply it (Stripe never sends such an event, but a signature
 * only proves who sent it): answered 200 so it is not retried forever, and logged by the route.
 */
function malformedEvent(event: Stripe.Event): string | undefined {
  const raw = event as unknown as {
    id?: unknown;
    type?: unknown;
    created?: unknown;
    data?: { object?: unknown };
  };
  if (typeof raw.id !== "string" || !raw.id || raw.id.length > 255) return "event without an id";
  if (typeof raw.type !== "string" || raw.type.length > 255) return "event without a type";
  if (!raw.type.startsWith("customer.subscription.")) return undefined;
  if (
    typeof raw.created !== "number" ||
    !Number.isFinite(raw.created) ||
    raw.created < 0 ||
    raw.created > 1e10
  )
    return "event without a creation time";
  const object = raw.data?.object as
    | { id?: unknown; customer?: unknown; status?: unknown }
    | null
    | undefined;
  if (!object || typeof object !== "object") return "subscription event without data.object";
  const customer = object.customer as { id?: unknown } | string | null | undefined;
  const customerId = typeof customer === "string" ? customer : customer?.id;
  if (typeof object.id !== "string" || typeof customerId !== "string") {
    return "subscription event without a subscription or customer id";
  }
  return undefined;
}

export function createBillingService(options: BillingOptions): BillingService {
  return new BillingService(options);
}
