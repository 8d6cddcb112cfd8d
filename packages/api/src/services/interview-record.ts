import { createHash } from "node:crypto";
import type { Db } from "@parley/db/client";
import * as q from "@parley/db/queries/participant";
import * as record from "@parley/db/queries/turns";
import type { StoredMessage, TurnReviser } from "@parley/db/schema";
import type { InterviewAccess } from "../participant";
import type { Message } from "../schemas/participant";

/**
 * The documented conversation and transcript as views of the one record (issue 23), and the
 * documented writes reconciled into it: a client's array adds what is new and turns an edited
 * message into a revision; nothing it leaves out is deleted.
 */

const IMAGE_FIELDS = ["type", "description", "imageId", "imageData", "image", "analysis"] as const;

const isImage = (m: Partial<Message>) =>
  m.type === "image" || m.imageData !== undefined || m.image !== undefined;
const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);
const iso = (value: Date) => new Date(value).toISOString();

/** The interview's conversation as the documented calls read it; null when nothing was said yet. */
export async function conversationOf(db: Db, interviewId: number) {
  const [row, turns] = await Promise.all([
    q.getConversationByInterview(db, interviewId),
    record.listRecord(db, interviewId),
  ]);
  if (!turns.length) {
    return row ? { id: row.id, interviewId, messages: row.messages as Message[] } : null;
  }
  const conversation = row ?? (await record.ensureConversation(db, interviewId));
  return {
    id: conversation.id,
    interviewId,
    messages: turns.map(record.toStoredMessage) as Message[],
  };
}

/** The saved transcript as read: its turns as they read now, with the notes it was saved with. */
export async function transcriptOf(db: Db, interviewId: number) {
  const row = await q.getTranscriptByInterview(db, interviewId);
  if (!row) return null;
  const turns = await record.listRecord(db, interviewId);
  return { ...row, content: record.transcriptView(row.content, turns) ?? row.content };
}

/**
 * Every message keys itself: an image by its id, else by its role and the time the client gave it
 * (or its words when it gave none), counted when the array repeats one, so parallel saves of the
 * same array write each new message once (the database's unique key).
 */
function keyed(messages: Array<Partial<Message> & { role: "ai" | "user"; content: string }>) {
  const seen = new Map<string, number>();
  return messages.map((m) => {
    const base =
      isImage(m) && m.imageId
        ? `i:${m.imageId}`
        : m.timestamp
          ? `t:${m.role}:${m.timestamp}`
          : `c:${m.role}:${digest(m.content)}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return { message: m, key: `${base}:${n}` };
  });
}

const attachmentOf = (m: Partial<Message>) =>
  Object.fromEntries(IMAGE_FIELDS.filter((f) => m[f] !== undefined).map((f) => [f, m[f]]));

/**
 * A client's whole conversation (POST /api/conversations, PATCH /api/conversations/{id}, the
 * interview's completion) reconciled into the record, in one transaction holding the interview:
 * a message the record holds (by its key, its time, or its words in order) is that turn, and when
 * its words differ they are a revision by `by`; any other message is appended.
 */
export async function saveMessages(db: Db, access: Pick<InterviewAccess, "id" | "as">, messages: Message[]) {
  await db.transaction().execute((trx) => reconcileMessages(trx, access, messages));
  return (await conversationOf(db, access.id))!;
}

/** saveMessages inside the caller's transaction (the interview's completion). */
export async function reconcileMessages(
  trx: Db,
  access: Pick<InterviewAccess, "id" | "as">,
  messages: Message[],
) {
  const by: TurnReviser = access.as;
  await record.lockInterview(trx, access.id);
  const conversation = await record.ensureConversation(trx, access.id);
  let turns = await record.listRecord(trx, access.id);
  // An interview from before the record: its saved messages become its first turns.
  const legacy = (conversation.messages ?? []) as StoredMessage[];
  if (!turns.length && legacy.length) {
    await record.appendTurns(trx, access.id, keyed(legacy).map(newTurn));
    turns = await record.listRecord(trx, access.id);
  }
  const matched = new Set<number>();
  let next = 0;
  const fresh: record.NewTurn[] = [];
  for (const item of keyed(messages)) {
    const m = item.message;
    const image = isImage(m);
    const open = turns
      .map((turn, index) => ({ turn, index }))
      .filter(
        ({ turn }) => !matched.has(turn.id) && turn.role === m.role && Boolean(turn.attachment) === image,
      );
    const ordered = [...open.filter((o) => o.index >= next), ...open.filter((o) => o.index < next)];
    const sameWords = (t: record.RecordTurnRow) => t.content === m.content || t.original === m.content;
    const byKey = ordered.filter(
      ({ turn }) =>
        turn.client_key === item.key ||
        (m.timestamp !== undefined &&
          (turn.client_at === m.timestamp || iso(turn.created_at) === m.timestamp)) ||
        (image && m.imageId !== undefined && turn.attachment?.imageId === m.imageId),
    );
    const found =
      byKey.find(({ turn }) => sameWords(turn)) ?? byKey[0] ?? ordered.find(({ turn }) => sameWords(turn));
    if (!found) {
      fresh.push(newTurn(item));
      continue;
    }
    matched.add(found.turn.id);
    next = found.index + 1;
    if (!image && found.turn.content !== m.content && m.content.trim()) {
      await record.reviseTurn(trx, { interviewId: access.id, turnId: found.turn.id, content: m.content, by });
    }
  }
  await record.appendTurns(trx, access.id, fresh);
  await record.touchConversation(trx, access.id);
}

function newTurn(item: {
  message: Partial<Message> & { role: "ai" | "user"; content: string };
  key: string;
}) {
  const m = item.message;
  return {
    role: m.role,
    content: m.content,
    clientKey: item.key,
    clientAt: m.timestamp ?? null,
    attachment: isImage(m) ? attachmentOf(m) : null,
  };
}

/**
 * A saved transcript (the participant's review, the owner's correction) reconciled into the record:
 * each block stands for the turn at its place, and a block whose words differ is a revision by the
 * one who saved it (a participant revises only their own answers). Blocks past the record's last
 * turn are appended; turns the transcript leaves out stay. From the first block that does not
 * stand for the turn at its place (a text of the owner's own), the rest is kept as text only.
 */
export async function reviseFromTranscript(
  trx: Db,
  access: Pick<InterviewAccess, "id" | "as">,
  content: string,
) {
  const blocks = record.transcriptBlocks(content).filter((b) => b.content);
  if (!blocks.length) return;
  await record.lockInterview(trx, access.id);
  const turns = (await record.listRecord(trx, access.id)).filter((t) => !t.attachment);
  if (!turns.length) return;
  const fresh: record.NewTurn[] = [];
  for (const [index, block] of blocks.entries()) {
    const turn = turns[index];
    if (!turn) {
      fresh.push({
        role: block.role,
        content: block.content,
        clientKey: `r:${index}:${digest(block.content)}`,
      });
      continue;
    }
    if (turn.role !== block.role) break;
    const revisable = access.as === "owner" || turn.role === "user";
    if (revisable && turn.content.trim() !== block.content) {
      await record.reviseTurn(trx, {
        interviewId: access.id,
        turnId: turn.id,
        content: block.content,
        by: access.as,
      });
    }
  }
  await record.appendTurns(trx, access.id, fresh);
}
