import { type Kysely, sql } from "kysely";

// Frozen in time. The owner-visible side of background jobs: status, progress, result or error.
// pg-boss keeps the queue (attempts, retries, schedules) in its own schema `pgboss`; this table is
// what GET /api/jobs/{id} reads. At most one queued or running job per kind and singleton key, so a
// second request for the same work finds the first job's id.
export async function up(db: Kysely<any>): Promise<void> {
  // pg-boss installs itself into this schema at start-up; created here, under the migration lock,
  // because replicas starting together race on pg-boss's own CREATE SCHEMA (a duplicate-key error
  // pg-boss does not recognise as its "already exists" race).
  await sql`create schema if not exists pgboss`.execute(db);
  await sql`
    create table jobs (
      id uuid primary key,
      kind text not null,
      owner_id text references users(id) on delete cascade,
      singleton_key text,
      status text not null default 'queued' check (status in ('queued', 'running', 'succeeded', 'failed')),
      progress_done integer not null default 0,
      progress_total integer not null default 0,
      progress_step text not null default '',
      result jsonb,
      error text,
      attempts integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index jobs_one_active_per_key on jobs (kind, singleton_key)
    where singleton_key is not null and status in ('queued', 'running')`.execute(db);
  await sql`create index jobs_owner_created_idx on jobs (owner_id, created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists jobs`.execute(db);
  await sql`drop schema if exists pgboss cascade`.execute(db);
}
