import type { Db } from "@parley/db/client";
import { replaceResetToken, useResetToken } from "@parley/db/queries/password-resets";
import { deleteSession, deleteUserSessions, insertSession } from "@parley/db/queries/sessions";
import {
  deleteUser,
  getPasswordHash,
  getUserByEmail,
  getUserById,
  insertUser,
  makeAdmin,
  setPasswordHash,
  type UserRecord,
} from "@parley/db/queries/users";
import { type Context, SESSION_COOKIE, type Services } from "../context";
import { AppError } from "../errors";
import type { RegisterInput } from "../schemas/auth";
import { dummyVerify, hashPassword, isCommonPassword, verifyPassword } from "./passwords";
import { RATE_RULES } from "./rate-limit";
import { beginLoginAttempt, rememberAddress } from "./security-lockout";
import { generateToken, hashToken } from "./tokens";

const SESSION_MAX_AGE = 30 * 24 * 60 * 60;
const RESET_TOKEN_MS = 60 * 60 * 1000;

/** Starts a new session for the user, sets the cookie, and answers the Bearer token. */
export async function startSession(ctx: Context, userId: string): Promise<string> {
  const token = generateToken();
  await insertSession(ctx.db, hashToken(token), userId);
  ctx.req.setCookie(SESSION_COOKIE, token, { maxAgeSeconds: SESSION_MAX_AGE });
  return token;
}

export async function endSession(ctx: Context): Promise<void> {
  if (ctx.sessionId) await deleteSession(ctx.db, ctx.sessionId);
  ctx.req.clearCookie(SESSION_COOKIE);
}

function refuseCommonPassword(password: string) {
  if (isCommonPassword(password)) {
    throw new AppError("BAD_REQUEST", "This password is too common. Please choose a less guessable one.");
  }
}

export async function register(
  ctx: Context,
  input: RegisterInput,
): Promise<{ user: UserRecord; token: string }> {
  const emailKey = input.email.toLowerCase();
  await ctx.rateLimiter.consume(`register:ip:${ctx.req.ip}`, RATE_RULES.registerPerIp);
  await ctx.rateLimiter.consume(`register:email:${emailKey}`, RATE_RULES.registerPerEmail);
  refuseCommonPassword(input.password);
  if (await getUserByEmail(ctx.db, input.email)) {
    throw new AppError("CONFLICT", "An account with this email already exists");
  }
  const user = await insertUser(ctx.db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName || null,
    lastName: input.lastName || null,
  });
  // Two registrations racing for one email: the unique index lets one through.
  if (!user) throw new AppError("CONFLICT", "An account with this email already exists");
  return { user, token: await startSession(ctx, user.id) };
}

export async function login(
  ctx: Context,
  input: { email: string; password: string },
): Promise<{ user: UserRecord; token: string }> {
  const attempt = await beginLoginAttempt(ctx, input.email);
  const user = await getUserByEmail(ctx.db, input.email);
  const passwordHash = user ? await getPasswordHash(ctx.db, user.id) : null;
  const valid = passwordHash
    ? await verifyPassword(passwordHash, input.password)
    : await dummyVerify(input.password);
  if (!user || !valid) throw new AppError("UNAUTHORIZED", "Invalid email or password");
  await attempt.succeeded();
  return { user, token: await startSession(ctx, user.id) };
}

/** What sending a reset email needs; no request in it, so a job engine can run it later. */
export type PasswordResetServices = Pick<Services, "db" | "mailer" | "config" | "logger">;

/**
 * Same answer, in the same time, whether or not the email exists: only the rate limits and one job
 * insert run before the answer; looking the email up, making the token and sending the message are
 * the "auth.password-reset" job's work (retried on transient failures, kept across restarts).
 */
export async function queuePasswordReset(ctx: Context, email: string): Promise<void> {
  await ctx.rateLimiter.consume(`reset:ip:${ctx.req.ip}`, RATE_RULES.resetPerIp);
  await ctx.rateLimiter.consume(`reset:email:${email.toLowerCase()}`, RATE_RULES.resetPerEmail);
  await ctx.jobs.enqueue("auth.password-reset", { email });
}

/** Mails a one-hour reset link to `email` when it has an account; nothing otherwise. */
export async function sendPasswordReset(ctx: PasswordResetServices, email: string): Promise<void> {
  const user = await getUserByEmail(ctx.db, email);
  if (!user) return;
  const token = generateToken();
  await replaceResetToken(ctx.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_MS),
  });
  await ctx.mailer.send({
    to: user.email,
    subject: "Reset your Parley password",
    text: [
      `Hello${user.first_name ? ` ${user.first_name}` : ""},`,
      "",
      "Someone asked to reset the password of your Parley account. To choose a new password, open:",
      `${ctx.config.appOrigin}/reset-password?token=${encodeURIComponent(token)}`,
      "",
      "The link works once and expires in 1 hour. If you did not ask for this, ignore this email.",
    ].join("\n"),
  });
}

const INVALID_RESET = "This reset link is invalid or has expired. Please request a new one.";

/** Uses the token once: sets the password and ends every session of the user, atomically. */
export async function resetPassword(ctx: Context, token: string, newPassword: string): Promise<void> {
  await ctx.rateLimiter.consume(`reset:ip:${ctx.req.ip}`, RATE_RULES.resetPerIp);
  refuseCommonPassword(newPassword);
  const passwordHash = await hashPassword(newPassword);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const userId = await useResetToken(trx, hashToken(token));
    if (!userId) return undefined;
    await setPasswordHash(trx, userId, passwordHash);
    await deleteUserSessions(trx, userId);
    return getUserById(trx, userId);
  });
  if (!done) throw new AppError("BAD_REQUEST", INVALID_RESET);
  // The owner proved they read the account's email from here: a sign-in ceiling never blocks this address.
  await rememberAddress(ctx, done.email);
}

export async function deleteAccount(ctx: Context, userId: string): Promise<void> {
  // A paid subscription stops with the account; a billing failure must not keep the account alive.
  if (ctx.user?.stripe_subscription_id && ctx.user.subscription_status !== "canceled") {
    await ctx.billing
      .cancel(userId)
      .catch((error: unknown) => ctx.logger.warn({ err: error }, "cancel on delete failed"));
  }
  await deleteUser(ctx.db, userId);
  ctx.req.clearCookie(SESSION_COOKIE);
}

/** Makes sure ADMIN_EMAIL exists with ADMIN_PASSWORD and is an admin (start-up). */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<void> {
  const existing = await getUserByEmail(db, email);
  const passwordHash = await hashPassword(password);
  if (!existing) {
    await insertUser(db, { email, passwordHash, isAdmin: true, firstName: "Admin" });
    return;
  }
  await makeAdmin(db, existing.id, passwordHash);
}
