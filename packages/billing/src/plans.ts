import type { Db } from "@parley/db/client";
import type { SubscriptionTier } from "@parley/db/schema";

/** Plans and their limits (spec 2 §9); the rows are seeded by migration, prices in USD per month. */
export interface PlanLimits {
  projectsPerMonth: number;
  interviewsPerProject: number;
  includedAiCents: number;
  apiCallLimit: number;
}

export const TIER_LIMITS: Record<SubscriptionTier, PlanLimits> = {
  free: { projectsPerMonth: 1, interviewsPerProject: 2, includedAiCents: 0, apiCallLimit: 100 },
  basic: { projectsPerMonth: 5, interviewsPerProject: 10, includedAiCents: 1500, apiCallLimit: 1000 },
  pro: { projectsPerMonth: 20, interviewsPerProject: 20, includedAiCents: 7500, apiCallLimit: 5000 },
  // Enterprise exists as a badge only (spec 2 §3); it gets Pro's limits.
  enterprise: { projectsPerMonth: 20, interviewsPerProject: 20, includedAiCents: 7500, apiCallLimit: 5000 },
};

/**
 * The monthly budget (cents of pay-as-you-go above the included amount) that applies while the owner
 * has set none (issue 12: a paid plan is never without a cap). The owner raises it on the account page.
 */
export const DEFAULT_BUDGET_CENTS: Record<SubscriptionTier, number> = {
  free: 0,
  basic: 2500,
  pro: 10_000,
  enterprise: 10_000,
};

/** The budget that stops AI calls: the owner's own when set (above 0), else the plan's default. */
export function effectiveBudgetCents(budgetCents: number, tier: SubscriptionTier): number {
  return budgetCents > 0 ? budgetCents : DEFAULT_BUDGET_CENTS[tier];
}

export function limitsFor(tier: SubscriptionTier): PlanLimits {
  return TIER_LIMITS[tier];
}

export function listPlans(db: Db) {
  return db
    .selectFrom("subscription_plans")
    .select(["id", "name", "price", "features", "project_limit", "interview_limit", "included_ai_cents"])
    .orderBy("sort_order")
    .execute();
}
