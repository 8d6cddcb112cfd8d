import type { ColumnType, Generated } from "kysely";
import type { Json, NullableTimestamp, Timestamp } from "./columns";

// Who signs in: users, their sessions and password resets, and the admin's audit of changes to them.

export const SUBSCRIPTION_TIERS = ["free", "basic", "pro", "enterprise"] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const SUBSCRIPTION_STATUSES = ["active", "inactive", "canceled", "past_due", "incomplete"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  is_admin: Generated<boolean>;
  oidc_subject: string | null;
  subscription_tier: ColumnType<SubscriptionTier, SubscriptionTier | undefined, SubscriptionTier>;
  subscription_status: ColumnType<SubscriptionStatus, SubscriptionStatus | undefined, SubscriptionStatus>;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_event_at: NullableTimestamp;
  monthly_api_usage: Generated<number>;
  monthly_api_limit: Generated<number>;
  monthly_api_cost: Generated<number>;
  usage_reset_date: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Date | string;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  expires_at: Date | string;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  target_user_id: string | null;
  action: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  created_at: Timestamp;
}

export const ACCESS_TOKEN_SCOPES = ["read", "read_write"] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

/** A personal access token for tools: only its SHA-256 is kept, and a prefix to recognise it by. */
export interface PersonalAccessTokensTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  token_hash: string;
  prefix: string;
  scope: AccessTokenScope;
  expires_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}
