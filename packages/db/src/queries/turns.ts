import { sql } from "kysely";
import type { Db } from "../client";
import type { TurnReviser } from "../schema";

/**
 * The one record of what was said in an interview (issue 23): its turns in order, each with the
 * words as first said and its latest revision. The documented conversation and the transcript are
 * read from it; only the server writes it, and every client write is keyed so a retry finds the first.
 */

export interface RecordTurnRow {
  id: number;
  role: "ai" | "user";
  /** The words as they read now: the latest revision, else as first said. */
  content: string;
  /** The words as first said. */
  original: string;
  revised_by: TurnReviser | null;
  /** The latest revision's id (revisions are numbered in the order they were made); null if none. */
  revision_id: number | null;
  decision: unknown;
  final: boolean;
  client_key: string | null;
  client_at: string | null;
  attachment: Record<string, unknown> | null;
  created_at: Date;
}

function recordQuery(db: Db) {
  return db
    .selectFrom("interview_turns as t")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("interview_turn_revisions as r")
          .select(["r.id", "r.content", "r.revised_by"])
          .whereRef("r.turn_id", "=", "t.id")
          .orderBy("r.id", "desc")
          .limit(1)
          .as("latest"),
      (join) => join.onTrue(),
    )
    .select([
      "t.id",
      "t.interview_id",
      "t.role",
      "t.content as original",
      "t.decision",
      "t.final",
      "t.client_key",
      "t.client_at",
      "t.attachment",
      "t.created_at",
      "latest.id as revision_id",
      "latest.content as revised_content",
      "latest.revised_by",
    ]);
}

type RawRow = Awaited<ReturnType<ReturnType<typeof recordQuery>["execute"]>>[number];

const toRecordTurn = (row: RawRow): RecordTurnRow & { interview_id: number } => ({
  id: row.id,
  interview_id: row.interview_id,
  role: row.role,
  content: row.revised_content ?? row.original,
  original: row.original,
  revised_by: (row.revised_by as TurnReviser | null) ?? null,
  revision_id: row.revision_id ?? null,
  decision: row.decision,
  final: row.final,
  client_key: row.client_key,
  client_at: row.client_at,
  attachment: row.attachment,
  created_at: row.created_at,
});

/** An interview's turns in the order they were said, as they read now. */
export async function listRecord(db: Db, interviewId: number): Promise<RecordTurnRow[]> {
  const rows = await recordQuery(db)
    .where("t.interview_id", "=", interviewId)
    .orderBy("t.id", "asc")
    .execute();
  return rows.map(toRecordTurn);
}

/** Several interviews' turns at once, in order. */
export async function listRecords(db: Db, interviewIds: number[]) {
  if (!interviewIds.length) return [];
  const rows = await recordQuery(db)
    .where("t.interview_id", "in", interviewIds)
    .orderBy("t.id", "asc")
    .execute();
  return rows.map(toRecordTurn);
}

/**
 * Locks the interview's row for the rest of the transaction, so one reconciliation of its record
 * (a client's array, a saved transcript) runs at a time.
 */
export async function lockInterview(trx: Db, interviewId: number): Promise<void> {
  await trx
    .selectFrom("interviews")
    .select("id")
    .where("id", "=", interviewId)
    .forUpdate()
    .executeTakeFirst();
}

/** Every wording of each of the interview's turns that was ever revised: the revisions, oldest first. */
export async function listRevisedWordings(db: Db, interviewId: number): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom("interview_turn_revisions as r")
    .innerJoin("interview_turns as t", "t.id", "r.turn_id")
    .select(["r.turn_id", "r.content"])
    .where("t.interview_id", "=", interviewId)
    .orderBy("r.id", "asc")
    .execute();
  const wordings = new Map<number, string[]>();
  for (const row of rows) wordings.set(row.turn_id, [...(wordings.get(row.turn_id) ?? []), row.content]);
  return wordings;
}

export interface NewTurn {
  role: "ai" | "user";
  content: string;
  decision?: unknown;
  final?: boolean;
  clientKey?: string | null;
  clientAt?: string | null;
  attachment?: Record<string, unknown> | null;
}

