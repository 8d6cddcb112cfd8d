import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const optional = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/**
 * Which proxies' X-Forwarded-For to believe: a hop count ("1" behind one proxy) or a list of proxy
 * addresses or CIDRs. "true" means one hop: trusting every hop would make the client-written leftmost
 * entry the client's address, and every per-address limit could be walked around.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .default("false")
  .transform((value, context): false | number | string[] => {
    const lower = value.toLowerCase();
    if (lower === "" || lower === "false" || lower === "0") return false;
    if (lower === "true") return 1;
    if (/^\d+$/.test(lower)) return Number(lower);
    const list = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (list.every((entry) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry) || entry === "loopback")) return list;
    context.addIssue({ code: "custom", message: "expected a hop count or a list of proxy addresses/CIDRs" });
    return z.NEVER;
  });

const ZEnv = z.object({
  NODE_ENV: optional,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: optional,
  /** "transaction" when DATABASE_URL is a transaction pooler (PgBouncer): no named prepared statements. */
  DATABASE_POOLING: z.enum(["direct", "transaction"]).default("direct"),
  /** Job workers in this process: "on" (default) or "off" for API-only replicas (`pnpm worker` runs them). */
  JOB_WORKERS: z.enum(["on", "off"]).default("on"),
  DATA_DIR: z.string().default(path.join(repoRoot, "data")),
  APP_ORIGIN: optional,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: ZTrustProxy,
  WEB_DIST: z.string().default(path.join(repoRoot, "apps/web/dist")),
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default("Parley <no-reply@parley.local>"),
  SUPPORT_EMAIL: z.string().default("support@parley.app"),
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optional,
  /** One model for every component an admin has not configured (Ollama, vLLM: the model they serve). */
  AI_MODEL: optional,
  /** Speech models and voice, for an OpenAI-compatible speech server (a local whisper server, say). */
  OPENAI_TRANSCRIPTION_MODEL: optional,
  OPENAI_SPEECH_MODEL: optional,
  OPENAI_SPEECH_VOICE: optional,
  OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  /** http://127.0.0.1:PORT to point the Stripe SDK at a local fake (tests). */
  STRIPE_API_BASE: optional,
  OIDC_ISSUER_URL: optional,
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  REDIS_URL: optional,
  /** Put before every Redis key, for several deployments (or test runs) sharing one Redis. */
  REDIS_KEY_PREFIX: optional,
  /** Multiplies every rate limit (tests and benchmarks raise it). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /**
   * AI calls one share link may make per kind of call, in any minute and in any ten seconds (spoken
   * sentences three times as many). Unset: twice what a person answering every 4 s needs (30, 6).
   */
  PARTICIPANT_AI_PER_MINUTE: z.coerce.number().int().positive().optional(),
  PARTICIPANT_AI_BURST: z.coerce.number().int().positive().optional(),
  /** The most AI calls and tokens one interview may use, whoever makes them. */
  INTERVIEW_AI_CALL_LIMIT: z.coerce.number().int().positive().default(200),
  INTERVIEW_AI_TOKEN_LIMIT: z.coerce.number().int().positive().default(600_000),
});

export type Env = z.infer<typeof ZEnv> & {
  /** Where emailed links point: APP_ORIGIN, else http://localhost:PORT (never the request's Host). */
  appOrigin: string;
};

/** The one place environment variables are read. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && !env.APP_ORIGIN) {
    throw new Error(
      "Invalid configuration: APP_ORIGIN is required when NODE_ENV=production (the public origin of the app, " +
        "e.g. https://parley.example.com): emailed links are never built from request headers.",
    );
  }
  let appOrigin = `http://localhost:${env.PORT}`;
  if (env.APP_ORIGIN) {
    try {
      appOrigin = new URL(env.APP_ORIGIN).origin;
    } catch {
      throw new Error(
        "Invalid configuration: APP_ORIGIN: expected an origin such as https://parley.example.com",
      );
    }
  }
  return { ...env, appOrigin };
}
