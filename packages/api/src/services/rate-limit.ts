import { AppError } from "../errors";

export interface RateLimitStore {
  /**
   * Adds `by` (1 unless given; 0 reads, -1 gives a hit back) to the window that `key` is in; answers
   * the count so far in that window.
   */
  hit(key: string, windowMs: number, by?: number): Promise<number>;
}

/** Fixed windows in this process's memory: right for one replica; use Redis for several. */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number, by = 1): Promise<number> {
    const now = Date.now();
    if (this.#windows.size > 50_000) this.#sweep(now);
    const window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      if (by <= 0) return 0;
      this.#windows.set(key, { count: by, resetAt: now + windowMs });
      return by;
    }
    window.count += by;
    return window.count;
  }

  #sweep(now: number) {
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}

interface RedisLike {
  multi(): {
    incrby(key: string, by: number): unknown;
    pexpire(key: string, ms: number, mode: "NX"): unknown;
    exec(): Promise<Array<[Error | null, unknown]> | null>;
  };
}

/** Shared windows in Redis, for several replicas behind a load balancer. */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: RedisLike,
    private readonly prefix = "rl:",
  ) {}
  async hit(key: string, windowMs: number, by = 1): Promise<number> {
    const tx = this.redis.multi();
    tx.incrby(`${this.prefix}${key}`, by);
    tx.pexpire(`${this.prefix}${key}`, windowMs, "NX");
    const results = await tx.exec();
    return Number(results?.[0]?.[1] ?? 1);
  }
}

export interface RateRule {
  limit: number;
  windowMs: number;
}

export const RATE_RULES = {
  registerPerIp: { limit: 10, windowMs: 60 * 60_000 },
  registerPerEmail: { limit: 5, windowMs: 60 * 60_000 },
  resetPerIp: { limit: 10, windowMs: 60 * 60_000 },
  resetPerEmail: { limit: 5, windowMs: 60 * 60_000 },
  anonymousAiPerIp: { limit: 300, windowMs: 60 * 60_000 },
  anonymousPerIp: { limit: 600, windowMs: 15 * 60_000 },
} satisfies Record<string, RateRule>;

/**
 * What one share link may ask of the AI, per kind of call (an interview turn, a transcription, a
 * spoken reply, an image analysis): `perMinute` in any minute and `burst` in any ten seconds, which
 * a person answering questions does not reach and a script hits at once (issue 12).
 */
export interface ParticipantAiRate {
  perMinute: number;
  burst: number;
}

export const DEFAULT_PARTICIPANT_AI_RATE: ParticipantAiRate = { perMinute: 6, burst: 3 };

/** The kinds of call a share link is rate-limited for; `upload` (an image added) costs storage, not AI. */
export type ParticipantAiKind = "turn" | "transcription" | "speech" | "image" | "upload";

export const TOO_FAST = "You're going a little fast. Please wait a moment and send again.";

export class RateLimiter {
  readonly participantAiRules: { minute: RateRule; burst: RateRule };

  constructor(
    private readonly store: RateLimitStore,
    private readonly scale = 1,
    participantAi: ParticipantAiRate = DEFAULT_PARTICIPANT_AI_RATE,
  ) {
    this.participantAiRules = {
      minute: { limit: participantAi.perMinute, windowMs: 60_000 },
      burst: { limit: participantAi.burst, windowMs: 10_000 },
    };
  }

  /** Adds `by` to `key`'s window without refusing (0 reads it); the limits are scaled as in `consume`. */
  count(key: string, rule: RateRule, by = 1): Promise<number> {
    return this.store.hit(key, rule.windowMs, by);
  }

  /** The rule's limit as this deployment scales it (RATE_LIMIT_SCALE). */
  limitOf(rule: RateRule): number {
    return rule.limit * this.scale;
  }

  /** Throws 429 once `key` has been hit more than the rule allows in its window. */
  async consume(
    key: string,
    rule: RateRule,
    message = "Too many requests. Please wait a few minutes and try again.",
  ): Promise<void> {
    const count = await this.store.hit(key, rule.windowMs);
    if (count > rule.limit * this.scale) throw new AppError("TOO_MANY_REQUESTS", message);
  }

  /** A participant's AI call: the link's rate for this kind of call, then the address's hourly cap. */
  async consumeParticipantAi(interviewId: number, kind: ParticipantAiKind, ip: string): Promise<void> {
    const key = `ai:link:${interviewId}:${kind}`;
    await this.consume(`${key}:burst`, this.participantAiRules.burst, TOO_FAST);
    await this.consume(`${key}:minute`, this.participantAiRules.minute, TOO_FAST);
    await this.consume(`ai:ip:${ip}`, RATE_RULES.anonymousAiPerIp);
  }
}
