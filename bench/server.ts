// A Parley server in its own process (so load generators do not share its event loop), started by
// bench/lib.ts with the environment it is given. Reports its port to the parent.

import { warmInterviewer } from "@parley/ai/interview/turn";
import { ensureAdmin } from "@parley/api";
import { createDb } from "@parley/db/client";
import { loadEnv } from "../apps/api/src/env";
import { extraRoutes } from "../apps/api/src/routes";
import { buildServer } from "../apps/api/src/server";
import { createServices } from "../apps/api/src/services";

const env = loadEnv({ ...process.env, LOG_LEVEL: "silent" });
const handle = await createDb({
  databaseUrl: env.DATABASE_URL,
  dataDir: `${env.DATA_DIR}/pglite`,
  poolSize: 10,
});
if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) await ensureAdmin(handle.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
const quiet = { info() {}, warn() {}, error() {} };
const services = createServices(env, handle.db, quiet);
// As in apps/api/src/main.ts: the job queue (and, unless JOB_WORKERS=off, its workers).
await services.jobs.start(services, { workers: env.JOB_WORKERS === "on" });
const app = await buildServer({
  services,
  logLevel: "silent",
  webDist: env.WEB_DIST,
  plugins: extraRoutes(services, env),
});
// The interviewer's language models load now, not on the first participant's way to a reply.
await warmInterviewer();
await app.listen({ port: 0, host: "127.0.0.1" });
process.send?.({ port: (app.server.address() as { port: number }).port });
process.on("SIGTERM", () => process.exit(0));
