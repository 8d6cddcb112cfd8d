import { describe, expect, it } from "vitest";
import { aiRefusal, budgetBadge, budgetBarColor, nextResetDate, overageCents, usagePercent } from "./usage";

describe("budget arithmetic (spec 2 §4)", () => {
  it("computes overage above the tier's included spend, never below 0", () => {
    expect(overageCents(1000, "basic")).toBe(0);
    expect(overageCents(2000, "basic")).toBe(500);
    expect(overageCents(100, "free")).toBe(100);
  });

  it("shows BUDGET EXCEEDED and PAY-AS-YOU-GO badges", () => {
    expect(budgetBadge(2000, 500, "basic")).toBe("BUDGET EXCEEDED");
    expect(budgetBadge(1900, 500, "basic")).toBeNull();
    expect(budgetBadge(1600, 0, "basic")).toBe("PAY-AS-YOU-GO");
    expect(budgetBadge(1500, 0, "basic")).toBeNull();
  });

  it("colours the budget bar red at the budget, orange from 80%, else green", () => {
    expect(budgetBarColor(2000, 500, "basic")).toBe("red");
    expect(budgetBarColor(1900, 500, "basic")).toBe("orange");
    expect(budgetBarColor(1600, 500, "basic")).toBe("green");
  });

  it("caps the usage bar at 100%", () => {
    expect(usagePercent(50, 100)).toBe(50);
    expect(usagePercent(250, 100)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
  });

  it("resets on the first of next month", () => {
    expect(nextResetDate(new Date("2026-11-22T10:00:00Z")).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(nextResetDate(new Date("2026-12-31T23:00:00Z")).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});

describe("aiRefusal", () => {
  const base = {
    subscription_tier: "free" as const,
    subscription_status: "active",
    monthly_api_usage: 0,
    monthly_api_limit: 100,
    monthly_api_cost: 0,
    monthly_budget: 0,
  };
  it("stops a free user at the call limit, a canceled user always, and anyone past their budget", () => {
    expect(aiRefusal(base)).toBeNull();
    expect(aiRefusal({ ...base, monthly_api_usage: 100 })).toEqual({ reason: "call-limit", limit: 100 });
    expect(aiRefusal({ ...base, subscription_status: "canceled" })).toEqual({ reason: "canceled" });
    expect(
      aiRefusal({ ...base, subscription_tier: "basic", monthly_api_usage: 5000, monthly_api_cost: 1600 }),
    ).toBeNull();
    expect(
      aiRefusal({ ...base, subscription_tier: "basic", monthly_api_cost: 2000, monthly_budget: 500 }),
    ).toEqual({ reason: "budget", budgetCents: 500 });
  });

  it("caps a paid plan with no budget set at the plan's default budget, which a set budget raises", () => {
    const basic = { ...base, subscription_tier: "basic" as const };
    // Basic includes $15.00; the default budget is $25.00 above it.
    expect(aiRefusal({ ...basic, monthly_api_cost: 3999 })).toBeNull();
    expect(aiRefusal({ ...basic, monthly_api_cost: 4000 })).toEqual({ reason: "budget", budgetCents: 2500 });
    expect(aiRefusal({ ...basic, monthly_api_cost: 4000, monthly_budget: 50_000 })).toBeNull();
  });
});
