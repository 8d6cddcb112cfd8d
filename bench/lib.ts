import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A fresh database on the benchmark's PostgreSQL server, dropped by `drop`. */
export async function benchDatabase(tag: string) {
  const name = `parley_bench_${tag}_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A Parley server in a child process; `env` adds configuration (DATABASE_URL, OPENAI_*…). */
export async function startServer(env: Record<string, string>) {
  const child = fork(path.join(here, "server.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, RATE_LIMIT_SCALE: "100000", ...env },
  });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.once("message", resolve as never);
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill();
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** req/s and p99 latency of one URL under 20 connections, after a short warm-up. */
export async function load(url: string, headers: Record<string, string> = {}, seconds = 8) {
  await autocannon({ url, headers, connections: 20, duration: 2 });
  const result = await autocannon({ url, headers, connections: 20, duration: seconds });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** Times `fn` sequentially `n` times; answers p50/p95/p99 in ms. */
export async function timeIt(n: number, fn: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

export async function register(baseUrl: string, email: string) {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench passphrase 1" }),
  });
  const body = (await res.json()) as { token: string; user: { id: string } };
  return {
    token: body.token,
    userId: body.user.id,
    headers: { authorization: `Bearer ${body.token}`, "content-type": "application/json" },
  };
}

/** Gives a bench owner Pro limits, so the free plan's call limit does not stop the run. */
export async function makePro(dbUrl: string, userId: string) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  await client.query(
    "update users set subscription_tier = 'pro', monthly_api_limit = 1000000 where id = $1",
    [userId],
  );
  await client.end();
}

/** A project of the owner signed in by `headers`, with one interview (`fields` add to its name). */
export async function projectWithInterview(
  baseUrl: string,
  headers: Record<string, string>,
  fields: Record<string, unknown> = {},
) {
  const project = (await (
    await fetch(`${baseUrl}/api/projects`, {
      method: "POST",
      headers,
      body: JSON.stringify({ title: "Bench" }),
    })
  ).json()) as { id: number };
  const interview = await (
    await fetch(`${baseUrl}/api/interviews`, {
      method: "POST",
      headers,
      body: JSON.stringify({ projectId: project.id, ...fields }),
    })
  ).json();
  return interview as { id: number; shareLink: string };
}

/** A new owner on Pro (`email`) with a project and one interview (`fields` add to it). */
export async function proOwnerWithInterview(
  baseUrl: string,
  dbUrl: string,
  email: string,
  fields: Record<string, unknown> = {},
) {
  const owner = await register(baseUrl, email);
  await makePro(dbUrl, owner.userId);
  const interview = await projectWithInterview(baseUrl, owner.headers, fields);
  return { owner, interview };
}

/** Debian's headless Chromium with the flags every browser figure uses; `args` adds to them. */
export const launchChromium = (args: string[] = []) =>
  chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", ...args],
  });

export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
