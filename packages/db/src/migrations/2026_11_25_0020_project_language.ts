import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Issue 22: the language a project's requirements and summary are written in (ISO 639-1), whatever
// language its interviews were held in. English unless the owner chooses another.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table projects add column output_language text not null default 'en'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table projects drop column if exists output_language`.execute(db);
}
