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

  /** `now` is the clock (tests play an interview's minutes on their own). */
  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number, by = 1): Promise<number> {
    const now = this.now();
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
 * spoken sentence, an image analysis, an upload): `perMinute` in any minute and `burst` in any ten
 * seconds, for a kind the participant's answer makes once; `CALLS_PER_ANSWER` scales them for a
 * kind it makes several times. A script is held to them; a person never reaches them (issue 24).
 */
export interface ParticipantAiRate {
  perMinute: number;
  burst: number;
}

/** The kinds of call a share link is rate-limited for; `upload` (an image added) costs storage, not AI. */
export type ParticipantAiKind = "turn" | "transcription" | "speech" | "image" | "upload";

/**
 * The quickest a person answers: every 4 seconds, for a whole interview (issue 24: at 3 in any 10
 * seconds and 6 a minute, 12 of 357 turns of people answering every 5 to 15 s were refused).
 */
export const FASTEST_ANSWER_MS = 4_000;

/**
 * Calls of each kind an answer makes at most: a voice answer is transcribed once and answered once,
 * and the reply is spoken sentence by sentence (a question is one to three sentences; the read-back,
 * once an interview, is up to seven, which the burst absorbs).
 */
export const CALLS_PER_ANSWER: Record<ParticipantAiKind, number> = {
  turn: 1,
  transcription: 1,
  speech: 3,
  image: 1,
  upload: 1,
};

/**
 * Twice what answering every 4 s takes (at most 3 answers in any 10 s, 15 in any minute), so
 * jitter, a retried request or a double send is never refused either. What a link can spend in
 * all is bounded by the interview's ceilings (calls and tokens) and the address's hourly limit.
 */
export const DEFAULT_PARTICIPANT_AI_RATE: ParticipantAiRate = {
  burst: 2 * Math.ceil(10_000 / FASTEST_ANSWER_MS),
  perMinute: 2 * (60_000 / FASTEST_ANSWER_MS),
};

export const TOO_FAST = "You're going a little fast. Please wait a moment and send again.";

export class RateLimiter {
  readonly participantAiRules: Record<ParticipantAiKind, { minute: RateRule; burst: RateRule }>;

  constructor(
    private readonly store: RateLimitStore,
    private readonly scale = 1,
    participantAi: ParticipantAiRate = DEFAULT_PARTICIPANT_AI_RATE,
  ) {
    const rules = (calls: number) => ({
      minute: { limit: participantAi.perMinute * calls, windowMs: 60_000 },
      burst: { limit: participantAi.burst * calls, windowMs: 10_000 },
    });
    this.participantAiRules = {
      turn: rules(CALLS_PER_ANSWER.turn),
      transcription: rules(CALLS_PER_ANSWER.transcription),
      speech: rules(CALLS_PER_ANSWER.speech),
      image: rules(CALLS_PER_ANSWER.image),
      upload: rules(CALLS_PER_ANSWER.upload),
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
    const rules = this.participantAiRules[kind];
    await this.consume(`${key}:burst`, rules.burst, TOO_FAST);
    await this.consume(`${key}:minute`, rules.minute, TOO_FAST);
    await this.consume(`ai:ip:${ip}`, RATE_RULES.anonymousAiPerIp);
  }
}
