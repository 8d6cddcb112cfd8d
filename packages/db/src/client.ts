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
  /**
   * A PGlite data directory dumped by `dumpDataDir` (a tar) to start from instead of a new cluster:
   * tests start from a migrated template rather than running initdb and the migrations each time.
   */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  migrate?: boolean;
  /**
   * "transaction" when DATABASE_URL points at a transaction pooler (PgBouncer `pool_mode =
   * transaction`): no named prepared statements, since the pooler hands each transaction a different
   * server connection. "direct" (default) keeps the prepared hot path.
   */
  pooling?: "direct" | "transaction" | undefined;
}

export interface DbHandle {
  db: Db;
  kind: "postgres" | "pglite";
  close(): Promise<void>;
}

/** PGlite's query surface, for another library (the job engine) sharing the embedded database. */
export interface EmbeddedSql {
  query<T = any>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<Array<{ rows: any[] }>>;
}

/** How to reach the database behind a `Db`, for a library that brings its own client (pg-boss). */
export type DbConnection =
  | { kind: "postgres"; databaseUrl: string; pooling: "direct" | "transaction" }
  | { kind: "pglite"; sql: EmbeddedSql };

const connections = new WeakMap<Db, DbConnection>();

export function connectionOf(db: Db): DbConnection | undefined {
  return connections.get(db);
}

// int8 (count(*), sum of integers) arrives as a string from pg; our counts fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(1700, (value) => Number.parseFloat(value));

const preparedNames = new Map<string, string>();

/**
 * Marks the SQL text of a hot query (one run on every request) to be prepared once per PostgreSQL
 * connection, so the server plans it once instead of on every call. Only for a bounded set of
 * texts: each stays prepared for the life of its connection.
 */
export function prepareOnce(sqlText: string): void {
  if (!preparedNames.has(sqlText)) preparedNames.set(sqlText, `parley_prepared_${preparedNames.size + 1}`);
}

/** A pg client that runs the texts given to `prepareOnce` as named (prepared) statements. */
class PreparingClient extends pg.Client {
  override query(...args: any[]): any {
    const [text, values] = args;
    const name = typeof text === "string" && args.length === 2 ? preparedNames.get(text) : undefined;
    return name ? super.query({ name, text, values }) : (super.query as any)(...args);
  }
}

export async function createDb(options: DbOptions = {}): Promise<DbHandle> {
  let handle: DbHandle;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // pg closes a connection idle for 10 s by default: a voice participant's turn comes every 10
      // to 20 s, and each then paid a new connection (about 25 ms) before its first query, on the
      // way to the interviewer's first word (issue 24). Idle ones are kept for five minutes.
      idleTimeoutMillis: 5 * 60_000,
      Client: options.pooling === "transaction" ? pg.Client : PreparingClient,
    });
    // An idle connection that the server closes (restart, admin command) is dropped and replaced
    // on the next query; without a listener it would crash the process.
    pool.on("error", () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    handle = { db, kind: "postgres", close: () => db.destroy() };
    connections.set(db, {
      kind: "postgres",
      databaseUrl: options.databaseUrl,
      pooling: options.pooling ?? "direct",
    });
  } else {
    const dataDir = options.dataDir ?? "./data/pglite";
    if (!dataDir.includes("://")) mkdirSync(dataDir, { recursive: true });
    const pglite = options.loadDataDir
      ? new PGlite(dataDir, { loadDataDir: options.loadDataDir })
      : new PGlite(dataDir);
    await pglite.waitReady;
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    handle = { db, kind: "pglite", close: () => db.destroy() };
    // PGlite is one connection and Kysely's transactions are plain BEGIN/COMMIT on it: another
    // library's statements must wait for Kysely's connection, or they would land inside a transaction.
    const exclusive = <T>(run: () => Promise<T>) => db.connection().execute(() => run());
    connections.set(db, {
      kind: "pglite",
      sql: {
        query: (text, params) => exclusive(() => pglite.query(text, params)),
        exec: (text) => exclusive(() => pglite.exec(text)),
      },
    });
  }
  if (options.migrate !== false) await migrateToLatest(handle.db);
  return handle;
}
