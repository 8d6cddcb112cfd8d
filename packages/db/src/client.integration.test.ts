import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "./client";
import { migrateToLatest } from "./migrate";
import { getSessionUser, insertSession } from "./queries/sessions";
import { createTestDb, seedUser } from "./testing";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

describe("migrations", () => {
  it("seed the three plans with spec 2 §9's limits and included AI spend", async () => {
    const plans = await handle.db
      .selectFrom("subscription_plans")
      .select(["name", "price", "project_limit", "interview_limit", "included_ai_cents"])
      .orderBy("sort_order")
      .execute();
    expect(plans).toEqual([
      { name: "Free", price: 0, project_limit: 1, interview_limit: 2, included_ai_cents: 0 },
      { name: "Basic", price: 29, project_limit: 5, interview_limit: 10, included_ai_cents: 1500 },
      { name: "Pro", price: 99, project_limit: 20, interview_limit: 20, included_ai_cents: 7500 },
    ]);
  });

  it("seed one active model configuration per component", async () => {
    const rows = await handle.db
      .selectFrom("model_configurations")
      .select(["component_name", "is_active", "configuration"])
      .execute();
    expect(rows.map((r) => r.component_name).sort()).toEqual([
      "interview_agent",
      "prompt_creator",
      "requirements_creator",
      "strategic_partner",
      "summary_agent",
    ]);
    for (const row of rows) {
      expect(row.is_active).toBe(true);
      expect(() => JSON.parse(row.configuration)).not.toThrow();
    }
  });

  it("are idempotent when run again", async () => {
    await migrateToLatest(handle.db);
    const { count } = await handle.db
      .selectFrom("subscription_plans")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(3);
  });
});

describe("the data model", () => {
  it("removes features and stories with their epic, and everything with its project", async () => {
    const { db } = handle;
    const user = await seedUser(db);
    const project = await db
      .insertInto("projects")
      .values({ user_id: user.id, title: "Cascade" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const epic = await db
      .insertInto("epics")
      .values({ project_id: project.id, name: "Onboarding" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const feature = await db
      .insertInto("features")
      .values({
        epic_id: epic.id,
        name: "Sign up",
        acceptance_criteria: JSON.stringify([{ text: "Email is verified", quote: null, assumption: true }]),
      })
      .returning(["id", "acceptance_criteria"])
      .executeTakeFirstOrThrow();
    expect(feature.acceptance_criteria).toEqual([
      { text: "Email is verified", quote: null, assumption: true },
    ]);
    await db
      .insertInto("user_stories")
      .values({ feature_id: feature.id, user_type: "visitor", action: "sign up", benefit: "I can start" })
      .execute();

    await db.deleteFrom("epics").where("id", "=", epic.id).execute();
    expect(await db.selectFrom("features").select("id").where("epic_id", "=", epic.id).execute()).toEqual([]);
    expect(
      await db.selectFrom("user_stories").select("id").where("feature_id", "=", feature.id).execute(),
    ).toEqual([]);

    const interview = await db
      .insertInto("interviews")
      .values({ project_id: project.id, name: "Ann", share_link: "cascade-link" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("conversations").values({ interview_id: interview.id }).execute();
    await db.deleteFrom("projects").where("id", "=", project.id).execute();
    expect(await db.selectFrom("interviews").select("id").where("id", "=", interview.id).execute()).toEqual(
      [],
    );
    expect(
      await db.selectFrom("conversations").select("id").where("interview_id", "=", interview.id).execute(),
    ).toEqual([]);
  });

  it("refuses an interview status outside spec 2 §4", async () => {
    const { db } = handle;
    const user = await seedUser(db);
    const project = await db
      .insertInto("projects")
      .values({ user_id: user.id, title: "Statuses" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(
      sql`insert into interviews (project_id, name, share_link, status) values (${project.id}, 'x', 'status-link', 'done')`.execute(
        db,
      ),
    ).rejects.toThrow();
  });

  it("rolls a failed transaction back whole", async () => {
    const { db } = handle;
    const user = await seedUser(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto("projects").values({ user_id: user.id, title: "Half written" }).execute();
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const rows = await db.selectFrom("projects").select("id").where("title", "=", "Half written").execute();
    expect(rows).toEqual([]);
  });
});

describe("the session lookup", () => {
  it("finds the user behind a live session, the same on every call, and nothing for an unknown one", async () => {
    const { db } = handle;
    const user = await seedUser(db);
    await insertSession(db, "session-hash-1", user.id);
    // Enough calls for PostgreSQL to settle on the prepared statement's generic plan on every connection.
    for (let call = 0; call < 12; call++) {
      const found = await getSessionUser(db, "session-hash-1");
      expect(found).toMatchObject({ id: user.id, email: user.email, monthly_budget: 0 });
    }
    expect(await getSessionUser(db, "no-such-session")).toBeUndefined();
    if (handle.kind === "postgres") {
      // Prepared once per connection: on one connection, PostgreSQL lists it after the lookup.
      await db.connection().execute(async (connection) => {
        await getSessionUser(connection, "session-hash-1");
        const { rows } = await sql<{ statement: string }>`
          select statement from pg_prepared_statements where name like 'parley_prepared_%'`.execute(
          connection,
        );
        expect(rows).toHaveLength(1);
        expect(rows[0]?.statement).toContain('"sessions"."id" = $1');
      });
    }
  });
});
