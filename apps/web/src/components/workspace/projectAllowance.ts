import { limitsFor } from "@parley/billing/plans";

const TIER_NAMES: Record<string, string> = {
  free: "Free",
  basic: "Basic",
  pro: "Pro",
  enterprise: "Enterprise",
};

/**
 * How many projects the plan still allows this month, counted the way the server counts them
 * (projects created since the first of the month, UTC). The server stays the judge: this only lets
 * the page say so before the form is filled in.
 */
export function projectAllowance(
  projects: { createdAt: string }[] | undefined,
  tier: Parameters<typeof limitsFor>[0] | undefined,
  now = new Date(),
) {
  if (!projects || !tier) return null;
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const used = projects.filter((p) => new Date(p.createdAt).getTime() >= monthStart).length;
  const limit = limitsFor(tier).projectsPerMonth;
  return { used, limit, reached: used >= limit, plan: TIER_NAMES[tier] ?? tier };
}
