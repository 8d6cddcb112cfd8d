import type { Db } from "../client";
import type { SubscriptionStatus, SubscriptionTier } from "../schema";

/** Monthly AI calls each tier allows (spec 2 §9); the one place a tier sets `monthly_api_limit`. */
export const API_CALL_LIMITS: Record<SubscriptionTier, number> = {
  free: 100,
  basic: 1000,
  pro: 5000,
  // Enterprise exists as a badge only (spec 2 §3); it gets Pro's limits.
  enterprise: 5000,
};

export interface PlanChange {
  /** The new tier; its call limit comes with it. Left as it is when absent. */
  tier?: SubscriptionTier | undefined;
  status?: SubscriptionStatus | undefined;
  stripeSubscriptionId?: string | null | undefined;
  stripeEventAt?: Date | undefined;
}

/** Moves a user's plan: the tier always brings its call limit, so the two never disagree. */
export async function setPlan(db: Db, userId: string, change: PlanChange): Promise<void> {
  await db
    .updateTable("users")
    .set({
      ...(change.tier
        ? { subscription_tier: change.tier, monthly_api_limit: API_CALL_LIMITS[change.tier] }
        : {}),
      ...(change.status ? { subscription_status: change.status } : {}),
      ...(change.stripeSubscriptionId !== undefined
        ? { stripe_subscription_id: change.stripeSubscriptionId }
        : {}),
      ...(change.stripeEventAt ? { stripe_event_at: change.stripeEventAt } : {}),
      updated_at: new Date(),
    })
    .where("id", "=", userId)
    .execute();
}

export function getPlan(db: Db, planId: number) {
  return db
    .selectFrom("subscription_plans")
    .select(["id", "name", "price", "stripe_price_id", "api_call_limit"])
    .where("id", "=", planId)
    .executeTakeFirst();
}

export type BillingPlan = NonNullable<Awaited<ReturnType<typeof getPlan>>>;

export function listPlans(db: Db) {
  return db
    .selectFrom("subscription_plans")
    .select(["id", "name", "price", "features", "project_limit", "interview_limit", "included_ai_cents"])
    .orderBy("sort_order")
    .execute();
}

/** The plan name whose Stripe price this is. */
export async function planNameByStripePrice(db: Db, priceId: string): Promise<string | undefined> {
  const plan = await db
    .selectFrom("subscription_plans")
    .select("name")
    .where("stripe_price_id", "=", priceId)
    .executeTakeFirst();
  return plan?.name;
}

export async function setPlanStripePrice(db: Db, planId: number, priceId: string): Promise<void> {
  await db
    .updateTable("subscription_plans")
    .set({ stripe_price_id: priceId })
    .where("id", "=", planId)
    .execute();
}

/** The billing columns of one user. */
export function getBillingUser(db: Db, userId: string) {
  return db
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
}

export type BillingUser = NonNullable<Awaited<ReturnType<typeof getBillingUser>>>;

export async function setStripeCustomer(db: Db, userId: string, customerId: string): Promise<void> {
  await db.updateTable("users").set({ stripe_customer_id: customerId }).where("id", "=", userId).execute();
}

/** Users with a Stripe subscription on record (the admin's sync re-reads each). */
export function listSubscribedUsers(db: Db) {
  return db
    .selectFrom("users")
    .select(["id", "subscription_status", "subscription_tier", "stripe_subscription_id"])
    .where("stripe_subscription_id", "is not", null)
    .execute();
}

/** The user a Stripe customer belongs to, with what the webhook compares against. */
export function getUserByStripeCustomer(db: Db, customerId: string) {
  return db
    .selectFrom("users")
    .select(["id", "stripe_event_at", "stripe_subscription_id", "subscription_status"])
    .where("stripe_customer_id", "=", customerId)
    .executeTakeFirst();
}

/** Records a webhook event id; false when it was applied before. */
export async function recordWebhookEvent(db: Db, event: { id: string; type: string }): Promise<boolean> {
  const fresh = await db
    .insertInto("processed_webhook_events")
    .values({ id: event.id, type: event.type })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return Boolean(fresh);
}

/** Month-end overage charges not yet on a Stripe invoice, for customers Stripe knows. */
export function listUninvoicedOverages(db: Db, limit: number) {
  return db
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
    .limit(limit)
    .execute();
}

export async function markOverageInvoiced(db: Db, chargeId: number, invoiceItemId: string): Promise<void> {
  await db
    .updateTable("overage_charges")
    .set({ stripe_invoice_item_id: invoiceItemId })
    .where("id", "=", chargeId)
    .execute();
}

const budgetColumns = [
  "monthly_budget",
  "budget_alerts",
  "alert_threshold_80",
  "alert_threshold_100",
  "last_alert_sent",
] as const;

/** The owner's budget settings; undefined while they have saved none. */
export function getBudget(db: Db, userId: string) {
  return db.selectFrom("budgets").select(budgetColumns).where("user_id", "=", userId).executeTakeFirst();
}

export interface BudgetSettings {
  monthlyBudget: number;
  budgetAlerts: boolean;
  alertThreshold80: boolean;
  alertThreshold100: boolean;
}

/** Saves the owner's budget settings (one row per owner) and answers them as stored. */
export function saveBudget(db: Db, userId: string, settings: BudgetSettings) {
  const values = {
    monthly_budget: settings.monthlyBudget,
    budget_alerts: settings.budgetAlerts,
    alert_threshold_80: settings.alertThreshold80,
    alert_threshold_100: settings.alertThreshold100,
    updated_at: new Date(),
  };
  return db
    .insertInto("budgets")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .returning(budgetColumns)
    .executeTakeFirstOrThrow();
}
