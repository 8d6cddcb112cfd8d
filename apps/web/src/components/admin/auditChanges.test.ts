import { describe, expect, it } from "vitest";
import { auditChanges } from "./auditChanges";

describe("auditChanges", () => {
  it("lists only the fields that changed, with readable names", () => {
    const before = { email: "a@example.com", subscriptionTier: "free", monthlyApiLimit: 100, isAdmin: false };
    const after = { email: "a@example.com", subscriptionTier: "pro", monthlyApiLimit: 5000, isAdmin: false };
    expect(auditChanges(before, after)).toEqual([
      { field: "subscription tier", before: "free", after: "pro" },
      { field: "monthly api limit", before: "100", after: "5000" },
    ]);
  });

  it("leaves out updatedAt, which the entry's own time already shows", () => {
    expect(
      auditChanges({ updatedAt: "2025-01-01T00:00:00.000Z" }, { updatedAt: "2025-02-01T00:00:00.000Z" }),
    ).toEqual([]);
  });

  it("shows a missing side as empty, for creations and deletions", () => {
    expect(auditChanges(null, { tier: "basic" })).toEqual([{ field: "tier", before: "—", after: "basic" }]);
    expect(auditChanges({ status: "active" }, null)).toEqual([
      { field: "status", before: "active", after: "—" },
    ]);
  });
});
