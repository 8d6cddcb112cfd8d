/**
 * Issue 2 figure: GET /api/auth/user with a valid session under load, through the REST door and
 * through /trpc, against a bare Fastify route doing one SELECT: the same SELECT the session lookup
 * runs (the reference for the target), and a two-column SELECT by id (for information). Prints
 * req/s and p99 of each and the ratios (target: REST ≥ 75% of the bare route). Needs PostgreSQL: BENCH_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/postgres (a database is created and dropped).
 *   npx tsx bench/auth-user.ts [seconds]
 */
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const seconds = Number(process.argv[2] ?? 10);
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `parley_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(serverUrl);
url.pathname = `/${dbName}`;

const here = path.dirname(fileURLToPath(import.meta.url));
const child = fork(path.join(here, "auth-server.ts"), [], {
  execArgv: [
    "--import",
    "tsx",
    ...(process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] : []),
  ],
  env: { ...process.env, DATABASE_URL: url.toString() },
});
const ports = await new Promise<{ app: number; bare: number }>((resolve) =>
  child.once("message", resolve as never),
);

try {
  const register = await fetch(`http://127.0.0.1:${ports.app}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@example.com", password: "bench password 1" }),
  });
  const { token, user } = (await register.json()) as { token: string; user: { id: string } };
  const auth = { authorization: `Bearer ${token}` };

  const run = async (name: string, target: string, headers: Record<string, string>) => {
    // A short warm-up, then the measured run.
    await autocannon({ url: target, headers, connections: 20, duration: 2 });
    const result = await autocannon({ url: target, headers, connections: 20, duration: seconds });
    if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers`);
    return { name, rps: result.requests.average, p99: result.latency.p99 };
  };

  const only = process.env.BENCH_ONLY; // rest | trpc | bare: one route alone, for profiling
  const targets: Array<[string, string, string, Record<string, string>]> = [
    ["rest", "REST GET /api/auth/user", `http://127.0.0.1:${ports.app}/api/auth/user`, auth],
    ["trpc", "tRPC GET /trpc/auth.me", `http://127.0.0.1:${ports.app}/trpc/auth.me`, auth],
    ["bare", "bare Fastify, same SELECT", `http://127.0.0.1:${ports.bare}/session-user`, auth],
    ["bare-min", "bare Fastify, SELECT by id", `http://127.0.0.1:${ports.bare}/user/${user.id}`, {}],
  ];
  const rows = [];
  for (const [key, name, target, headers] of targets) {
    if (!only || only === key) rows.push(await run(name, target, headers));
  }
  console.log(
    `\nGET current user, 20 connections, ${seconds} s each, 2 cores shared with the load generator`,
  );
  for (const row of rows) {
    console.log(`${row.name.padEnd(28)} ${row.rps.toFixed(0).padStart(7)} req/s   p99 ${row.p99} ms`);
  }
  const [rest, trpc, bare, bareMin] = rows;
  if (!only && rest && trpc && bare && bareMin) {
    const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
    console.log(`REST / bare (same SELECT): ${pct(rest.rps, bare.rps)} (target ≥ 75%)`);
    console.log(`tRPC / bare (same SELECT): ${pct(trpc.rps, bare.rps)}`);
    console.log(`REST / bare (SELECT by id): ${pct(rest.rps, bareMin.rps)}`);
  }
} finally {
  child.kill();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
