import { ACCESS_TOKEN_SCOPES } from "@parley/db/schema";
import { z } from "zod";

/** How long a new token lives; the account page offers these. */
export const ACCESS_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const ZCreateAccessTokenInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
  scope: z.enum(ACCESS_TOKEN_SCOPES),
  expiresInDays: z.union(ACCESS_TOKEN_EXPIRY_DAYS.map((days) => z.literal(days))),
});
export type CreateAccessTokenInput = z.infer<typeof ZCreateAccessTokenInput>;

export const ZRevokeAccessTokenInput = z.object({ id: z.number().int().positive() });

/** A token as the account page lists it: never the token itself, only its first characters. */
export const ZAccessToken = z.object({
  id: z.number(),
  name: z.string(),
  /** The token's first characters, e.g. `prl_abcd`, to tell tokens apart. */
  prefix: z.string(),
  scope: z.enum(ACCESS_TOKEN_SCOPES),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AccessToken = z.infer<typeof ZAccessToken>;

/** A new token: the only answer that carries the token itself. */
export const ZCreatedAccessToken = z.object({ token: z.string(), accessToken: ZAccessToken });
