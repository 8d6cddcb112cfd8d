import { sql } from "kysely";
import type { Db } from "../client";

/** Asks the database the smallest question; throws when it cannot answer (the readiness check). */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