/**
 * Appends turns; one whose client key the interview already holds is not written again (the
 * database's unique key decides, so parallel retries cannot both land). Answers the turns written.
 * With `openConversation`, the interview's conversation row is made in the same statement when it
 * has none (both or neither, in one round trip: a stored answer always has one to be read in).
 */
export async function appendTurns(
  db: Db,
  interviewId: number,
  turns: NewTurn[],
  options: { openConversation?: boolean } = {},
) {
  if (!turns.length) {
    if (options.openConversation) await openConversation(db, interviewId);
    return [];
  }
  const rows = turns.map((t) => ({
    interview_id: interviewId,
    role: t.role,
    content: t.content,
    decision: t.decision === undefined || t.decision === null ? null : JSON.stringify(t.decision),
    final: t.final ?? false,
    client_key: t.clientKey ?? null,
    client_at: t.clientAt ?? null,
    attachment: t.attachment ? JSON.stringify(t.attachment) : null,
  }));
  const into = options.openConversation
    ? db
        .with("opened", (w) =>
          w
            .insertInto("conversations")
            .values({ interview_id: interviewId, messages: "[]" })
            .onConflict((oc) => oc.column("interview_id").doNothing()),
        )
        .insertInto("interview_turns")
    : db.insertInto("interview_turns");
  return into
    .values(rows)
    .onConflict((oc) => oc.columns(["interview_id", "client_key"]).doNothing())
    .returning(["id", "role", "content", "decision", "final", "client_key", "created_at"])
    .execute();
}

export function findTurnByKey(db: Db, interviewId: number, clientKey: string) {
  return db
    .selectFrom("interview_turns")
    .select(["id", "role", "content", "created_at"])
    .where("interview_id", "=", interviewId)
    .where("client_key", "=", clientKey)
    .executeTakeFirst();
}

/** The interviewer's first message after turn `afterId` (the reply that answered it), if written. */
export function replyAfter(db: Db, interviewId: number, afterId: number) {
  return db
    .selectFrom("interview_turns")
    .select(["id", "content", "final"])
    .where("interview_id", "=", interviewId)
    .where("role", "=", "ai")
    .where("attachment", "is", null)
    .where("id", ">", afterId)
    .orderBy("id", "asc")
    .limit(1)
    .executeTakeFirst();
}

/** Records a new wording of a turn beside its original; nothing when it already reads so. */
export async function reviseTurn(
  db: Db,
  values: { interviewId: number; turnId: number; content: string; by: TurnReviser },
): Promise<boolean> {
  const [turn] = await recordQuery(db)
    .where("t.id", "=", values.turnId)
    .where("t.interview_id", "=", values.interviewId)
    .execute();
  if (!turn) return false;
  if ((turn.revised_content ?? turn.original) === values.content) return true;
  await db
    .insertInto("interview_turn_revisions")
    .values({ turn_id: values.turnId, content: values.content, revised_by: values.by })
    .execute();
  return true;
}

/**
 * Takes the interview's reply lease for `seconds` unless another holder's lease is still running:
 * one statement, so of parallel takers exactly one wins, on PostgreSQL and PGlite alike.
 */
export async function takeTurnLease(db: Db, interviewId: number, token: string, seconds: number) {
  const taken = await db
    .updateTable("interviews")
    .set({
      turn_lease: token,
      turn_lease_until: sql<Date>`now() + make_interval(secs => ${seconds})`,
    })
    .where("id", "=", interviewId)
    .where((eb) =>
      eb.or([
        eb("turn_lease_until", "is", null),
        eb("turn_lease_until", "<", sql<Date>`now()`),
        eb("turn_lease", "=", token),
      ]),
    )
    .returning("id")
    .executeTakeFirst();
  return Boolean(taken);
}

export async function releaseTurnLease(db: Db, interviewId: number, token: string) {
  await db
    .updateTable("interviews")
    .set({ turn_lease: null, turn_lease_until: null })
    .where("id", "=", interviewId)
    .where("turn_lease", "=", token)
    .execute();
}

