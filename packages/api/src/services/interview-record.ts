import { createHash } from "node:crypto";
import type { Db } from "@parley/db/client";
import * as q from "@parley/db/queries/participant";
import * as record from "@parley/db/queries/turns";
import type { StoredMessage, TurnReviser } from "@parley/db/schema";
import { AppError } from "../errors";
import type { InterviewAccess } from "../participant";
import type { Message } from "../schemas/participant";

/**
 * The documented conversation and transcript as views of the one record (issue 23), and the
 * documented writes reconciled into it: a client's array adds what is new, and a message that names
 * its turn with words that turn never had is a revision; nothing it leaves out is deleted.
 */

const IMAGE_FIELDS = ["type", "description", "imageId", "imageData", "image", "analysis"] as const;

const isImage = (m: Partial<Message>) =>
  m.type === "image" || m.imageData !== undefined || m.image !== undefined;
const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 32);
const iso = (value: Date) => new Date(value).toISOString();

/** What a save answers when the conversation is no longer at the version it was told to expect. */
export const CONVERSATION_CHANGED =
  "This conversation has changed since the version you named; nothing was saved. It is answered as it is now.";

/**
 * The conversation's version: its turns, the last of them and the last revision, so any turn added
 * or removed and any revision changes it, whoever wrote them (turns and revisions are never updated
 * in place). Read from the same rows as the messages it stands for.
 */
function versionOf(turns: record.RecordTurnRow[], legacyMessages: number): string {
  if (!turns.length) return `m${legacyMessages}`;
  const lastTurn = Math.max(...turns.map((t) => t.id));
  const lastRevision = Math.max(0, ...turns.map((t) => t.revision_id ?? 0));
  return `t${turns.length}.${lastTurn}.${lastRevision}`;
}

type ConversationRow = { id: number; messages: unknown };

/** The conversation as read from its row and the record's turns. */
function viewOf(row: ConversationRow, interviewId: number, turns: record.RecordTurnRow[]) {
  const legacy = Array.isArray(row.messages) ? (row.messages as Message[]) : [];
  return {
    id: row.id,
    interviewId,
    messages: turns.length ? (turns.map(record.toStoredMessage) as Message[]) : legacy,
    version: versionOf(turns, legacy.length),
  };
}

export type ConversationView = ReturnType<typeof viewOf>;

/** The interview's conversation as the documented calls read it; null when nothing was said yet. */
export async function conversationOf(db: Db, interviewId: number): Promise<ConversationView | null> {
  const [row, turns] = await Promise.all([
    q.getConversationByInterview(db, interviewId),
    record.listRecord(db, interviewId),
  ]);
  if (!turns.length && !row) return null;
  return viewOf(row ?? (await record.ensureConversation(db, interviewId)), interviewId, turns);
}

/** The saved transcript as read: its turns as they read now, with the notes it was saved with. */
export async function transcriptOf(db: Db, interviewId: number) {
  const row = await q.getTranscriptByInterview(db, interviewId);
  if (!row) return null;
  const turns = await record.listRecord(db, interviewId);
  return { ...row, content: record.transcriptView(row.content, turns) ?? row.content };
}

type ClientMessage = Partial<Message> & { role: "ai" | "user"; content: string };

/**
 * Every message keys itself: an image by its id, else by its role, the time the client gave it (or
 * none) and its words, counted when the array repeats one. Parallel saves of the same array write
 * each new message once (the database's unique key); two clients' different messages given the same
 * time are two keys, so neither is dropped as the other's retry.
 */
