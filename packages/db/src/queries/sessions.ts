import { type Db, prepareOnce } from "../client";
import { selectUsers, type UserRecord } from "./users";

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function insertSession(db: Db, id: string, userId: string): Promise<Date> {
  const expiresAt = new Date(Date.now() + SESSION_DAYS * DAY_MS);
  await db.insertInto("sessions").values({ id, user_id: userId, expires_at: expiresAt }).execute();
  return expiresAt;
}

const sessionUserQuery = (db: Db, id: string) =>
  selectUsers(db)
    .innerJoin("sessions", "sessions.user_id", "users.id")
    .select("sessions.expires_at as session_expires_at")
    .where("sessions.id", "=", id);
type SessionUserRow = UserRecord & { session_expires_at: Date | string };
let compiledSessionQuery: ReturnType<ReturnType<typeof sessionUserQuery>["compile"]> | undefined;

/**
 * The user behind a live session, in one query, extending the session when it is past the half-way
 * point (sliding expiry). Undefined for a missing or expired session; an expired one is removed.
 */
export async function getSessionUser(db: Db, id: string): Promise<UserRecord | undefined> {
  // This runs on every authenticated request: compile the SQL once and bind only the id.
  // PostgreSQL plans the three-table join once per connection instead of on every request.
  if (!compiledSessionQuery) {
    compiledSessionQuery = sessionUserQuery(db, "").compile();
    prepareOnce(compiledSessionQuery.sql);
  }
  const compiled = compiledSessionQuery;
  const { rows } = await db.executeQuery<SessionUserRow>({ ...compiled, parameters: [id] });
  const row = rows[0];
  if (!row) return undefined;
  const { session_expires_at, ...user } = row;
  const expiresAt = new Date(session_expires_at).getTime();
  const now = Date.now();
  if (expiresAt <= now) {
    await db.deleteFrom("sessions").where("id", "=", id).execute();
    return undefined;
  }
  if (expiresAt - now < (SESSION_DAYS / 2) * DAY_MS) {
    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(now + SESSION_DAYS * DAY_MS) })
      .where("id", "=", id)
      .execute();
  }
  return user;
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}
