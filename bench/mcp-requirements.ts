/**
 * Issue 25 figure: one MCP `get_requirements` call (a real SDK client over Streamable HTTP, with a
 * personal access token) for a project with 20 interviews and 200 stories, each story and criterion
 * with its evidence. p50 and p99 over sequential calls (target p99 ≤ 100 ms on PostgreSQL), and the
 * size of the answer.
 *   npx tsx bench/mcp-requirements.ts          (BENCH_DATABASE_URL: the PostgreSQL server to use)
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createDb } from "@parley/db/client";
import { replaceTree, type TreeInput } from "@parley/db/queries/requirements";
import { benchDatabase, fmt, makePro, register, startServer, timeIt } from "./lib";

const INTERVIEWS = 20;
const EPICS = 5;
const FEATURES_PER_EPIC = 4;
const STORIES_PER_FEATURE = 10;
const CALLS = 200;

const db = await benchDatabase("mcp");
const server = await startServer({ DATABASE_URL: db.url });
try {
  const owner = await register(server.url, "mcp-bench@example.com");
  await makePro(db.url, owner.userId);
  const post = async (path: string, body: unknown) =>
    (
      await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: owner.headers,
        body: JSON.stringify(body),
      })
    ).json();
  const project = (await post("/api/projects", { title: "Field service", objective: "Faster dispatch" })) as {
    id: number;
  };
  const interviews: number[] = [];
  for (let i = 0; i < INTERVIEWS; i += 1) {
    interviews.push(
      (
        (await post("/api/interviews", { projectId: project.id, name: `Technician ${i + 1}` })) as {
          id: number;
        }
      ).id,
    );
  }
  const quote = (n: number) => ({
    interviewId: interviews[n % INTERVIEWS] as number,
    turn: 1 + (n % 30),
    quote: `I need to see the job history of a site before I drive there, case ${n}, because half the time the part is wrong.`,
  });
  let n = 0;
  const tree: TreeInput = {
    epics: Array.from({ length: EPICS }, (_, e) => ({
      name: `Epic ${e + 1}`,
      description: "Dispatch and field work",
      features: Array.from({ length: FEATURES_PER_EPIC }, (_, f) => ({
        name: `Feature ${e + 1}.${f + 1}`,
        description: "What technicians asked for",
        acceptanceCriteria: [0, 1, 2].map((c) => ({
          text: `Given a job, when the technician opens it, then criterion ${c + 1} holds`,
          quote: null,
          assumption: false,
          evidence: [quote(n + c)],
        })),
        stories: Array.from({ length: STORIES_PER_FEATURE }, () => {
          n += 1;
          return {
            userType: "field technician",
            action: `see the job history of a site (${n})`,
            benefit: "I bring the right part",
            quote: null,
            assumption: false,
            evidence: [quote(n), quote(n + 7)],
            priority: "high" as const,
          };
        }),
      })),
    })),
  };
  const handle = await createDb({ databaseUrl: db.url, dataDir: "", poolSize: 1 });
  await replaceTree(handle.db, project.id, tree);
  await handle.close();

  const created = (await post("/trpc/accessTokens.create", {
    name: "bench",
    scope: "read",
    expiresInDays: 7,
  })) as {
    result: { data: { token: string } };
  };
  const client = new Client({ name: "parley-bench", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${created.result.data.token}` } },
    }),
  );
  const call = () => client.callTool({ name: "get_requirements", arguments: { projectId: project.id } });
  const first = await call();
  const stories = (
    first.structuredContent as { epics: Array<{ features: Array<{ stories: unknown[] }> }> }
  ).epics
    .flatMap((e) => e.features)
    .flatMap((f) => f.stories).length;
  for (let i = 0; i < 20; i += 1) await call(); // warm-up
  const times = await timeIt(CALLS, call);
  const bytes = Buffer.byteLength(JSON.stringify(first));
  console.log(
    `MCP get_requirements: ${INTERVIEWS} interviews, ${stories} stories, ${CALLS} sequential calls`,
  );
  console.log(`  p50 ${fmt(times.p50)}  p95 ${fmt(times.p95)}  p99 ${fmt(times.p99)}  (target p99 ≤ 100 ms)`);
  console.log(
    `  answer: ${(bytes / 1024).toFixed(1)} kB (JSON-RPC result: structured content + markdown text)`,
  );
  await client.close();
} finally {
  await server.stop();
  await db.drop();
}
