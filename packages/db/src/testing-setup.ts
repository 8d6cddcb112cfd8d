import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely } from "kysely";
import { createDb } from "./client";
import { migrateToLatest } from "./migrate";
import { PGliteDialect } from "./pglite-dialect";
import { createDatabase, TEMPLATE_ENV } from "./testing";

/**
 * Vitest global setup of the integration project: migrates one template database per run, which
 * every test file's `createTestDb` copies. A new PGlite cluster costs an initdb (about 4 s of CPU) and
 * the migrations; loading a dumped, migrated data directory costs about 1 s. On PostgreSQL the
 * template is a database (`create database … template …`). Workers inherit the environment variable
 * that says where it is; the teardown removes it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (!process.env.DATABASE_URL) {
    const pglite = new PGlite("memory://");
    await pglite.waitReady;
    const db = new Kysely<any>({ dialect: new PGliteDialect(pglite) });
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir("none");
    await db.destroy();
    const dir = await mkdtemp(path.join(tmpdir(), "parley-template-"));
    const file = path.join(dir, "pglite.tar");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    process.env[TEMPLATE_ENV.pglite] = file;
    return async () => {
      delete process.env[TEMPLATE_ENV.pglite];
      await rm(dir, { recursive: true, force: true });
    };
  }
  // Named like every test database, so CI's sweep drops it too if a run dies before the teardown.
  const name = `parley_test_template_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const template = await createDatabase(undefined, name);
  const handle = await createDb({ databaseUrl: template.url, poolSize: 1 });
  await handle.close();
  process.env[TEMPLATE_ENV.postgres] = name;
  return async () => {
    delete process.env[TEMPLATE_ENV.postgres];
    await template.drop();
  };
}
