import { API_CALL_LIMITS } from "@parley/db/queries/billing";
import type { SubscriptionTier } from "@parley/db/schema";

export { listPlans } from "@parley/db/queries/billing";

/** Plans and their limits (spec 2 §9); the rows are seeded by migration, prices in USD per month. */
export interface PlanLimits {
  projectsPerMonth: number;
  interviewsPerProject: number;
  includedAiCents: number;
  apiCallLimit: number;
}

export const TIER_LIMITS: Record<SubscriptionTier, PlanLimits> = {
  free: {
    projectsPerMonth: 1,
    interviewsPerProject: 2,
    includedAiCents: 0,
    apiCallLimit: API_CALL_LIMITS.free,
  },
  basic: {
    projectsPerMonth: 5,
    interviewsPerProject: 10,
    includedAiCents: 1500,
    apiCallLimit: API_CALL_LIMITS.basic,
  },
  pro: {
    projectsPerMonth: 20,
    interviewsPerProject: 20,
    includedAiCents: 7500,
    apiCallLimit: API_CALL_LIMITS.pro,
  },
  // Enterprise exists as a badge only (spec 2 §3); it gets Pro's limits.
  enterprise: {
    projectsPerMonth: 20,
    interviewsPerProject: 20,
    includedAiCents: 7500,
    apiCallLimit: API_CALL_LIMITS.enterprise,
  },
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
