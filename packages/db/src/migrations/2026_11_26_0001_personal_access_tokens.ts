import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Issue 25: personal access tokens for tools (the REST door, /trpc, /mcp). Only the token's SHA-256
// is kept, with a short prefix to recognise it by; a revoked token keeps its row (revoked_at set) so
// the account page and any later audit can say what it was.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table personal_access_tokens (
      id serial primary key,
      user_id text not null references users(id) on delete cascade,
      name text not null,
      token_hash text not null unique,
      prefix text not null,
      scope text not null check (scope in ('read', 'read_write')),
      expires_at timestamptz not null,
      last_used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index personal_access_tokens_user on personal_access_tokens (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table personal_access_tokens`.execute(db);
}
