import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Issue 15: a refresh of the requirements merges the generated tree into the owner's and kept their
// edits, but brought back what they had deleted whenever the interviews still supported it. Each
// deleted epic, feature, story or criterion leaves a row here (its match key and the quotes it
// rested on), and a refresh skips generated items that match one.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table requirement_dismissals (
      project_id integer not null references projects(id) on delete cascade,
      kind text not null check (kind in ('epic', 'feature', 'story', 'criterion')),
      key text not null,
      evidence jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now(),
      primary key (project_id, kind, key)
    )`.execute(db);
}
