// Job workers alone, without the HTTP server (`pnpm worker`): for operators who run the API with
// JOB_WORKERS=off and the workers in processes of their own. Same configuration as the API.
import path from "node:path";
import { createDb } from "@parley/db/client";
import { loadEnv } from "./env";
import { createServices } from "./services";

const env = loadEnv();
const handle = await createDb({
  databaseUrl: env.DATABASE_URL,
  dataDir: path.join(env.DATA_DIR, "pglite"),
  pooling: env.DATABASE_POOLING,
  poolSize: 4,
});
const log = (level: string) => (object: unknown, message?: string) =>
  console.log(JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...(object as object) }));
const services = createServices(env, handle.db, {
  info: log("info"),
  warn: log("warn"),
  error: log("error"),
});
await services.jobs.start(services, { workers: true });
console.log(`Parley job workers running (database: ${handle.kind})`);

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await services.close();
  await handle.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
