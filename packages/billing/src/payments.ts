import type { Db } from "@parley/db/client";
import { type BillingPlan, type BillingUser, setPlan } from "@parley/db/queries/billing";
import type { SubscriptionStatus, SubscriptionTier } from "@parley/db/schema";
import type Stripe from "stripe";
import { BillingError } from "./errors";

export interface SubscribeResult {
  success: boolean;
  message: string;
  clientSecret: string | null;
  checkoutUrl: string | null;
  testMode: boolean;
}

/** A paid plan someone asked for, after the service has checked the plan exists and is not Free. */
export interface PaidSubscription {
  user: BillingUser;
  plan: BillingPlan;
  tier: SubscriptionTier;
  /** The account page's reading: with a processor, a new subscription goes through its checkout page. */
  checkout: { origin: string } | undefined;
}

/**
 * Who takes the money. The billing service checks plans and records the outcome once, around these
 * calls; an implementation only talks to its processor (and stores the processor's own ids).
 */
export interface PaymentProvider {
  readonly mode: "stripe" | "offline";
  readonly publishableKey: string | null;
  /** Starts (or changes) a paid subscription. */
  subscribe(request: PaidSubscription): Promise<SubscribeResult>;
  /** Ends a subscription at the processor; "already" when it had ended there before. */
  endSubscription(subscriptionId: string): Promise<"canceled" | "already" | "failed">;
  /** Re-reads every subscription at the processor; answers how many users changed. */
  syncSubscriptions(): Promise<{ updated: number }>;
  /** Puts month-end overage charges on the processor's invoices; answers how many were sent. */
  chargePendingOverages(): Promise<{ charged: number }>;
  /** A signed webhook event, verified; throws BillingError(400) when it cannot be trusted. */
  verifyWebhook(rawBody: string | Buffer, signature: string | undefined): Stripe.Event;
}

/**
 * Offline billing (test mode): a plan is active at once and cancelling takes effect at once, so every
 * flow can be run without payments. It takes no payments: overage charges stay recorded.
 */
export class OfflinePayments implements PaymentProvider {
  readonly mode = "offline" as const;
  readonly publishableKey: string | null;
  readonly #db: Db;

  constructor(db: Db, publishableKey: string | null) {
    this.#db = db;
    this.publishableKey = publishableKey;
  }

  async subscribe({ user, plan, tier }: PaidSubscription): Promise<SubscribeResult> {
    await setPlan(this.#db, user.id, { tier, status: "active" });
    return {
      success: true,
      message: `${plan.name} plan activated in test mode: no payment was taken.`,
      clientSecret: null,
      checkoutUrl: null,
      testMode: true,
    };
  }

  async endSubscription(): Promise<"canceled"> {
    return "canceled";
  }

  async syncSubscriptions() {
    return { updated: 0 };
  }

  async chargePendingOverages() {
    return { charged: 0 };
  }

  verifyWebhook(): never {
    throw new BillingError(400, "Webhooks are not configured");
  }
}

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
