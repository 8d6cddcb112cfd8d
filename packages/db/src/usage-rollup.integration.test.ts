import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "./client";
import { adminStats } from "./queries/admin";
import { rollUpUsageDays, usageThisMonth } from "./queries/usage-rollup";
import { createTestDb, seedUser } from "./testing";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

/** What the dashboard showed before the rollup: every event of the month counted on request. */
async function countedLive() {
  const { rows } = await sql<{ today: number; month: number; cost: number }>`
    select count(*) filter (where created_at >= date_trunc('day', now()))::int as today,
           count(*)::int as month, coalesce(sum(cost_cents), 0)::float8 as cost
    from usage_events where created_at >= date_trunc('month', now())`.execute(handle.db);
  return rows[0];
}

describe("the daily usage rollup", () => {
  it("gives the admin dashboard the same figures as counting every event, before and after it runs", async () => {
    const { db } = handle;
    const user = await seedUser(db);
    // 40 days of events ending now: last month's, this month's finished days, and today's.
    await sql`
      insert into usage_events (user_id, component, model, operation, cost_cents, created_at)
      select ${user.id}, 'interview_agent', 'gpt-4o', 'interview_turn', 0.25, now() - (g || ' hours')::interval
      from generate_series(0, 40 * 24) g`.execute(db);

    const live = await countedLive();
    expect(await usageThisMonth(db)).toEqual({ today: live?.today, month: live?.month, cost: live?.cost });

    const first = await rollUpUsageDays(db);
    expect(first.days).toBeGreaterThanOrEqual(40);
    const afterRollup = await usageThisMonth(db);
    expect(afterRollup.today).toBe(live?.today);
    expect(afterRollup.month).toBe(live?.month);
    expect(afterRollup.cost).toBeCloseTo(live?.cost ?? 0, 6);
    expect((await adminStats(db)).apiCallsThisMonth).toBe(live?.month);

    // A second run has nothing to add; new events today still count.
    expect(await rollUpUsageDays(db)).toEqual({ days: 0 });
    await db
      .insertInto("usage_events")
      .values({
        user_id: user.id,
        component: "summary_agent",
        model: "gpt-4o",
        operation: "summary",
        cost_cents: 1,
      })
      .execute();
    const later = await usageThisMonth(db);
    expect(later.today).toBe((live?.today ?? 0) + 1);
    expect(later.month).toBe((live?.month ?? 0) + 1);
  });
});
