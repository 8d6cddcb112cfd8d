import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../client";
import type { SubscriptionStatus, SubscriptionTier } from "../schema";

/** Every user column a client may see (never the password hash). */
export const userColumns = [
  "users.id",
  "users.email",
  "users.first_name",
  "users.last_name",
  "users.profile_image_url",
  "users.is_admin",
  "users.subscription_tier",
  "users.subscription_status",
  "users.stripe_customer_id",
  "users.stripe_subscription_id",
  "users.monthly_api_usage",
  "users.monthly_api_limit",
  "users.monthly_api_cost",
  "users.usage_reset_date",
  "users.created_at",
  "users.updated_at",
] as const;

export interface UserRecord {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  is_admin: boolean;
  subscription_tier: SubscriptionTier;
  subscription_status: SubscriptionStatus;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  monthly_api_usage: number;
  monthly_api_limit: number;
  monthly_api_cost: number;
  monthly_budget: number;
  usage_reset_date: Date;
  created_at: Date;
  updated_at: Date;
}

export function selectUsers(db: Db) {
  return db
    .selectFrom("users")
    .leftJoin("budgets", "budgets.user_id", "users.id")
    .select([...userColumns, sql<number>`coalesce(budgets.monthly_budget, 0)`.as("monthly_budget")]);
}

export async function getUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  return selectUsers(db).where("users.id", "=", id).executeTakeFirst();
}

/** The user, with their row locked until the transaction ends (`for update of users`). */
export async function lockUserById(trx: Db, id: string): Promise<UserRecord | undefined> {
  return selectUsers(trx).where("users.id", "=", id).forUpdate("users").executeTakeFirst();
}

export async function getUserByEmail(db: Db, email: string): Promise<UserRecord | undefined> {
  return selectUsers(db).where(sql`lower(users.email)`, "=", email.trim().toLowerCase()).executeTakeFirst();
}

/** The user signed in before with this OpenID Connect subject. */
export function getUserIdByOidcSubject(db: Db, subject: string) {
  return db.selectFrom("users").select("id").where("oidc_subject", "=", subject).executeTakeFirst();
}

/**
 * Links an OpenID Connect subject to the account with this email (any letter case) unless that
 * account is linked to another subject already; undefined when no account was linked.
 */
export function linkOidcSubject(db: Db, { email, subject }: { email: string; subject: string }) {
  return db
    .updateTable("users")
    .set({ oidc_subject: subject, updated_at: new Date() })
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("oidc_subject", "is", null)
    .returning("id")
    .executeTakeFirst();
}

export async function getPasswordHash(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", userId)
    .executeTakeFirst();
  return row?.password_hash ?? null;
}

export interface NewUserInput {
  email: string;
  passwordHash: string | null;
  firstName?: string | null;
  lastName?: string | null;
  isAdmin?: boolean;
  tier?: SubscriptionTier;
  apiCallLimit?: number;
  oidcSubject?: string | null;
  profileImageUrl?: string | null;
}

/** Inserts a user; answers undefined when the email (in any letter case) is taken. */
export async function insertUser(db: Db, input: NewUserInput): Promise<UserRecord | undefined> {
  const inserted = await db
    .insertInto("users")
    .values({
      id: randomUUID(),
      email: input.email.trim(),
      password_hash: input.passwordHash,
      first_name: input.firstName ?? null,
      last_name: input.lastName ?? null,
      is_admin: input.isAdmin ?? false,
      subscription_tier: input.tier ?? "free",
      oidc_subject: input.oidcSubject ?? null,
      profile_image_url: input.profileImageUrl ?? null,
      stripe_customer_id: null,
      stripe_subscription_id: null,
      ...(input.apiCallLimit !== undefined ? { monthly_api_limit: input.apiCallLimit } : {}),
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted ? getUserById(db, inserted.id) : undefined;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where("id", "=", userId)
    .execute();
}

/** Deletes the user; the foreign keys remove projects, interviews, documents and sessions. */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom("users").where("id", "=", userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Makes the user an admin with this password (the ADMIN_EMAIL account at start-up). */
export async function makeAdmin(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ is_admin: true, password_hash: passwordHash, updated_at: new Date() })
    .where("id", "=", userId)
    .execute();
}
