import { type Kysely, sql } from "kysely";

// Frozen in time. Overage is billed at month end (spec 2 §9): when a user's monthly counters are
// reset, what the month's AI cost exceeded the plan's included amount is kept here, one row per
// user and period, until it is put on the customer's next Stripe invoice.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table overage_charges (
      id serial primary key,
      user_id text not null references users (id) on delete cascade,
      period_end timestamptz not null,
      api_calls integer not null,
      cost_cents double precision not null,
      included_cents integer not null,
      amount_cents integer not null check (amount_cents > 0),
      stripe_invoice_item_id text,
      created_at timestamptz not null default now(),
      unique (user_id, period_end)
    )`.execute(db);
  await sql`create index overage_charges_pending_idx on overage_charges (id) where stripe_invoice_item_id is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists overage_charges`.execute(db);
}