/** The interview's one conversation row (its id is what the documented calls name), made once. */
/** Makes sure the interview has its conversation row, without reading it back (one round trip). */
export async function openConversation(db: Db, interviewId: number): Promise<void> {
  await db
    .insertInto("conversations")
    .values({ interview_id: interviewId, messages: "[]" })
    .onConflict((oc) => oc.column("interview_id").doNothing())
    .execute();
}

export async function ensureConversation(db: Db, interviewId: number) {
  await db
    .insertInto("conversations")
    .values({ interview_id: interviewId, messages: "[]" })
    .onConflict((oc) => oc.column("interview_id").doNothing())
    .execute();
  return db
    .selectFrom("conversations")
    .select(["id", "interview_id", "messages", "created_at", "updated_at"])
    .where("interview_id", "=", interviewId)
    .executeTakeFirstOrThrow();
}

export async function touchConversation(db: Db, interviewId: number) {
  await db
    .updateTable("conversations")
    .set({ updated_at: new Date() })
    .where("interview_id", "=", interviewId)
    .execute();
}

/**
 * A turn as the documented conversation carries it (spec 2 §3), its revision marked. Its
 * `timestamp` is the time the client gave the message when it gave one (a client reads back what it
 * saved), else the server's.
 */
export function toStoredMessage(turn: RecordTurnRow) {
  const given = turn.client_at && !Number.isNaN(Date.parse(turn.client_at)) ? turn.client_at : null;
  return {
    ...(turn.attachment ?? {}),
    role: turn.role,
    content: turn.content,
    timestamp: given ?? new Date(turn.created_at).toISOString(),
    turnId: turn.id,
    ...(turn.revised_by ? { original: turn.original, revisedBy: turn.revised_by } : {}),
  };
}

export const TRANSCRIPT_LABELS = { ai: "AI", user: "Participant" } as const;

/** The transcript's lines, one "AI:" or "Participant:" block per spoken or typed turn. */
export const renderTurns = (turns: RecordTurnRow[]) =>
  turns
    .filter((t) => !t.attachment)
    .map((t) => `${TRANSCRIPT_LABELS[t.role]}: ${t.content.trim()}`)
    .join("\n\n");

const NOTES_RULE = `\n${"=".repeat(50)}\n`;
const LABEL = /^(AI|Participant): ?(.*)$/;

/** The "AI: … / Participant: …" blocks of a transcript, up to its notes sections. */
export function transcriptBlocks(content: string): Array<{ role: "ai" | "user"; content: string }> {
  const at = content.indexOf(NOTES_RULE);
  const body = at >= 0 ? content.slice(0, at) : content;
  const blocks: Array<{ role: "ai" | "user"; lines: string[] }> = [];
  for (const line of body.split("\n")) {
    const label = LABEL.exec(line);
    if (label) blocks.push({ role: label[1] === "AI" ? "ai" : "user", lines: [label[2] ?? ""] });
    else blocks.at(-1)?.lines.push(line);
  }
  return blocks.map((b) => ({ role: b.role, content: b.lines.join("\n").trim() }));
}

/**
 * The transcript as read: when the saved transcript is a transcript of the record (each of its
 * blocks reads as the turn at its place, revisions applied), the turns as they read now with the
 * notes sections it was saved with (spec 2 §3); otherwise (older data, a text of the owner's own,
 * no turns) the saved text itself.
 */
export function transcriptView(saved: string | null, turns: RecordTurnRow[]): string | null {
  const spoken = turns.filter((t) => !t.attachment);
  if (!spoken.length || saved === null) return saved;
  const blocks = transcriptBlocks(saved);
  const faithful =
    blocks.length > 0 &&
    blocks.every((b, i) => spoken[i]?.role === b.role && spoken[i]?.content.trim() === b.content);
  if (!faithful) return saved;
  const at = saved.indexOf(NOTES_RULE);
  return `${renderTurns(spoken)}${at >= 0 ? saved.slice(at) : ""}`;
}
