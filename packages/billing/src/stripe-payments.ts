import type { Db } from "@parley/db/client";
import {
  type BillingPlan,
  type BillingUser,
  listSubscribedUsers,
  listUninvoicedOverages,
  markOverageInvoiced,
  planNameByStripePrice,
  setPlan,
  setPlanStripePrice,
  setStripeCustomer,
} from "@parley/db/queries/billing";
import type { SubscriptionTier } from "@parley/db/schema";
import Stripe from "stripe";
import { BillingError } from "./errors";
import {
  type PaidSubscription,
  type PaymentProvider,
  type SubscribeResult,
  toSubscriptionStatus,
} from "./payments";

export interface StripeOptions {
  secretKey: string;
  webhookSecret?: string | undefined;
  publishableKey?: string | undefined;
  /** http://127.0.0.1:PORT: the Stripe SDK talks to a local fake (tests). */
  apiBase?: string | undefined;
}

export const TIER_BY_PLAN: Record<string, SubscriptionTier> = { free: "free", basic: "basic", pro: "pro" };

const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Subscriptions, cancellations, overage invoice items and webhooks through Stripe. */
export class StripePayments implements PaymentProvider {
  readonly mode = "stripe" as const;
  readonly publishableKey: string | null;
  readonly #stripe: Stripe;
  readonly #db: Db;
  readonly #webhookSecret: string | undefined;

