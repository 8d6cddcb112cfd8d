import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb } from "./client";
import { migrateToLatest, migrations } from "./migrate";
import { getSessionUser, insertSession } from "./queries/sessions";
import { createEmptyDatabase, createTestDb, seedUser } from "./testing";

// Replicas and poolers exist only on a PostgreSQL server; CI always sets DATABASE_URL.
describe.runIf(process.env.DATABASE_URL)("several replicas on one PostgreSQL", () => {
  it("start together on an empty database: both come up and the migrations run once", async () => {
    const empty = await createEmptyDatabase();
    try {
      const [a, b] = await Promise.all([
        createDb({ databaseUrl: empty.url, poolSize: 2 }),
        createDb({ databaseUrl: empty.url, poolSize: 2, pooling: "transaction" }),
      ]);
      const rows = await a.db
        .selectFrom("kysely_migration" as any)
        .select("name")
        .execute();
      expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(migrations).sort());
      const plans = await b.db
        .selectFrom("subscription_plans")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(plans.n).toBe(3);
      await Promise.all([a.close(), b.close()]);
    } finally {
      await empty.drop();
    }
  });

  it("racing migrators: exactly one applies the migrations, the other finds nothing to do", async () => {
    const empty = await createEmptyDatabase();
    try {
      const handles = await Promise.all(
        [1, 2, 3].map(() => createDb({ databaseUrl: empty.url, poolSize: 1, migrate: false })),
      );
      const applied = await Promise.all(handles.map((handle) => migrateToLatest(handle.db)));
      expect(applied.map((names) => names.length).sort()).toEqual([0, 0, Object.keys(migrations).length]);
      await Promise.all(handles.map((handle) => handle.close()));
    } finally {
      await empty.drop();
    }
  });

  it("behind a transaction pooler, signed-in lookups prepare no named statement", async () => {
    const handle = await createTestDb({ pooling: "transaction" });
    try {
      const user = await seedUser(handle.db);
      await insertSession(handle.db, "pooled-session", user.id);
      await handle.db.connection().execute(async (connection) => {
        for (let call = 0; call < 3; call++) {
          expect(await getSessionUser(connection, "pooled-session")).toMatchObject({ id: user.id });
        }
        const { rows } = await sql`select name from pg_prepared_statements`.execute(connection);
        expect(rows).toEqual([]);
      });
    } finally {
      await handle.close();
    }
  });
});
