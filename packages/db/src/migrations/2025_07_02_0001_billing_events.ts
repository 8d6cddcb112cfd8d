import { type Kysely, sql } from "kysely";

// Frozen in time. Out-of-order Stripe events: the newest event applied to a user's subscription.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column stripe_event_at timestamptz`.execute(db);
  await sql`create index users_stripe_subscription_idx on users (stripe_subscription_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_stripe_subscription_idx`.execute(db);
  await sql`alter table users drop column if exists stripe_event_at`.execute(db);
}
