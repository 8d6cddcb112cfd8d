/**
 * Sign-in throttling after OWASP ASVS 5.0 §6.3 (anti-automation against password guessing): only
 * failures count, they are counted per account *and* address, and a per-account ceiling slows a
 * guesser who spreads over many addresses without locking the owner out.
 *
 * | counter | limit | why |
 * |---|---|---|
 * | failures, this email from this address | 10 / 15 min | a person mistyping gets 10 tries; a guesser from one address gets 40 an hour |
 * | failures from this address, any email | 30 / 15 min | credential stuffing from one address across many accounts |
 * | failures for this email, any address | 100 / hour | ASVS's ceiling of 100 failed attempts an hour on one account |
 *
 * Past the per-account ceiling, only addresses the account signed in from (or reset its password
 * from) in the last 30 days may still try: the owner at their usual address keeps signing in while a
 * spread-out guesser is held to 100 guesses an hour. A success does not count: each attempt is
 * counted before the password is checked (so parallel guesses cannot all slip past a limit) and given
 * back when the password was right or the attempt was refused unchecked.
 */
import type { Context } from "../context";
import { AppError } from "../errors";
import type { RateRule } from "./rate-limit";

export const LOGIN_RULES = {
  failuresPerEmailAndIp: { limit: 10, windowMs: 15 * 60_000 },
  failuresPerIp: { limit: 30, windowMs: 15 * 60_000 },
  failuresPerEmail: { limit: 100, windowMs: 60 * 60_000 },
  knownAddress: { limit: 1, windowMs: 30 * 24 * 60 * 60_000 },
} satisfies Record<string, RateRule>;

const TOO_MANY = "Too many requests. Please wait a few minutes and try again.";
const TOO_MANY_FOR_ACCOUNT =
  "Too many failed sign-ins for this account. Please wait a few minutes or reset your password.";

const keys = (email: string, ip: string) => {
  const account = email.trim().toLowerCase();
  return {
    pair: `login:fail:${account}|${ip}`,
    address: `login:fail:ip:${ip}`,
    account: `login:fail:email:${account}`,
    known: `login:known:${account}|${ip}`,
  };
};

export interface LoginAttempt {
  /** The password was right: the attempt is given back and the address remembered for the account. */
  succeeded(): Promise<void>;
}

/** Counts a sign-in attempt for `email` from this request's address, or throws 429 without checking it. */
export async function beginLoginAttempt(ctx: Context, email: string): Promise<LoginAttempt> {
  const limiter = ctx.rateLimiter;
  const k = keys(email, ctx.req.ip);
  const counted: Array<[string, RateRule]> = [];
  const giveBack = () => Promise.all(counted.map(([key, rule]) => limiter.count(key, rule, -1)));
  const take = async (key: string, rule: RateRule) => {
    counted.push([key, rule]);
    return (await limiter.count(key, rule)) > limiter.limitOf(rule);
  };

  if (
    (await take(k.pair, LOGIN_RULES.failuresPerEmailAndIp)) ||
    (await take(k.address, LOGIN_RULES.failuresPerIp))
  ) {
    await giveBack();
    throw new AppError("TOO_MANY_REQUESTS", TOO_MANY);
  }
  if (await take(k.account, LOGIN_RULES.failuresPerEmail)) {
    const known = (await limiter.count(k.known, LOGIN_RULES.knownAddress, 0)) > 0;
    if (!known) {
      await giveBack();
      throw new AppError("TOO_MANY_REQUESTS", TOO_MANY_FOR_ACCOUNT);
    }
  }
  return {
    async succeeded() {
      await giveBack();
      await rememberAddress(ctx, email);
    },
  };
}

/** This address is the account's own from now on (a sign-in or a password reset from it). */
export async function rememberAddress(ctx: Context, email: string): Promise<void> {
  const { known } = keys(email, ctx.req.ip);
  if ((await ctx.rateLimiter.count(known, LOGIN_RULES.knownAddress, 0)) === 0) {
    await ctx.rateLimiter.count(known, LOGIN_RULES.knownAddress);
  }
}