function keyed(messages: ClientMessage[]) {
  const seen = new Map<string, number>();
  return messages.map((m) => {
    const base =
      isImage(m) && m.imageId
        ? `i:${m.imageId}`
        : m.timestamp
          ? `t:${m.role}:${m.timestamp}:${digest(m.content)}`
          : `c:${m.role}:${digest(m.content)}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return { message: m, key: `${base}:${n}` };
  });
}

const attachmentOf = (m: Partial<Message>) =>
  Object.fromEntries(IMAGE_FIELDS.filter((f) => m[f] !== undefined).map((f) => [f, m[f]]));

/** What a save may be told about the version the client built its array on. */
export interface SaveCondition {
  /** Save only if the conversation's version is one of these (If-Match); absent: save anyway. */
  ifMatch?: readonly string[] | undefined;
}

/**
 * A client's whole conversation (POST /api/conversations, PATCH /api/conversations/{id}, the
 * interview's completion) reconciled into the record, in one transaction holding the interview.
 * Answers the conversation as it reads after the save.
 */
export async function saveMessages(
  db: Db,
  access: Pick<InterviewAccess, "id" | "as">,
  messages: Message[],
  condition: SaveCondition = {},
): Promise<ConversationView> {
  await db.transaction().execute((trx) => reconcileMessages(trx, access, messages, condition));
  return (await conversationOf(db, access.id))!;
}

/**
 * saveMessages inside the caller's transaction (the interview's completion). Issue 35: an array is
 * often built on an older version of the conversation (another tab, another client saved since), so
 * a message's place or time says nothing about which turn it is. A message is a stored turn when it
 * names it (`turnId`, which every message the server answers carries), or when it has words that
 * turn has had (a resend, a retry: at its key or time first, else in order). Only a message that
 * names its turn with words that turn never had is an edit (a revision by `access.as`); words the
 * turn had before are a stale copy, not an edit. Every other message is new: it is added after the
 * stored turns, in the array's order. With `ifMatch`, a conversation at another version answers
 * CONFLICT with itself and nothing changes.
 */
export async function reconcileMessages(
  trx: Db,
  access: Pick<InterviewAccess, "id" | "as">,
  messages: Message[],
  { ifMatch }: SaveCondition = {},
) {
  const by: TurnReviser = access.as;
  await record.lockInterview(trx, access.id);
  const conversation = await record.ensureConversation(trx, access.id);
  let turns = await record.listRecord(trx, access.id);
  if (ifMatch) {
    const current = viewOf(conversation, access.id, turns);
    if (!ifMatch.includes(current.version)) {
      throw new AppError("CONFLICT", CONVERSATION_CHANGED, { conversation: current });
    }
  }
  // An interview from before the record: its saved messages become its first turns.
  const legacy = (conversation.messages ?? []) as StoredMessage[];
  if (!turns.length && legacy.length) {
    await record.appendTurns(trx, access.id, keyed(legacy).map(newTurn));
    turns = await record.listRecord(trx, access.id);
  }
  const revised = await record.listRevisedWordings(trx, access.id);
  const hadWords = (turn: record.RecordTurnRow, words: string) =>
    turn.content === words || turn.original === words || Boolean(revised.get(turn.id)?.includes(words));
  const places = new Map(turns.map((turn, index) => [turn.id, index]));
  const matched = new Set<number>();
  let next = 0;
  const fresh: record.NewTurn[] = [];
  for (const item of keyed(messages)) {
    const m = item.message;
    const image = isImage(m);
    const fits = (turn: record.RecordTurnRow) =>
      !matched.has(turn.id) && turn.role === m.role && Boolean(turn.attachment) === image;
    const namedAt = m.turnId === undefined ? undefined : places.get(m.turnId);
    const named = namedAt === undefined ? undefined : turns[namedAt];
    if (named && namedAt !== undefined && fits(named)) {
      matched.add(named.id);
      next = namedAt + 1;
      if (!image && m.content.trim() && !hadWords(named, m.content)) {
        await record.reviseTurn(trx, { interviewId: access.id, turnId: named.id, content: m.content, by });
      }
      continue;
    }
    const open = turns.map((turn, index) => ({ turn, index })).filter(({ turn }) => fits(turn));
    const ordered = [...open.filter((o) => o.index >= next), ...open.filter((o) => o.index < next)];
    type Open = (typeof open)[number];
    const sameWords = ({ turn }: Open) => hadWords(turn, m.content);
    const sameTime = ({ turn }: Open) =>
      turn.client_key === item.key ||
      (m.timestamp !== undefined && (turn.client_at === m.timestamp || iso(turn.created_at) === m.timestamp));
    // Its words at its time, else its words alone (a client that stamps its array anew at each save).
    const found =
      image && m.imageId !== undefined
        ? ordered.find(({ turn }) => turn.attachment?.imageId === m.imageId)
        : (ordered.find((o) => sameWords(o) && sameTime(o)) ?? ordered.find(sameWords));
    if (found) {
      matched.add(found.turn.id);
      next = found.index + 1;
    } else {
      fresh.push(newTurn(item));
    }
  }
  await record.appendTurns(trx, access.id, fresh);
  await record.touchConversation(trx, access.id);
}

function newTurn(item: { message: ClientMessage; key: string }) {
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
