import { randomUUID } from "node:crypto";
import type { DbHandle } from "@parley/db/client";
import { createTestDb, seedUser } from "@parley/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServices } from "../testing";
import type { JobContext } from "./define";
import { jobsCleanup } from "./kinds/jobs-cleanup";
import { periodClose } from "./kinds/period-close";
import { usageRollup } from "./kinds/usage-rollup";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

function contextOf(): JobContext & { steps: string[] } {
  const steps: string[] = [];
  return {
    services: createTestServices(handle.db),
    jobId: "00000000-0000-0000-0000-000000000000",
    signal: new AbortController().signal,
    steps,
    async progress(_done, _total, step) {
      steps.push(step);
    },
  };
}

describe("the month-end close job", () => {
  it("closes every due period once: overage recorded for paid plans, counters reset, nothing twice", async () => {
    const { db } = handle;
    const lastMonth = new Date(Date.UTC(2026, 9, 1));
    const paid = await seedUser(db, {
      subscription_tier: "basic",
      monthly_api_usage: 420,
      monthly_api_cost: 2000,
      usage_reset_date: lastMonth,
    });
    const free = await seedUser(db, {
      monthly_api_usage: 7,
      monthly_api_cost: 90,
      usage_reset_date: lastMonth,
    });
    const current = await seedUser(db, {
      subscription_tier: "basic",
      monthly_api_cost: 5000,
      usage_reset_date: new Date(Date.now() + 86_400_000),
    });

    const context = contextOf();
    const result = await periodClose.run(context, {});
    expect(result.closed).toBeGreaterThanOrEqual(2);
    expect(context.steps).toContain("Posting overage charges");
    const charges = await db
      .selectFrom("overage_charges")
      .select(["user_id", "amount_cents", "api_calls"])
      .where("user_id", "in", [paid.id, free.id, current.id])
      .execute();
    // Basic includes $15 of AI: $20 spent → $5 overage; the Free plan is never billed.
    expect(charges).toEqual([{ user_id: paid.id, amount_cents: 500, api_calls: 420 }]);
    const users = await db
      .selectFrom("users")
      .select(["id", "monthly_api_usage", "monthly_api_cost"])
      .where("id", "in", [paid.id, free.id, current.id])
      .execute();
    const byId = Object.fromEntries(users.map((u) => [u.id, u]));
    expect(byId[paid.id]).toMatchObject({ monthly_api_usage: 0, monthly_api_cost: 0 });
    expect(byId[free.id]).toMatchObject({ monthly_api_usage: 0, monthly_api_cost: 0 });
    expect(byId[current.id]).toMatchObject({ monthly_api_cost: 5000 });

    const again = await periodClose.run(contextOf(), {});
    expect(again.closed).toBe(0);
    expect(
      await db.selectFrom("overage_charges").select("id").where("user_id", "=", paid.id).execute(),
    ).toHaveLength(1);
  });
});

describe("the usage rollup job", () => {
  it("rolls up finished days and reports them", async () => {
    const user = await seedUser(handle.db);
    await handle.db
      .insertInto("usage_events")
      .values({
        user_id: user.id,
        component: "summary_agent",
        model: "gpt-4o",
        operation: "summary",
        cost_cents: 3,
        created_at: new Date(Date.now() - 3 * 86_400_000),
      })
      .execute();
    const context = contextOf();
    expect((await usageRollup.run(context, {})).days).toBeGreaterThanOrEqual(3);
    expect(context.steps.at(-1)).toMatch(/^Rolled up \d+ day\(s\)$/);
    expect((await usageRollup.run(contextOf(), {})).days).toBe(0);
  });
});

describe("the jobs cleanup job", () => {
  it("forgets finished jobs after 30 days and keeps queued, running and recent ones", async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    const rows = [
      { status: "succeeded", updated_at: old },
      { status: "failed", updated_at: old },
      { status: "queued", updated_at: old },
      { status: "succeeded", updated_at: new Date() },
    ] as const;
    const ids = rows.map(() => randomUUID());
    await handle.db
      .insertInto("jobs")
      .values(
        rows.map((row, i) => ({
          id: ids[i] as string,
          kind: "email.send",
          owner_id: null,
          singleton_key: null,
          ...row,
        })),
      )
      .execute();
    expect(await jobsCleanup.run(contextOf(), {})).toEqual({ deleted: 2 });
    const left = await handle.db.selectFrom("jobs").select("id").where("id", "in", ids).execute();
    expect(left.map((row) => row.id).sort()).toEqual([ids[2], ids[3]].sort());
  });
});
