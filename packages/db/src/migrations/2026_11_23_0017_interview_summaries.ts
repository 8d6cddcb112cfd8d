import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Issue 17: the owner's per-interview summary is saved (it lived only in the page and was gone on
// reload). One row per interview, deleted with it.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table interview_summaries (
      interview_id integer primary key references interviews(id) on delete cascade,
      content text not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}
