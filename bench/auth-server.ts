// Child process of bench/auth-user.ts: the full Parley server and a bare Fastify route doing one
// SELECT, both on the same PostgreSQL database, so they are measured under the same conditions.
import { createDb } from "@parley/db/client";
import Fastify from "fastify";
import { sql } from "kysely";
import { loadEnv } from "../apps/api/src/env";
import { buildServer } from "../apps/api/src/server";
import { createServices } from "../apps/api/src/services";

const env = loadEnv({ ...process.env, LOG_LEVEL: "silent", RATE_LIMIT_SCALE: "100000" });
const handle = await createDb({ databaseUrl: env.DATABASE_URL, poolSize: 10 });
const quiet = { info() {}, warn() {}, error() {} };
const app = await buildServer({ services: createServices(env, handle.db, quiet), logLevel: "silent" });
await app.listen({ port: 0, host: "127.0.0.1" });

const bare = Fastify({ logger: false });
bare.get("/user/:id", async (req) => {
  const { id } = req.params as { id: string };
  const { rows } = await sql<{
    id: string;
    email: string;
  }>`select id, email from users where id = ${id}`.execute(handle.db);
  return rows[0] ?? null;
});
await bare.listen({ port: 0, host: "127.0.0.1" });

const port = (server: typeof app) => (server.server.address() as { port: number }).port;
process.send?.({ app: port(app), bare: port(bare) });
process.on("SIGTERM", () => process.exit(0));
