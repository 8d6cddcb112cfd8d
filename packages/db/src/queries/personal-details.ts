import { sql } from "kysely";
import type { Db } from "../client";
import type { PersonalDetailKind } from "../schema";

/** A project's personal detail as the redactor reads it (issue 26). */
export interface PersonalDetailRow {
  kind: PersonalDetailKind;
  number: number;
  key: string;
  value: string;
}

const detailColumns = ["kind", "number", "key", "value"] as const;

/** Every detail of the project's vault. */
export function listPersonalDetails(db: Db, projectId: number): Promise<PersonalDetailRow[]> {
  return db
    .selectFrom("personal_details")
    .select(detailColumns)
    .where("project_id", "=", projectId)
    .orderBy("kind")
    .orderBy("number")
    .execute();
}

/** Which interview mentioned which detail, across the project. */
export function listPersonalDetailMentions(
  db: Db,
  projectId: number,
): Promise<Array<{ interviewId: number; kind: PersonalDetailKind; key: string }>> {
  return db
    .selectFrom("personal_detail_mentions as m")
    .innerJoin("personal_details as d", "d.id", "m.detail_id")
    .select(["m.interview_id as interviewId", "d.kind", "d.key"])
    .where("d.project_id", "=", projectId)
    .execute();
}

/** The details an interview mentioned (what its participant may see again, and the owner marks). */
export function listInterviewDetails(db: Db, interviewId: number): Promise<PersonalDetailRow[]> {
  return db
    .selectFrom("personal_detail_mentions as m")
    .innerJoin("personal_details as d", "d.id", "m.detail_id")
    .select(["d.kind", "d.number", "d.key", "d.value"])
    .where("m.interview_id", "=", interviewId)
    .orderBy("d.kind")
    .orderBy("d.number")
    .execute();
}

/**
 * The numbers of these details in the project's vault: a detail already there keeps its number, a
 * new one takes the next free number of its kind. One transaction under a lock on the project, so
 * two interviews naming two new people at once never get the same number; the mentions are recorded
 * for `interviewId` when given.
 */
export function resolvePersonalDetails(
  db: Db,
  projectId: number,
  interviewId: number | null,
  details: Array<{ kind: PersonalDetailKind; key: string; value: string }>,
): Promise<PersonalDetailRow[]> {
  if (!details.length) return Promise.resolve([]);
  return db.transaction().execute(async (trx) => {
    // 0x5061726c ("Parl"): the lock's class, so it never meets another use of advisory locks.
    await sql`select pg_advisory_xact_lock(${0x5061726c}::int, ${projectId}::int)`.execute(trx);
    const keys = [...new Set(details.map((d) => d.key))];
    const held = await trx
      .selectFrom("personal_details")
      .select(["id", ...detailColumns])
      .where("project_id", "=", projectId)
      .where("key", "in", keys)
      .execute();
    const known = new Map(held.map((row) => [`${row.kind}\n${row.key}`, row]));
    const fresh = new Map<string, { kind: PersonalDetailKind; key: string; value: string }>();
    for (const detail of details) {
      const id = `${detail.kind}\n${detail.key}`;
      if (!known.has(id) && !fresh.has(id)) fresh.set(id, detail);
    }
    if (fresh.size) {
      const kinds = [...new Set([...fresh.values()].map((d) => d.kind))];
      const highest = await trx
        .selectFrom("personal_details")
        .select(["kind", (eb) => eb.fn.max("number").as("top")])
        .where("project_id", "=", projectId)
        .where("kind", "in", kinds)
        .groupBy("kind")
        .execute();
      const next = new Map(highest.map((row) => [row.kind, Number(row.top)]));
      const rows = [...fresh.values()].map((d) => {
        const number = (next.get(d.kind) ?? 0) + 1;
        next.set(d.kind, number);
        return { project_id: projectId, kind: d.kind, number, key: d.key, value: d.value };
      });
      const added = await trx
        .insertInto("personal_details")
        .values(rows)
        .returning(["id", ...detailColumns])
        .execute();
      for (const row of added) known.set(`${row.kind}\n${row.key}`, row);
    }
    const wanted = [...new Set(details.map((d) => `${d.kind}\n${d.key}`))].map((id) => known.get(id)!);
    // An interview whose raw record was deleted mentions nothing any more, even when a job that read
    // it before the deletion redacts now. Its row is locked as it is read, so the deletion (which
    // updates it) waits for these mentions and then removes them, or went first and is seen here.
    const open =
      interviewId !== null &&
      (await trx
        .selectFrom("interviews")
        .select("id")
        .where("id", "=", interviewId)
        .where("raw_deleted_at", "is", null)
        .forShare()
        .executeTakeFirst()) !== undefined;
    if (open) {
      await trx
        .insertInto("personal_detail_mentions")
        .values(wanted.map((row) => ({ detail_id: row.id, interview_id: interviewId! })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return wanted.map(({ kind, number, key, value }) => ({ kind, number, key, value }));
  });
}

/**
 * Forgets what an interview mentioned: its mentions, and every detail no other interview mentions.
 * Run inside the transaction that deletes the interview's raw record.
 */
export async function forgetInterviewDetails(db: Db, interviewId: number): Promise<number> {
  const mentioned = await db
    .deleteFrom("personal_detail_mentions")
    .where("interview_id", "=", interviewId)
    .returning("detail_id")
    .execute();
  if (!mentioned.length) return 0;
  const forgotten = await db
    .deleteFrom("personal_details")
    .where(
      "id",
      "in",
      mentioned.map((m) => m.detail_id),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("personal_detail_mentions as m")
            .select("m.detail_id")
            .whereRef("m.detail_id", "=", "personal_details.id"),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(forgotten.numDeletedRows);
}
