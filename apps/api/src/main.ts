import path from "node:path";
import { warmInterviewer } from "@parley/ai/interview/turn";
import { ensureAdmin } from "@parley/api";
import { createDb } from "@parley/db/client";
import { loadEnv } from "./env";
import { extraRoutes } from "./routes";
import { buildServer } from "./server";
import { createServices } from "./services";

const env = loadEnv();
const handle = await createDb({
  databaseUrl: env.DATABASE_URL,
  dataDir: path.join(env.DATA_DIR, "pglite"),
  pooling: env.DATABASE_POOLING,
});
let app: Awaited<ReturnType<typeof buildServer>> | undefined;
const services = createServices(env, handle.db, {
  info: (o, m) => app?.log.info(o, m),
  warn: (o, m) => app?.log.warn(o, m),
  error: (o, m) => app?.log.error(o, m),
});
app = await buildServer({
  services,
  webDist: env.WEB_DIST,
  logLevel: env.LOG_LEVEL,
  trustProxy: env.TRUST_PROXY,
  plugins: extraRoutes(services, env),
});

if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
  await ensureAdmin(handle.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  app.log.info(`Admin account ensured for ${env.ADMIN_EMAIL}`);
}

// Job workers (emails, month-end close and overage posting, usage rollup) run in every API process
// unless JOB_WORKERS=off (then `pnpm worker` runs them).
await services.jobs.start(services, { workers: env.JOB_WORKERS === "on" });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app?.log.info(`${signal} received: draining requests`);
  await app?.close();
  await services.close(); // stops the job workers: a running job finishes or is retried elsewhere
  await handle.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

// The interviewer's language models load now, not on the first participant's way to a reply.
await warmInterviewer();
await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(
  `Parley is running at http://localhost:${env.PORT} (database: ${handle.kind}${env.DATABASE_POOLING === "transaction" ? " via a transaction pooler" : ""}, AI: ${services.ai.provider}, billing: ${services.billing.mode}, job workers: ${env.JOB_WORKERS})`,
);
