import type { Db } from "@parley/db/client";
import {
  type BillingUser,
  getBillingUser,
  getPlan,
  getUserByStripeCustomer,
  recordWebhookEvent,
  setPlan,
} from "@parley/db/queries/billing";
import type { SubscriptionStatus, SubscriptionTier } from "@parley/db/schema";
import type Stripe from "stripe";
import { BillingError } from "./errors";
import {
  OfflinePayments,
  type PaymentProvider,
  type SubscribeResult,
  toSubscriptionStatus,
} from "./payments";
import { StripePayments, TIER_BY_PLAN, tierOfSubscription } from "./stripe-payments";
import { malformedEvent } from "./webhook-event";

export { type SubscribeResult, toSubscriptionStatus } from "./payments";

export interface BillingOptions {
  db: Db;
  stripeSecretKey?: string | undefined;
  stripeWebhookSecret?: string | undefined;
  stripePublishableKey?: string | undefined;
  /** http://127.0.0.1:PORT: the Stripe SDK talks to a local fake (tests). */
  stripeApiBase?: string | undefined;
}

/**
 * Plans and subscriptions: the plan checks and the records happen here, once, around a
 * PaymentProvider (Stripe when a key is set, otherwise offline billing in test mode).
 */
export class BillingService {
  readonly #db: Db;
  readonly #payments: PaymentProvider;

  constructor(options: BillingOptions) {
    this.#db = options.db;
    this.#payments = options.stripeSecretKey
      ? new StripePayments(options.db, {
          secretKey: options.stripeSecretKey,
          webhookSecret: options.stripeWebhookSecret,
          publishableKey: options.stripePublishableKey,
          apiBase: options.stripeApiBase,
        })
      : new OfflinePayments(options.db, options.stripePublishableKey ?? null);
  }

  get mode(): "stripe" | "offline" {
    return this.#payments.mode;
  }

  get publishableKey(): string | null {
    return this.#payments.publishableKey;
  }

  async #user(userId: string): Promise<BillingUser> {
    const user = await getBillingUser(this.#db, userId);
    if (!user) throw new BillingError(404, "User not found");
    return user;
  }

  /** Sets the tier (and its call limit); the subscription becomes active unless told otherwise (admin). */
  async setTier(userId: string, tier: SubscriptionTier, status?: SubscriptionStatus): Promise<void> {
    await setPlan(this.#db, userId, { tier, status: status ?? "active" });
  }

  /** Subscribes to a plan; `checkout` is the account page's reading of the call (see PaidSubscription). */
  async subscribe(
    userId: string,
    planId: number,
    options: { checkout?: { origin: string } } = {},
  ): Promise<SubscribeResult> {
    const plan = await getPlan(this.#db, planId);
    if (!plan) throw new BillingError(404, "Plan Not Found");
    const tier = TIER_BY_PLAN[plan.name.toLowerCase()] ?? "free";
    const user = await this.#user(userId);
    if (tier === "free" || plan.price === 0) {
      // Moving to Free ends the paid subscription at the processor too, or it would keep charging.
      if (user.stripe_subscription_id) {
        if (user.subscription_status !== "canceled") {
          const outcome = await this.#payments.endSubscription(user.stripe_subscription_id);
          if (outcome === "failed") throw new BillingError(502, "Failed to cancel subscription");
        }
        await setPlan(this.#db, userId, { stripeSubscriptionId: null });
      }
      await this.setTier(userId, "free");
      return {
        success: true,
        message: "You are on the Free plan.",
        clientSecret: null,
        checkoutUrl: null,
        testMode: this.mode === "offline",
      };
    }
    return this.#payments.subscribe({ user, plan, tier, checkout: options.checkout });
  }

  async cancel(userId: string): Promise<void> {
    const user = await this.#user(userId);
    if (user.subscription_status === "canceled") throw new BillingError(409, "Subscription already canceled");
    if (user.subscription_tier === "free") {
      throw new BillingError(400, "You are on the Free plan: there is no paid subscription to cancel.");
    }
    const outcome = user.stripe_subscription_id
      ? await this.#payments.endSubscription(user.stripe_subscription_id)
      : "canceled";
    if (outcome === "failed") throw new BillingError(502, "Failed to cancel subscription");
    await setPlan(this.#db, userId, { status: "canceled" });
    // Canceled at Stripe before we heard of it (dashboard, webhook still on its way): say so.
    if (outcome === "already") throw new BillingError(409, "Subscription already canceled");
  }

  /** Re-reads every subscription at the processor and brings tier and status in step. */
  syncSubscriptions(): Promise<{ updated: number }> {
    return this.#payments.syncSubscriptions();
  }

  /** Month-end overage charges onto the processor's invoices; offline billing leaves them recorded. */
  chargePendingOverages(): Promise<{ charged: number }> {
    return this.#payments.chargePendingOverages();
  }

  /**
   * A signed webhook: the signature is checked, each event id is applied once, and an event older
   * than the last one applied to that subscription is ignored (events may arrive out of order).
   */
  async handleWebhook(
    rawBody: string | Buffer,
    signature: string | undefined,
  ): Promise<{ received: true; applied: boolean; ignored?: string }> {
    const event = this.#payments.verifyWebhook(rawBody, signature);
    const ignored = malformedEvent(event);
    if (ignored) return { received: true, applied: false, ignored };
    const applied = await this.#db.transaction().execute(async (trx) => {
      if (!(await recordWebhookEvent(trx, event))) return false;
      if (!event.type.startsWith("customer.subscription.")) return true;
      await applySubscriptionEvent(trx, event);
      return true;
    });
    return { received: true, applied };
  }
}

/** `db` is the webhook's transaction (PGlite has a single connection). */
async function applySubscriptionEvent(db: Db, event: Stripe.Event): Promise<void> {
  const subscription = event.data.object as Stripe.Subscription;
  const customerId =
    typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
  const user = await getUserByStripeCustomer(db, customerId);
  if (!user) return;
  const deleted = event.type === "customer.subscription.deleted";
  // Only the user's current subscription moves their plan: the end of one they have left (a plan
  // change, a move to Free) changes nothing. Another subscription is taken on only while the user
  // has no active one (a first subscription, or a new one after a cancellation).
  if (subscription.id !== user.stripe_subscription_id) {
    if (deleted) return;
    if (user.stripe_subscription_id && user.subscription_status === "active") return;
  }
  const at = new Date(event.created * 1000);
  const last = user.stripe_event_at ? new Date(user.stripe_event_at).getTime() : 0;
  const status = deleted ? "canceled" : toSubscriptionStatus(subscription.status);
  if (last > at.getTime()) return; // stale: an older event arriving late
  // Stripe's clock is in whole seconds: within one second, never fall back from active to waiting
  // for the first payment (created and paid events can arrive in either order).
  if (last === at.getTime() && user.subscription_status === "active" && status === "incomplete") return;
  const tier = await tierOfSubscription(db, subscription);
  await setPlan(db, user.id, {
    status,
    stripeSubscriptionId: subscription.id,
    stripeEventAt: at,
    tier: tier && status !== "canceled" ? tier : undefined,
  });
}

export function createBillingService(options: BillingOptions): BillingService {
  return new BillingService(options);
}
