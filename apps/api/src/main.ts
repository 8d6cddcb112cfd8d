import path from "node:path";
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

// Month-end overage charges that have not reached Stripe yet (offline billing: nothing to send).
const OVERAGE_RUN_MS = 15 * 60 * 1000;
const overageTimer = setInterval(() => {
  services.billing
    .chargePendingOverages()
    .catch((error) => app?.log.warn({ err: error }, "overage run failed"));
}, OVERAGE_RUN_MS);
overageTimer.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app?.log.info(`${signal} received: draining requests`);
  clearInterval(overageTimer);
  await app?.close();
  await services.close();
  await handle.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(
  `Parley is running at http://localhost:${env.PORT} (database: ${handle.kind}, AI: ${services.ai.provider}, billing: ${services.billing.mode})`,
);
