/**
 * Issue 4 figures: GET /api/projects and GET /api/projects/{id}/interviews for an owner with
 * 20 projects × 10 interviews, req/s and p99 through REST and /trpc on PostgreSQL; and the
 * first-load JavaScript of /projects (gzip) in headless Chromium.   npx tsx bench/workspace-list.ts
 */
import { gzipSync } from "node:zlib";
import pg from "pg";
import { benchDatabase, launchChromium, load, register, startServer } from "./lib";

const db = await benchDatabase("workspace");
const server = await startServer({ DATABASE_URL: db.url });
try {
  const owner = await register(server.url, "lists@example.com");
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query("update users set subscription_tier = 'pro' where id = $1", [owner.userId]);
  const { rows } = await client.query(
    `insert into projects (user_id, title, objective, target_audience)
     select $1, 'Project ' || g, 'Objective ' || g, 'Audience ' || g from generate_series(1, 20) g returning id`,
    [owner.userId],
  );
  await client.query(
    `insert into interviews (project_id, name, stakeholder_type, share_link)
     select p.id, 'Interview ' || g, 'user', md5(random()::text || p.id || g) from projects p, generate_series(1, 10) g where p.user_id = $1`,
    [owner.userId],
  );
  await client.end();
  const projectId = rows[0].id as number;
  const auth = { authorization: owner.headers.authorization };
  const results = [
    ["REST GET /api/projects", await load(`${server.url}/api/projects`, auth)],
    ["tRPC projects.list", await load(`${server.url}/trpc/projects.list`, auth)],
    [
      "REST GET /api/projects/{id}/interviews",
      await load(`${server.url}/api/projects/${projectId}/interviews`, auth),
    ],
    [
      "tRPC interviews.listByProject",
      await load(
        `${server.url}/trpc/interviews.listByProject?input=${encodeURIComponent(JSON.stringify({ projectId }))}`,
        auth,
      ),
    ],
  ] as const;
  console.log("Owner with 20 projects × 10 interviews, 20 connections, 8 s each, PostgreSQL:");
  for (const [name, r] of results)
    console.log(`  ${name.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} req/s   p99 ${r.p99} ms`);

  // First-load JS of /projects: every script the page loads, gzipped.
  const browser = await launchChromium(["--disable-component-update"]);
  const context = await browser.newContext();
  // Signed in from the first request: the token is in local storage before the page runs.
  await context.addInitScript((token) => localStorage.setItem("auth_token", token), owner.token);
  const page = await context.newPage();
  const scripts: Buffer[] = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() === "script")
      scripts.push(await res.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(`${server.url}/projects`, { waitUntil: "networkidle" });
  await browser.close();
  const raw = scripts.reduce((n, b) => n + b.length, 0);
  const gzip = scripts.reduce((n, b) => n + gzipSync(b).length, 0);
  console.log(
    `First-load JS of /projects: ${scripts.length} files, ${(raw / 1024).toFixed(0)} KB raw, ${(gzip / 1024).toFixed(0)} KB gzip`,
  );
} finally {
  await server.stop();
  await db.drop();
}
