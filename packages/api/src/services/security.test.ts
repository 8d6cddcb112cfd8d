import { describe, expect, it } from "vitest";
import { hashPassword, isCommonPassword, verifyPassword } from "./passwords";
import { MemoryRateLimitStore, RateLimiter } from "./rate-limit";
import { generateToken, hashToken } from "./tokens";

describe("passwords", () => {
  it("hashes with argon2id and verifies only the right password", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "correct horse battery")).toBe(true);
    expect(await verifyPassword(hash, "Correct horse battery")).toBe(false);
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
  });

  it("knows common passwords regardless of case", () => {
    expect(isCommonPassword("Password123")).toBe(true);
    expect(isCommonPassword("violet tapestry 42")).toBe(false);
  });
});

describe("tokens", () => {
  it("are 256-bit, distinct, and stored only as a SHA-256", () => {
    const a = generateToken();
    const b = generateToken();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[a-z2-7]{52}$/);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).toBe(hashToken(a));
    expect(hashToken(a)).not.toBe(hashToken(b));
  });
});

describe("RateLimiter", () => {
  it("lets the limit through, refuses the next hit with 429, and scales", async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore());
    const rule = { limit: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i += 1) await limiter.consume("k", rule);
    await expect(limiter.consume("k", rule)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    await limiter.consume("other", rule);

    const relaxed = new RateLimiter(new MemoryRateLimitStore(), 2);
    for (let i = 0; i < 6; i += 1) await relaxed.consume("k", rule);
    await expect(relaxed.consume("k", rule)).rejects.toThrow(/Too many requests/);
  });

  it("opens a new window once the old one has passed", async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore());
    const rule = { limit: 1, windowMs: 20 };
    await limiter.consume("k", rule);
    await expect(limiter.consume("k", rule)).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await limiter.consume("k", rule);
  });
});
