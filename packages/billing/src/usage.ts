import type { SubscriptionTier } from "@parley/db/schema";
import { effectiveBudgetCents, limitsFor } from "./plans";

/**
 * Usage and budget arithmetic (spec 2 §4, §9). Money is in cents; API usage is counted in calls.
 */

/** What the month's AI cost exceeds the tier's included amount by; never below 0. */
export function overageCents(costCents: number, tier: SubscriptionTier): number {
  return Math.max(0, costCents - limitsFor(tier).includedAiCents);
}

export type BudgetBadge = "BUDGET EXCEEDED" | "PAY-AS-YOU-GO" | null;

/**
 * 'BUDGET EXCEEDED' when a budget is set and the overage has reached it; 'PAY-AS-YOU-GO' when the
 * cost passed the included amount and no budget is set.
 */
export function budgetBadge(costCents: number, budgetCents: number, tier: SubscriptionTier): BudgetBadge {
  const overage = overageCents(costCents, tier);
  if (budgetCents > 0 && overage >= budgetCents) return "BUDGET EXCEEDED";
  if (budgetCents <= 0 && costCents > limitsFor(tier).includedAiCents) return "PAY-AS-YOU-GO";
  return null;
}

/** Budget bar: red when the overage has reached the budget, orange from 80%, green below. */
export function budgetBarColor(
  costCents: number,
  budgetCents: number,
  tier: SubscriptionTier,
): "red" | "orange" | "green" {
  if (budgetCents <= 0) return "green";
  const ratio = overageCents(costCents, tier) / budgetCents;
  if (ratio >= 1) return "red";
  if (ratio >= 0.8) return "orange";
  return "green";
}

/** Calls used as a share of the monthly limit, in percent, capped at 100. */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / limit) * 100));
}

/** The first instant of the next calendar month (UTC): when monthly counters start again. */
export function nextResetDate(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export type AiRefusal =
  | { reason: "canceled" }
  | { reason: "call-limit"; limit: number }
  | { reason: "budget"; budgetCents: number };

/**
 * Whether a user may make one more AI call. Free users stop at their monthly call limit; paid tiers
 * go pay-as-you-go above the included amount until their budget is used up: the one they set, or
 * the plan's default budget while they have set none.
 */
export function aiRefusal(user: {
  subscription_tier: SubscriptionTier;
  subscription_status: string;
  monthly_api_usage: number;
  monthly_api_limit: number;
  monthly_api_cost: number;
  monthly_budget: number;
}): AiRefusal | null {
  if (user.subscription_status === "canceled") return { reason: "canceled" };
  if (user.subscription_tier === "free" && user.monthly_api_usage >= user.monthly_api_limit) {
    return { reason: "call-limit", limit: user.monthly_api_limit };
  }
  const budget = effectiveBudgetCents(user.monthly_budget, user.subscription_tier);
  if (budget > 0 && overageCents(user.monthly_api_cost, user.subscription_tier) >= budget) {
    return { reason: "budget", budgetCents: budget };
  }
  return null;
}
