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
  constructor(private readonly redis: RedisLike) {}
  async hit(key: string, windowMs: number, by = 1): Promise<number> {
    const tx = this.redis.multi();
    tx.incrby(`rl:${key}`, by);
    tx.pexpire(`rl:${key}`, windowMs, "NX");
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
  anonymousAiPerLink: { limit: 120, windowMs: 60 * 60_000 },
  anonymousAiPerIp: { limit: 300, windowMs: 60 * 60_000 },
  anonymousPerIp: { limit: 600, windowMs: 15 * 60_000 },
} satisfies Record<string, RateRule>;

export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly scale = 1,
  ) {}

  /** Adds `by` to `key`'s window without refusing (0 reads it); the limits are scaled as in `consume`. */
  count(key: string, rule: RateRule, by = 1): Promise<number> {
    return this.store.hit(key, rule.windowMs, by);
  }

  /** The rule's limit as this deployment scales it (RATE_LIMIT_SCALE). */
  limitOf(rule: RateRule): number {
    return rule.limit * this.scale;
  }

  /** Throws 429 once `key` has been hit more than the rule allows in its window. */
  async consume(key: string, rule: RateRule): Promise<void> {
    const count = await this.store.hit(key, rule.windowMs);
    if (count > rule.limit * this.scale) {
      throw new AppError("TOO_MANY_REQUESTS", "Too many requests. Please wait a few minutes and try again.");
    }
  }
}
