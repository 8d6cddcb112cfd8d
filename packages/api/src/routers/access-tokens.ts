import { insertAccessToken, listAccessTokens, revokeAccessToken } from "@parley/db/queries/access-tokens";
import { z } from "zod";
import { AppError } from "../errors";
import {
  ZAccessToken,
  ZCreateAccessTokenInput,
  ZCreatedAccessToken,
  ZRevokeAccessTokenInput,
} from "../schemas/access-token";
import { generateAccessToken, hashToken } from "../services/tokens";
import { checked, sessionProcedure } from "../trpc";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Enough of the token to tell it apart on the account page; far too little to guess the rest. */
const SHOWN_PREFIX_LENGTH = 8;

const iso = (value: Date | string) => new Date(value).toISOString();
const toAccessToken = (row: Awaited<ReturnType<typeof insertAccessToken>>) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scope: row.scope,
  expiresAt: iso(row.expires_at),
  lastUsedAt: row.last_used_at ? iso(row.last_used_at) : null,
  createdAt: iso(row.created_at),
});

/** Personal access tokens for tools; managed from a signed-in session only, never with a token. */
export const accessTokensRouter = {
  list: sessionProcedure
    .output(checked(z.array(ZAccessToken)))
    .query(async ({ ctx }) => (await listAccessTokens(ctx.db, { userId: ctx.user.id })).map(toAccessToken)),

  create: sessionProcedure
    .input(ZCreateAccessTokenInput)
    .output(checked(ZCreatedAccessToken))
    .mutation(async ({ ctx, input }) => {
      const token = generateAccessToken();
      const row = await insertAccessToken(ctx.db, {
        userId: ctx.user.id,
        name: input.name,
        tokenHash: hashToken(token),
        prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
        scope: input.scope,
        expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
      });
      return { token, accessToken: toAccessToken(row) };
    }),

  revoke: sessionProcedure
    .input(ZRevokeAccessTokenInput)
    .output(checked(z.object({ success: z.literal(true) })))
    .mutation(async ({ ctx, input }) => {
      if (!(await revokeAccessToken(ctx.db, { userId: ctx.user.id, id: input.id }))) {
        throw new AppError("NOT_FOUND", "Access token not found");
      }
      return { success: true as const };
    }),
};
