import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { migrateToLatest } from "./migrate";
import { PGliteDialect } from "./pglite-dialect";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

export interface DbOptions {
  /** postgres://… — when unset, an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; "memory://" for a throw-away database. */
  dataDir?: string | undefined;
  poolSize?: number;
  migrate?: boolean;
}

export interface DbHandle {
  db: Db;
  kind: "postgres" | "pglite";
  close(): Promise<void>;
}

// int8 (count(*), sum of integers) arrives as a string from pg; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(1700, (value) => Number.parseFloat(value));

export async function createDb(options: DbOptions = {}): Promise<DbHandle> {
  let handle: DbHandle;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    // An idle connection that the server closes (restart, admin command) is dropped and replaced
    // on the next query; without a listener it would crash the process.
    pool.on("error", () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    handle = { db, kind: "postgres", close: () => db.destroy() };
  } else {
    const dataDir = options.dataDir ?? "./data/pglite";
    if (!dataDir.includes("://")) mkdirSync(dataDir, { recursive: true });
    const pglite = new PGlite(dataDir);
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    handle = { db, kind: "pglite", close: () => db.destroy() };
  }
  if (options.migrate !== false) await migrateToLatest(handle.db);
  return handle;
}
