import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { redactUrl } from "./request";

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

describe("APP_ORIGIN", () => {
  it("is required when NODE_ENV=production, with a message that names it", () => {
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(
      /APP_ORIGIN is required when NODE_ENV=production/,
    );
    expect(loadEnv({ NODE_ENV: "production", APP_ORIGIN: "https://parley.example.com/" }).appOrigin).toBe(
      "https://parley.example.com",
    );
  });

  it("defaults to http://localhost:PORT in development, never to a request's Host", () => {
    expect(loadEnv({}).appOrigin).toBe("http://localhost:3000");
    expect(loadEnv({ PORT: "5210" }).appOrigin).toBe("http://localhost:5210");
    expect(() => loadEnv({ APP_ORIGIN: "parley" })).toThrow(/APP_ORIGIN/);
  });
});

describe("TRUST_PROXY", () => {
  it("takes a hop count or a list of proxy addresses; true means one hop, never every hop", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.5" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.5",
    ]);
    expect(() => loadEnv({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
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
