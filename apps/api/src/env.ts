import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const optional = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const ZEnv = z.object({
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
  TRUST_PROXY: z.stringbool().default(false),
  WEB_DIST: z.string().default(path.join(repoRoot, "apps/web/dist")),
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default("Parley <no-reply@parley.local>"),
  SUPPORT_EMAIL: z.string().default("support@parley.app"),
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optional,
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
});

export type Env = z.infer<typeof ZEnv>;

/** The one place environment variables are read. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}
