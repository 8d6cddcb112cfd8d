import { randomUUID } from "node:crypto";
import pg from "pg";
import { createDb, type DbHandle, type DbOptions } from "./client";

/**
 * A fresh, migrated database for one test file: a new database on DATABASE_URL's server when it is
 * set (dropped again by `close`), else an in-memory PGlite.
 */
export async function createTestDb(options: Pick<DbOptions, "pooling"> = {}): Promise<DbHandle> {
  if (!process.env.DATABASE_URL) return createDb({ dataDir: "memory://" });
  const empty = await createEmptyDatabase();
  const handle = await createDb({ databaseUrl: empty.url, poolSize: 4, ...options });
  return {
    ...handle,
    async close() {
      await handle.close();
      await empty.drop();
    },
  };
}

/** A new, empty database on DATABASE_URL's server (which must be set), and a way to drop it. */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("createEmptyDatabase needs DATABASE_URL");
  const name = `parley_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // Closing connections may still be on their way out: wait for them rather than killing them.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await dropper.query(`drop database if exists ${name}${attempt >= 20 ? " with (force)" : ""}`);
          break;
        } catch (error) {
          if (attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await dropper.end();
    },
  };
}

let seeded = 0;

/** A user row with overrides, for tests that need a tier, a status or an admin without the HTTP door. */
export async function seedUser(
  db: import("./client").Db,
  overrides: Partial<import("./schema").NewUser> = {},
): Promise<import("./schema").User> {
  seeded += 1;
  return db
    .insertInto("users")
    .values({
      id: randomUUID(),
      email: `seed${seeded}-${randomUUID().slice(0, 8)}@example.com`,
      password_hash: null,
      first_name: "Test",
      last_name: `User ${seeded}`,
      profile_image_url: null,
      oidc_subject: null,
      stripe_customer_id: null,
      stripe_subscription_id: null,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
