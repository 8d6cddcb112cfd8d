import { type Kysely, sql } from "kysely";

// Frozen in time. The admin dashboard sums this month's usage events: an index that covers the cost
// lets PostgreSQL answer from the index alone (1,000,000 events: see bench/admin-scale.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index usage_events_created_cost_idx on usage_events (created_at) include (cost_cents)`.execute(
    db,
  );
  await sql`drop index if exists usage_events_created_idx`.execute(db);
  await sql`create index users_created_idx on users (created_at desc, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_created_idx`.execute(db);
  await sql`create index if not exists usage_events_created_idx on usage_events (created_at)`.execute(db);
  await sql`drop index if exists usage_events_created_cost_idx`.execute(db);
}
