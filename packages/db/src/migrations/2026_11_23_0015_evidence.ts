import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Issue 15: evidence you can trust.
// - interview_extractions: what one interview said that matters (needs, pains, constraints… with
//   polarity, quote and turn), kept per interview with the engine version and a hash of the
//   transcript it was read from, so a synthesis re-reads only interviews that changed.
// - user_stories.evidence / priority: where a story comes from and how much it matters to those
//   who said it (acceptance criteria keep their evidence inside features.acceptance_criteria).
// - documents.synthesis: the themes, conflicts and open questions a summary was written from.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table interview_extractions (
      interview_id integer primary key references interviews(id) on delete cascade,
      project_id integer not null references projects(id) on delete cascade,
      version integer not null,
      source_hash text not null,
      model text not null,
      extraction jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index interview_extractions_project_idx on interview_extractions (project_id)`.execute(db);
  await sql`alter table user_stories add column evidence jsonb not null default '[]'::jsonb`.execute(db);
  await sql`alter table user_stories add column priority text
    check (priority is null or priority in ('high', 'medium', 'low'))`.execute(db);
  await sql`alter table documents add column synthesis jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table documents drop column if exists synthesis`.execute(db);
  await sql`alter table user_stories drop column if exists priority`.execute(db);
  await sql`alter table user_stories drop column if exists evidence`.execute(db);
  await sql`drop table if exists interview_extractions`.execute(db);
}
