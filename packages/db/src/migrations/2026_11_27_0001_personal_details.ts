import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Issue 26: personal details stay with the owner.
// - personal_details: a project's vault. Each detail a participant mentioned (a person, an email, a
//   phone or card number, an IBAN, an id, an address) has a typed number, so it is written
//   `[PERSON 1]` to every model and in every document, the same across the project's interviews.
// - personal_detail_mentions: which interviews mentioned it, so deleting an interview's raw record
//   (retention, or the participant's own request) forgets the details only it mentioned.
// - projects: whether documents show the details (off: placeholders), and how long raw
//   conversations, audio and images are kept (30, 90 or 365 days; null: until deleted).
// - interviews: the participant's private link (its SHA-256 only), and when the raw record was
//   deleted and by whom (the owner is told).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table personal_details (
      id serial primary key,
      project_id integer not null references projects(id) on delete cascade,
      kind text not null check (kind in ('PERSON', 'EMAIL', 'PHONE', 'CARD', 'IBAN', 'ID', 'ADDRESS')),
      number integer not null check (number > 0),
      key text not null,
      value text not null,
      created_at timestamptz not null default now(),
      unique (project_id, kind, key),
      unique (project_id, kind, number)
    )`.execute(db);
  await sql`
    create table personal_detail_mentions (
      detail_id integer not null references personal_details(id) on delete cascade,
      interview_id integer not null references interviews(id) on delete cascade,
      primary key (detail_id, interview_id)
    )`.execute(db);
  await sql`create index personal_detail_mentions_interview on personal_detail_mentions (interview_id)`.execute(
    db,
  );
  await sql`alter table projects add column show_personal_details boolean not null default false`.execute(db);
  await sql`
    alter table projects add column retention_days integer
      check (retention_days is null or retention_days in (30, 90, 365))`.execute(db);
  await sql`alter table interviews add column participant_link_hash text unique`.execute(db);
  await sql`alter table interviews add column raw_deleted_at timestamptz`.execute(db);
  await sql`
    alter table interviews add column raw_deleted_by text
      check (raw_deleted_by is null or raw_deleted_by in ('participant', 'retention'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table interviews drop column raw_deleted_by`.execute(db);
  await sql`alter table interviews drop column raw_deleted_at`.execute(db);
  await sql`alter table interviews drop column participant_link_hash`.execute(db);
  await sql`alter table projects drop column retention_days`.execute(db);
  await sql`alter table projects drop column show_personal_details`.execute(db);
  await sql`drop table personal_detail_mentions`.execute(db);
  await sql`drop table personal_details`.execute(db);
}