  constructor(db: Db, options: StripeOptions) {
    this.#db = db;
    this.publishableKey = options.publishableKey ?? null;
    this.#webhookSecret = options.webhookSecret;
    const base = options.apiBase ? new URL(options.apiBase) : undefined;
    this.#stripe = new Stripe(options.secretKey, {
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

  async subscribe({ user, plan, tier, checkout }: PaidSubscription): Promise<SubscribeResult> {
    try {
      const customerId = await this.#customerOf(user);
      const priceId = await this.#priceOf(plan);
      const changed = await this.#changeLiveSubscription(user, priceId, tier, plan.name);
      if (changed) return changed;
      if (checkout) return await this.#checkout(user.id, customerId, priceId, tier, checkout);
      return await this.#createSubscription(user.id, customerId, priceId, tier, plan.name);
    } catch (error) {
      if (error instanceof BillingError) throw error;
      throw new BillingError(502, "Failed to create subscription");
    }
  }

  async #customerOf(user: BillingUser): Promise<string> {
    if (user.stripe_customer_id) return user.stripe_customer_id;
    const customer = await this.#stripe.customers.create({
      email: user.email,
      metadata: { userId: user.id },
    });
    await setStripeCustomer(this.#db, user.id, customer.id);
    return customer.id;
  }

  async #priceOf(plan: BillingPlan): Promise<string> {
    if (plan.stripe_price_id) return plan.stripe_price_id;
    const product = await this.#stripe.products.create({ name: `Parley ${plan.name}` });
    const price = await this.#stripe.prices.create({
      product: product.id,
      currency: "usd",
      unit_amount: plan.price * 100,
      recurring: { interval: "month" },
    });
    await setPlanStripePrice(this.#db, plan.id, price.id);
    return price.id;
  }

  async #checkout(
    userId: string,
    customerId: string,
    priceId: string,
    tier: SubscriptionTier,
    checkout: { origin: string },
  ): Promise<SubscribeResult> {
    const session = await this.#stripe.checkout.sessions.create({
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

  /** Without Checkout: the subscribe page confirms a card with the answered `clientSecret`. */
  async #createSubscription(
    userId: string,
    customerId: string,
    priceId: string,
    tier: SubscriptionTier,
    planName: string,
  ): Promise<SubscribeResult> {
    const subscription = await this.#stripe.subscriptions.create({
      customer: customerId,
      items: [{ price: priceId }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata: { userId, tier },
      expand: ["latest_invoice.confirmation_secret"],
    });
    const active = toSubscriptionStatus(subscription.status) === "active";
    await setPlan(this.#db, userId, {
      stripeSubscriptionId: subscription.id,
      ...(active ? { tier } : {}),
      status: active ? "active" : "incomplete",
    });
    if (active) {
      return {
        success: true,
        message: `${planName} plan activated.`,
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
    if (!user.stripe_subscription_id || user.subscription_status === "canceled") return undefined;
    let current: Stripe.Subscription;
    try {
      current = await this.#stripe.subscriptions.retrieve(user.stripe_subscription_id);
    } catch {
      return undefined; // Stripe no longer knows it: start afresh.
    }
    if (current.status === "incomplete") {
      await this.#stripe.subscriptions.cancel(current.id);
      return undefined;
    }
    if (!["active", "trialing", "past_due"].includes(current.status)) return undefined;
    const item = current.items.data[0];
    const updated = await this.#stripe.subscriptions.update(current.id, {
      items: [item ? { id: item.id, price: priceId } : { price: priceId }],
      proration_behavior: "create_prorations",
      metadata: { userId: user.id, tier },
    });
    await setPlan(this.#db, user.id, { tier, status: toSubscriptionStatus(updated.status) });
    return {
      success: true,
      message: `Your plan is now ${planName}. Stripe prorates the difference on your next invoice.`,
      clientSecret: null,
      checkoutUrl: null,
      testMode: false,
    };
  }

  async endSubscription(subscriptionId: string): Promise<"canceled" | "already" | "failed"> {
    try {
      await this.#stripe.subscriptions.cancel(subscriptionId);
      return "canceled";
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.code === "resource_missing") return "already";
      try {
        const current = await this.#stripe.subscriptions.retrieve(subscriptionId);
        return current.status === "canceled" || current.status === "incomplete_expired"
          ? "already"
          : "failed";
      } catch {
        return "failed";
      }
    }
  }

  async syncSubscriptions(): Promise<{ updated: number }> {
    let updated = 0;
    for (const user of await listSubscribedUsers(this.#db)) {
      try {
        const subscription = await this.#stripe.subscriptions.retrieve(user.stripe_subscription_id as string);
        const status = toSubscriptionStatus(subscription.status);
        const tier = await tierOfSubscription(this.#db, subscription);
        if (status !== user.subscription_status || (tier && tier !== user.subscription_tier)) {
          await setPlan(this.#db, user.id, { status, tier: tier ?? undefined });
          updated += 1;
        }
      } catch (error) {
        // A subscription Stripe no longer knows is left as it is; the next sync tries again.
        console.warn(`Stripe sync skipped user ${user.id}: ${(error as Error).message}`);
      }
    }
    return { updated };
  }

  /**
   * An invoice item per period, idempotent on the charge's id, so a retry never bills twice.
   */
  async chargePendingOverages(): Promise<{ charged: number }> {
    let charged = 0;
    for (const charge of await listUninvoicedOverages(this.#db, 500)) {
      const month = new Date(new Date(charge.period_end).getTime() - 1).toLocaleDateString("en-US", {
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
      try {
        const item = await this.#stripe.invoiceItems.create(
          {
            customer: charge.stripe_customer_id as string,
            amount: charge.amount_cents,
            currency: "usd",
            description: `Parley AI usage above your plan, ${month}`,
            metadata: { overageChargeId: String(charge.id) },
          },
          { idempotencyKey: `parley-overage-${charge.id}` },
        );
        await markOverageInvoiced(this.#db, charge.id, item.id);
        charged += 1;
      } catch (error) {
        // Left pending: the next run tries again with the same idempotency key.
        console.warn(`Overage charge ${charge.id} not invoiced yet: ${(error as Error).message}`);
      }
    }
    return { charged };
  }

  verifyWebhook(rawBody: string | Buffer, signature: string | undefined): Stripe.Event {
    if (!this.#webhookSecret) throw new BillingError(400, "Webhooks are not configured");
    // The SDK refuses a signature older than its tolerance but not one from the future: a signature
    // dated ahead would outlive every replay window.
    const timestamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature ?? "")?.[1]);
    if (Number.isFinite(timestamp) && timestamp > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS)
      throw new BillingError(400, "Invalid webhook signature");
    try {
      return this.#stripe.webhooks.constructEvent(rawBody, signature ?? "", this.#webhookSecret);
    } catch {
      throw new BillingError(400, "Invalid webhook signature");
    }
  }
}

/** The tier a Stripe subscription is for: its price's plan, else its metadata. */
export async function tierOfSubscription(
  db: Db,
  subscription: Stripe.Subscription,
): Promise<SubscriptionTier | null> {
  const priceId = subscription.items?.data?.[0]?.price?.id;
  if (priceId) {
    const name = await planNameByStripePrice(db, priceId);
    if (name) return TIER_BY_PLAN[name.toLowerCase()] ?? null;
  }
  const fromMetadata = subscription.metadata?.tier;
  return fromMetadata && fromMetadata in TIER_BY_PLAN ? (fromMetadata as SubscriptionTier) : null;
}
