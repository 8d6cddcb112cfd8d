import { type Kysely, sql } from "kysely";

// Frozen in time. A daily rollup of usage events (one row per day, written by the usage-rollup job),
// so the admin dashboard sums at most ~31 rows plus the events not yet rolled up instead of a
// month of events. Days are the database session's days (the server's TimeZone), like
// date_trunc('day', now()) in the live query.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table usage_daily (
      day date primary key,
      events integer not null,
      cost_cents double precision not null,
      rolled_up_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists usage_daily`.execute(db);
}
