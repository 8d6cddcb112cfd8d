/**
 * Issue 2 figure: GET /api/auth/user with a valid session under load, through the REST door and
 * through /trpc, against a bare Fastify route doing one SELECT. The reference for the target is the
 * same SELECT the session lookup runs, through the same database handle (so the difference is the
 * door: hooks, context, procedure, output check); for information, the same SELECT as a plain
 * pg.query (not prepared: the plainest bare route) and a two-column SELECT by id on raw pg. Prints req/s and p99 of each and the ratios (targets, issue 18:
 * REST ≥ 75% of the bare route and /trpc ≥ 60% of REST, in one run), and the server's CPU time per request.
 *   BENCH_ONLY=rest,trpc,bare npx tsx bench/auth-user.ts 4 3    the acceptance run
 *   BENCH_PROFILE=1 BENCH_ONLY=trpc ...                        --cpu-prof of the server into /tmp/prof
 * Needs PostgreSQL: BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres (a database is
 * created and dropped).
 *   npx tsx bench/auth-user.ts [seconds per run, 5] [rounds, 3]
 */
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
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

  const serverCpu = () =>
    new Promise<number>((resolve) => {
      child.once("message", (m) => {
        const { cpu } = m as { cpu: NodeJS.CpuUsage };
        resolve(cpu.user + cpu.system);
      });
      child.send("cpu");
    });
  const measure = async (target: string, headers: Record<string, string>, duration: number) => {
    const before = await serverCpu();
    const result = await autocannon({ url: target, headers, connections: 20, duration });
    const cpuUs = ((await serverCpu()) - before) / result.requests.total;
    if (result.non2xx > 0) throw new Error(`${target}: ${result.non2xx} non-2xx answers`);
    return { rps: result.requests.average, p99: result.latency.p99, cpuUs };
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

  const only = process.env.BENCH_ONLY; // e.g. "rest" or "rest,bare": some routes alone, for profiling
  const targets: Array<[string, string, string, Record<string, string>]> = [
    ["rest", "REST GET /api/auth/user", `http://127.0.0.1:${ports.app}/api/auth/user`, auth],
    ["trpc", "tRPC GET /trpc/auth.me", `http://127.0.0.1:${ports.app}/trpc/auth.me`, auth],
    ["bare", "bare Fastify, same SELECT", `http://127.0.0.1:${ports.bare}/session-user`, auth],
    ["bare-pg", "  same SELECT, plain pg.query", `http://127.0.0.1:${ports.bare}/session-user-pg`, auth],
    ["bare-min", "  2 columns by id, raw pg", `http://127.0.0.1:${ports.bare}/user/${user.id}`, {}],
  ].filter(([key]) => !only || only.split(",").includes(key as string)) as never;
  // A short warm-up of each route, then rounds that take the routes in turn, so a noisy moment on
  // this shared machine falls on all of them; each figure is the median of its rounds.
  for (const [, , target, headers] of targets) await measure(target, headers, 2);
  const samples = targets.map(() => [] as Array<{ rps: number; p99: number; cpuUs: number }>);
  for (let round = 0; round < rounds; round++) {
    for (const [i, [, , target, headers]] of targets.entries()) {
      samples[i]?.push(await measure(target, headers, seconds));
    }
  }
  const rows = targets.map(([, name], i) => ({
    name,
    rps: median(samples[i]?.map((s) => s.rps) ?? []),
    p99: median(samples[i]?.map((s) => s.p99) ?? []),
    cpuUs: median(samples[i]?.map((s) => s.cpuUs) ?? []),
  }));
  console.log(
    `\nGET current user, 20 connections, median of ${rounds} runs of ${seconds} s each, 2 cores shared with the load generator`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(28)} ${row.rps.toFixed(0).padStart(7)} req/s   p99 ${String(row.p99).padStart(3)} ms   server CPU ${row.cpuUs.toFixed(0).padStart(4)} µs/req`,
    );
  }
  const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
  const index = (key: string) => targets.findIndex(([k]) => k === key);
  const [rest, trpc, bare, barePg, bareMin] = ["rest", "trpc", "bare", "bare-pg", "bare-min"].map(
    (key) => rows[index(key)],
  );
  if (rest && bare) {
    console.log(`REST / bare (same SELECT): ${pct(rest.rps, bare.rps)} (target ≥ 75%)`);
    // The same ratio within each round (the two routes measured seconds apart): the machine's speed
    // drifts between rounds, so this is the steadier reading.
    const restSamples = samples[index("rest")] ?? [];
    const bareSamples = samples[index("bare")] ?? [];
    const perRound = restSamples.map((s, r) => s.rps / (bareSamples[r]?.rps ?? Number.NaN));
    const sorted = [...perRound].sort((a, b) => a - b);
    console.log(
      `REST / bare per round: median ${pct(median(perRound), 1)}, lowest ${pct(sorted[0] ?? 0, 1)}, highest ${pct(sorted.at(-1) ?? 0, 1)}`,
    );
  }
  if (trpc && rest) {
    console.log(`tRPC / REST: ${pct(trpc.rps, rest.rps)} (target ≥ 60%)`);
    const trpcSamples = samples[index("trpc")] ?? [];
    const restSamples = samples[index("rest")] ?? [];
    const perRound = trpcSamples.map((s, r) => s.rps / (restSamples[r]?.rps ?? Number.NaN));
    const sorted = [...perRound].sort((a, b) => a - b);
    console.log(
      `tRPC / REST per round: median ${pct(median(perRound), 1)}, lowest ${pct(sorted[0] ?? 0, 1)}, highest ${pct(sorted.at(-1) ?? 0, 1)}`,
    );
  }
  if (trpc && bare) console.log(`tRPC / bare (same SELECT): ${pct(trpc.rps, bare.rps)}`);
  if (rest && barePg) console.log(`REST / same SELECT as a plain pg.query: ${pct(rest.rps, barePg.rps)}`);
  if (rest && bareMin) console.log(`REST / 2 columns by id on raw pg: ${pct(rest.rps, bareMin.rps)}`);
} finally {
  child.kill();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
