import type { UserRecord } from "@parley/db/queries/users";
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from "@parley/db/schema";
import { z } from "zod";

/** The user as every client sees it (spec 2 §3 User). */
export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  monthlyApiUsage: z.number(),
  monthlyApiLimit: z.number(),
  /** cents */
  monthlyApiCost: z.number(),
  /** cents; 0 means no budget */
  monthlyBudget: z.number(),
  usageResetDate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof ZUser>;

/** A timestamp from the database (a Date from pg, a string from some drivers) as ISO 8601. */
const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

export function toUser(record: UserRecord): User {
  return {
    id: record.id,
    email: record.email,
    firstName: record.first_name,
    lastName: record.last_name,
    profileImageUrl: record.profile_image_url,
    isAdmin: record.is_admin,
    subscriptionTier: record.subscription_tier,
    subscriptionStatus: record.subscription_status,
    stripeCustomerId: record.stripe_customer_id,
    stripeSubscriptionId: record.stripe_subscription_id,
    monthlyApiUsage: record.monthly_api_usage,
    monthlyApiLimit: record.monthly_api_limit,
    monthlyApiCost: Math.round(record.monthly_api_cost * 100) / 100,
    monthlyBudget: record.monthly_budget,
    usageResetDate: iso(record.usage_reset_date),
    createdAt: iso(record.created_at),
    updatedAt: iso(record.updated_at),
  };
}
