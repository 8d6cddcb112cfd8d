import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { createDb, type DbHandle, type DbOptions } from "./client";
import { insertInterview } from "./queries/interviews";

/**
 * Where the integration project's global setup (`testing-setup.ts`) left a migrated template: a
 * PGlite data directory dumped to a tar file, or the name of a database on DATABASE_URL's server.
 * Unset (a test file run some other way), each test database is migrated from scratch.
 */
export const TEMPLATE_ENV = {
  pglite: "PARLEY_TEST_PGLITE_TEMPLATE",
  postgres: "PARLEY_TEST_PG_TEMPLATE",
} as const;

/**
 * A fresh, migrated database for one test file: a new database on DATABASE_URL's server when it is
 * set (dropped again by `close`), else an in-memory PGlite. Both start as a copy of the run's migrated
 * template when there is one (the migrations still run, and find nothing pending).
 */
export async function createTestDb(options: Pick<DbOptions, "pooling"> = {}): Promise<DbHandle> {
  if (!process.env.DATABASE_URL) {
    const template = process.env[TEMPLATE_ENV.pglite];
    const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
    return createDb({ dataDir: "memory://", loadDataDir });
  }
  const created = await createDatabase(process.env[TEMPLATE_ENV.postgres]);
  const handle = await createDb({ databaseUrl: created.url, poolSize: 4, ...options });
  return {
    ...handle,
    async close() {
      await handle.close();
      await created.drop();
    },
  };
}

/** A new, empty database on DATABASE_URL's server (which must be set), and a way to drop it. */
export function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createDatabase(undefined);
}

/** A new database on DATABASE_URL's server, a copy of `template` when given, and a way to drop it. */
export async function createDatabase(
  template: string | undefined,
  name = `parley_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`,
): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error("createDatabase needs DATABASE_URL");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
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

/** An interview of a user's in a project, with its own share link, for tests of what hangs off one. */
export async function seedInterview(
  db: import("./client").Db,
  projectId: number,
  { name = "Dana", status = "pending" }: { name?: string; status?: "pending" | "in_progress" } = {},
) {
  return insertInterview(db, { projectId, name, stakeholderType: "user", status, shareLink: randomUUID() });
}
