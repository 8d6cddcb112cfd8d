import path from "node:path";
import { createAiEngine } from "@parley/ai/engine";
import {
  createMailer,
  DEFAULT_PARTICIPANT_AI_RATE,
  type Logger,
  MemoryRateLimitStore,
  RateLimiter,
  RedisRateLimitStore,
  type Services,
} from "@parley/api";
import { createJobEngine, type JobEngine } from "@parley/api/jobs";
import { dueUsageAlerts } from "@parley/billing/alerts";
import { createBillingService } from "@parley/billing/service";
import type { Db } from "@parley/db/client";
import { Redis } from "ioredis";
import nodemailer from "nodemailer";
import type { Env } from "./env";

/** Builds the long-lived services from configuration (shared by main and the tests). */
/** Sent as the API key to an OpenAI-compatible server that asks for none. */
const KEYLESS = "keyless";

export function createServices(
  env: Env,
  db: Db,
  logger: Logger,
  options: { jobPollingSeconds?: number } = {},
): Services & { jobs: JobEngine; close(): Promise<void> } {
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, {
        lazyConnect: false,
        ...(env.REDIS_KEY_PREFIX ? { keyPrefix: env.REDIS_KEY_PREFIX } : {}),
      })
    : undefined;
  const store = redis ? new RedisRateLimitStore(redis) : new MemoryRateLimitStore();
  const mailer = createMailer({
    db,
    transport: env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : undefined,
    from: env.MAIL_FROM,
    log: (line) => logger.info(line),
    outboxDir: env.SMTP_URL ? undefined : path.join(env.DATA_DIR, "outbox"),
  });
  // A keyless OpenAI-compatible server (Ollama, vLLM) needs only its address; the SDK still wants a
  // key to send, which such servers ignore.
  const openaiKey = env.OPENAI_API_KEY ?? (env.OPENAI_BASE_URL ? KEYLESS : undefined);
  const jobs = createJobEngine({ db, logger, pollingIntervalSeconds: options.jobPollingSeconds });
  // Email asked for by a request goes out as a job, after the request has answered.
  mailer.enqueue = async (email) => {
    await jobs.enqueue("email.send", email);
  };
  return {
    db,
    logger,
    config: {
      appOrigin: env.appOrigin,
      oidcEnabled: Boolean(env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID),
      supportEmail: env.SUPPORT_EMAIL,
    },
    rateLimiter: new RateLimiter(store, env.RATE_LIMIT_SCALE, {
      perMinute: env.PARTICIPANT_AI_PER_MINUTE ?? DEFAULT_PARTICIPANT_AI_RATE.perMinute,
      burst: env.PARTICIPANT_AI_BURST ?? DEFAULT_PARTICIPANT_AI_RATE.burst,
    }),
    mailer,
    ai: createAiEngine({
      db,
      openaiApiKey: openaiKey,
      openaiBaseUrl: env.OPENAI_BASE_URL,
      defaultModel: env.AI_MODEL,
      speech: {
        transcriptionModel: env.OPENAI_TRANSCRIPTION_MODEL,
        speechModel: env.OPENAI_SPEECH_MODEL,
        voice: env.OPENAI_SPEECH_VOICE,
      },
      timeoutMs: env.OPENAI_TIMEOUT_MS,
      interviewCeiling: { calls: env.INTERVIEW_AI_CALL_LIMIT, tokens: env.INTERVIEW_AI_TOKEN_LIMIT },
      // Usage alerts at 80% and 100%, once per period, by email.
      afterUsage: async (userId) => {
        for (const email of await dueUsageAlerts(db, userId)) await mailer.enqueue(email);
      },
    }),
    billing: createBillingService({
      db,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
      stripeApiBase: env.STRIPE_API_BASE,
    }),
    jobs,
    async close() {
      await jobs.stop();
      await redis?.quit();
    },
  };
}
