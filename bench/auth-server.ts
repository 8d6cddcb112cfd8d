// Child process of bench/auth-user.ts: the full Parley server and a bare Fastify route doing one
// SELECT, both on the same PostgreSQL database, so they are measured under the same conditions.
import { createHash } from "node:crypto";
import { createDb, prepareOnce } from "@parley/db/client";
import Fastify from "fastify";
import { CompiledQuery } from "kysely";
import pg from "pg";
import { loadEnv } from "../apps/api/src/env";
import { buildServer } from "../apps/api/src/server";
import { createServices } from "../apps/api/src/services";

const env = loadEnv({ ...process.env, LOG_LEVEL: "silent", RATE_LIMIT_SCALE: "100000" });
const handle = await createDb({ databaseUrl: env.DATABASE_URL, poolSize: 10 });
const quiet = { info() {}, warn() {}, error() {} };
const app = await buildServer({ services: createServices(env, handle.db, quiet), logLevel: "silent" });
await app.listen({ port: 0, host: "127.0.0.1" });

const bare = Fastify({ logger: false });
// Its own pg pool, no Kysely, for the two raw routes below.
const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 });
// The same single SELECT the session lookup runs (session → user → budget), answered as JSON.
const sessionUserSql = `
  select users.id, users.email, users.first_name, users.last_name, users.profile_image_url,
    users.is_admin, users.subscription_tier, users.subscription_status, users.stripe_customer_id,
    users.stripe_subscription_id, users.monthly_api_usage, users.monthly_api_limit,
    users.monthly_api_cost, users.usage_reset_date, users.created_at, users.updated_at,
    coalesce(budgets.monthly_budget, 0) as monthly_budget, sessions.expires_at
  from users
  left join budgets on budgets.user_id = users.id
  inner join sessions on sessions.user_id = users.id
  where sessions.id = $1`;
const sessionId = (req: { headers: { authorization?: string } }) =>
  createHash("sha256")
    .update((req.headers.authorization ?? "").slice("Bearer ".length))
    .digest("hex");
// Through Parley's database handle (Kysely on the same pool), prepared the same way: the route the
// REST door is measured against, so the difference is the door itself (hooks, context, procedure).
prepareOnce(sessionUserSql);
bare.get("/session-user", async (req) => {
  const { rows } = await handle.db.executeQuery(CompiledQuery.raw(sessionUserSql, [sessionId(req)]));
  return rows[0] ?? null;
});
// The plainest route: straight on pg, no Kysely, the query sent as it is (planned on every call).
bare.get("/session-user-pg", async (req) => {
  const { rows } = await pool.query(sessionUserSql, [sessionId(req)]);
  return rows[0] ?? null;
});
bare.get("/user/:id", async (req) => {
  const { id } = req.params as { id: string };
  const { rows } = await pool.query("select id, email from users where id = $1", [id]);
  return rows[0] ?? null;
});
await bare.listen({ port: 0, host: "127.0.0.1" });

const port = (server: typeof app) => (server.server.address() as { port: number }).port;
process.send?.({ app: port(app), bare: port(bare) });
process.on("SIGTERM", () => process.exit(0));
// CPU time this process has used, so the bench can print CPU per request beside req/s.
process.on("message", (message) => {
  if (message === "cpu") process.send?.({ cpu: process.cpuUsage() });
});
