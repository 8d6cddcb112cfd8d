/**
 * Issue 7 figures: GET /api/admin/users (a page of 50, the whole list, a search) and GET /api/admin/stats with
 * 10,000 users and 1,000,000 usage events on PostgreSQL: p50/p99 latency of sequential requests.
 * Issue 13: GET /api/admin/stats before the daily usage rollup (every event of the month counted on
 * request) and after it (the usage-rollup job's rows plus today's events). Events are spread over
 * the 50 days before now (the first version also put some in the future, which no meter writes).
 *   npx tsx bench/admin-scale.ts
 */
import { createDb } from "@parley/db/client";
import { rollUpUsageDays } from "@parley/db/queries/usage-rollup";
import pg from "pg";
import { benchDatabase, fmt, register, startServer, timeIt } from "./lib";

const db = await benchDatabase("admin");
const server = await startServer({
  DATABASE_URL: db.url,
  ADMIN_EMAIL: "bench-admin@example.com",
  ADMIN_PASSWORD: "bench admin passphrase",
  // The rollup runs below, by hand, between the two measurements.
  JOB_WORKERS: "off",
});
try {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const started = Date.now();
  await client.query(`
    insert into users (id, email, first_name, last_name, subscription_tier, subscription_status, monthly_api_usage, monthly_api_cost, created_at)
    select gen_random_uuid()::text, 'user' || g || '@example.com', 'First' || g, 'Last' || g,
      (array['free','basic','pro'])[1 + g % 3], (array['active','active','canceled','inactive'])[1 + g % 4],
      g % 500, (g % 900)::float, now() - (g || ' minutes')::interval
    from generate_series(1, 10000) g`);
  await client.query(`
    insert into usage_events (user_id, component, model, operation, input_tokens, output_tokens, cost_cents, created_at)
    select ids.a[1 + g % 10000], 'interview_agent', 'gpt-4o', 'interview_turn', 500, 60, 0.2,
      now() - (g % (50 * 24 * 60)) * interval '1 minute'
    from generate_series(1, 1000000) g, (select array_agg(id) as a from users) ids`);
  await client.query("analyze");
  await client.end();
  console.log(
    `seeded 10,000 users and 1,000,000 usage events in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  await register(server.url, "warmup@example.com");
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench-admin@example.com", password: "bench admin passphrase" }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const get = (path: string) =>
    fetch(`${server.url}${path}`, { headers }).then(async (r) => {
      if (!r.ok) throw new Error(`${path}: ${r.status}`);
      return r.text();
    });
  for (const [name, path, runs] of [
    ["GET /api/admin/users?limit=50 (a page)", "/api/admin/users?limit=50", 100],
    ["GET /api/admin/users (all 10,001)", "/api/admin/users", 20],
    ["GET /api/admin/users?search=first777", "/api/admin/users?search=first777", 100],
    ["GET /api/admin/stats (no rollup yet)", "/api/admin/stats", 50],
  ] as const) {
    await get(path);
    const t = await timeIt(runs, () => get(path));
    console.log(`${name.padEnd(40)} p50 ${fmt(t.p50)}   p99 ${fmt(t.p99)}`);
  }
  const before = await get("/api/admin/stats");
  const handle = await createDb({ databaseUrl: db.url, migrate: false, poolSize: 1 });
  const rollupStarted = performance.now();
  const { days } = await rollUpUsageDays(handle.db);
  console.log(`usage rollup job's query: ${days} days in ${fmt(performance.now() - rollupStarted)}`);
  await handle.close();
  const after = await get("/api/admin/stats");
  const calls = (text: string) => {
    const stats = JSON.parse(text) as { apiCallsToday: number; apiCallsThisMonth: number };
    return `${stats.apiCallsToday} today, ${stats.apiCallsThisMonth} this month`;
  };
  if (calls(after) !== calls(before)) throw new Error(`stats differ: ${calls(before)} vs ${calls(after)}`);
  console.log(`same figures before and after the rollup: ${calls(after)}`);
  await get("/api/admin/stats");
  const t = await timeIt(100, () => get("/api/admin/stats"));
  console.log(
    `${"GET /api/admin/stats (after the rollup)".padEnd(40)} p50 ${fmt(t.p50)}   p99 ${fmt(t.p99)}`,
  );
} finally {
  await server.stop();
  await db.drop();
}
