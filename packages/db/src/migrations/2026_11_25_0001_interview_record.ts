import { type Kysely, sql } from "kysely";

// Frozen in time: this file never imports application code.
//
// Issue 23: one record of each conversation, kept by the server.
// - interview_turns is what was said. A turn written by a participant's client carries the
//   client's id for it (`client_key`, unique per interview), so a retried write finds the first one;
//   `client_at` is the time the client gave the message (matched when a client re-sends its array).
//   Image messages are turns with an `attachment` (their fields as the conversation carried them).
// - interview_turn_revisions: the participant's review and the owner's corrections, beside the
//   original words, never over them. A turn reads as its latest revision.
// - One conversation and one transcript per interview (unique keys). Duplicates made before this
//   are folded into the newest: a conversation keeps every message any of its copies held.
// - interviews.turn_lease(_until): who is writing the interviewer's next reply, and until when. A
//   request that finds the lease held waits for that reply instead of calling the model again; a
//   lease left by a process that died lapses.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table interview_turns
    add column client_key text,
    add column client_at text,
    add column attachment jsonb`.execute(db);
  await sql`create unique index interview_turns_client_key_idx on interview_turns (interview_id, client_key)`.execute(
    db,
  );

  await sql`
    create table interview_turn_revisions (
      id serial primary key,
      turn_id integer not null references interview_turns(id) on delete cascade,
      content text not null,
      revised_by text not null check (revised_by in ('participant', 'owner')),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index interview_turn_revisions_turn_idx on interview_turn_revisions (turn_id, id)`.execute(
    db,
  );

  // Fold duplicate conversations into the newest of each interview, keeping every message.
  await sql`
    update conversations kept
    set messages = kept.messages || coalesce((
      select jsonb_agg(m.value order by other.id, m.ordinality)
      from conversations other
      cross join lateral jsonb_array_elements(case when jsonb_typeof(other.messages) = 'array' then other.messages else '[]'::jsonb end)
        with ordinality as m(value, ordinality)
      where other.interview_id = kept.interview_id and other.id < kept.id
        and not (kept.messages @> jsonb_build_array(m.value))
    ), '[]'::jsonb)
    where exists (select 1 from conversations o where o.interview_id = kept.interview_id and o.id < kept.id)
      and not exists (select 1 from conversations n where n.interview_id = kept.interview_id and n.id > kept.id)
  `.execute(db);
  await sql`delete from conversations c
    where exists (select 1 from conversations n where n.interview_id = c.interview_id and n.id > c.id)`.execute(
    db,
  );
  await sql`delete from transcripts t
    where exists (select 1 from transcripts n where n.interview_id = t.interview_id and n.id > t.id)`.execute(
    db,
  );
  await sql`drop index conversations_interview_idx`.execute(db);
  await sql`drop index transcripts_interview_idx`.execute(db);
  await sql`create unique index conversations_one_per_interview on conversations (interview_id)`.execute(db);
  await sql`create unique index transcripts_one_per_interview on transcripts (interview_id)`.execute(db);

  // Image messages lived only in the browser's copy of an interview that already has turns: they
  // join its record (an interview without turns keeps its saved messages until its next save).
  await sql`
    insert into interview_turns (interview_id, role, content, attachment, client_key, client_at, created_at)
    select c.interview_id, coalesce(m.value->>'role', 'user'), coalesce(m.value->>'content', ''),
      m.value - 'role' - 'content' - 'timestamp',
      case when m.value ? 'imageId' then 'i:' || (m.value->>'imageId') || ':0' else 'legacy:' || m.ordinality end,
      m.value->>'timestamp', c.updated_at
    from conversations c
    cross join lateral jsonb_array_elements(case when jsonb_typeof(c.messages) = 'array' then c.messages else '[]'::jsonb end)
      with ordinality as m(value, ordinality)
    where jsonb_typeof(m.value) = 'object'
      and (m.value->>'type' = 'image' or m.value ? 'imageData' or m.value ? 'image')
      and m.value->>'role' in ('ai', 'user')
      and exists (select 1 from interview_turns t where t.interview_id = c.interview_id)
    on conflict (interview_id, client_key) do nothing
  `.execute(db);

  await sql`alter table interviews
    add column turn_lease text,
    add column turn_lease_until timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table interviews drop column turn_lease, drop column turn_lease_until`.execute(db);
  await sql`drop index if exists transcripts_one_per_interview`.execute(db);
  await sql`drop index if exists conversations_one_per_interview`.execute(db);
  await sql`create index conversations_interview_idx on conversations (interview_id)`.execute(db);
  await sql`create index transcripts_interview_idx on transcripts (interview_id)`.execute(db);
  await sql`drop table if exists interview_turn_revisions`.execute(db);
  await sql`drop index if exists interview_turns_client_key_idx`.execute(db);
  await sql`alter table interview_turns drop column client_key, drop column client_at, drop column attachment`.execute(
    db,
  );
}
