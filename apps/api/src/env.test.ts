import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { redactUrl } from "./server";

describe("loadEnv", () => {
  it("runs on nothing: port 3000, embedded database, offline AI and billing", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.DATA_DIR).toMatch(/data$/);
  });

  it("treats blank values as unset", () => {
    expect(loadEnv({ OPENAI_API_KEY: "  ", DATABASE_URL: "" }).OPENAI_API_KEY).toBeUndefined();
  });

  it("refuses a bad value with the variable's name", () => {
    expect(() => loadEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });
});

describe("redactUrl", () => {
  it("keeps reset tokens and share links out of request logs", () => {
    expect(redactUrl("/reset-password?token=abc123")).toBe("/reset-password");
    expect(redactUrl("/interview/s3cr3tLink")).toBe("/interview/[link]");
    expect(redactUrl("/api/interviews/share/s3cr3tLink")).toBe("/api/interviews/share/[link]");
    expect(redactUrl("/api/projects/4")).toBe("/api/projects/4");
  });
});
