import type { Db } from "@parley/db/client";

export interface BillingOptions {
  db: Db;
  stripeSecretKey?: string | undefined;
  stripeWebhookSecret?: string | undefined;
  stripePublishableKey?: string | undefined;
}

/**
 * Subscriptions through Stripe when a key is set, else offline billing (test mode).
 * (Filled in by the billing issue; the foundation only wires it into the server.)
 */
export class BillingService {
  readonly mode: "stripe" | "offline";
  constructor(readonly options: BillingOptions) {
    this.mode = options.stripeSecretKey ? "stripe" : "offline";
  }
}

export function createBillingService(options: BillingOptions): BillingService {
  return new BillingService(options);
}
