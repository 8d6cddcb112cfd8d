import type { Db } from "../client";
import type { AccessTokenScope } from "../schema";
import { selectUsers, type UserRecord } from "./users";

/** What the account page shows of a token: never its hash. */
const tokenColumns = ["id", "name", "prefix", "scope", "expires_at", "last_used_at", "created_at"] as const;

export interface AccessTokenRow {
  id: number;
  name: string;
  prefix: string;
  scope: AccessTokenScope;
  expires_at: Date;
  last_used_at: Date | null;
  created_at: Date;
}

export function insertAccessToken(
  db: Db,
  values: {
    userId: string;
    name: string;
    tokenHash: string;
    prefix: string;
    scope: AccessTokenScope;
    expiresAt: Date;
  },
): Promise<AccessTokenRow> {
  return db
    .insertInto("personal_access_tokens")
    .values({
      user_id: values.userId,
      name: values.name,
      token_hash: values.tokenHash,
      prefix: values.prefix,
      scope: values.scope,
      expires_at: values.expiresAt,
    })
    .returning(tokenColumns)
    .executeTakeFirstOrThrow();
}

/** The owner's tokens that are not revoked, newest first (expired ones too: the page says so). */
export function listAccessTokens(db: Db, { userId }: { userId: string }): Promise<AccessTokenRow[]> {
  return db
    .selectFrom("personal_access_tokens")
    .select(tokenColumns)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Revokes one of the owner's tokens; false when it is not theirs or was revoked already. */
export async function revokeAccessToken(db: Db, { userId, id }: { userId: string; id: number }) {
  const result = await db
    .updateTable("personal_access_tokens")
    .set({ revoked_at: new Date() })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface AccessTokenGrant {
  id: number;
  scope: AccessTokenScope;
}

/** How stale `last_used_at` may be before a use writes it again: one write a minute, not one a call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The user behind a live token (not revoked, not expired) and what the token grants; undefined
 * otherwise. Records the use in `last_used_at`, at most once a minute.
 */
export async function getAccessTokenUser(
  db: Db,
  tokenHash: string,
): Promise<{ user: UserRecord; grant: AccessTokenGrant } | undefined> {
  const row = await selectUsers(db)
    .innerJoin("personal_access_tokens as pat", "pat.user_id", "users.id")
    .select([
      "pat.id as pat_id",
      "pat.scope as pat_scope",
      "pat.expires_at as pat_expires_at",
      "pat.last_used_at as pat_last_used_at",
    ])
    .where("pat.token_hash", "=", tokenHash)
    .where("pat.revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { pat_id, pat_scope, pat_expires_at, pat_last_used_at, ...user } = row;
  const now = Date.now();
  if (new Date(pat_expires_at).getTime() <= now) return undefined;
  if (!pat_last_used_at || now - new Date(pat_last_used_at).getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .updateTable("personal_access_tokens")
      .set({ last_used_at: new Date(now) })
      .where("id", "=", pat_id)
      .execute();
  }
  return { user, grant: { id: pat_id, scope: pat_scope } };
}
