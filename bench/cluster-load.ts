/**
 * Issue 13 figures: simulated participants against the cluster (nginx → two replicas → PgBouncer in
 * transaction mode → PostgreSQL; Redis), each from its own address (X-Forwarded-For through nginx),
 * each turn `POST /api/ai/response` then a conversation save, paced like a person (one turn every
 * 10–15 s: the per-link AI limit allows a few a minute). At the end every saved answer is read back.
 *   npx tsx bench/cluster-load.ts [--participants 200] [--seconds 300] [--token-delay-ms 10]
 */

import { Client, line, randomAddress } from "../scripts/cluster/client";
import { startCluster } from "../scripts/cluster/cluster";
import { fmt, percentile } from "./lib";

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index > 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
const PARTICIPANTS = arg("participants", 200);
const SECONDS = arg("seconds", 300);
const TOKEN_DELAY_MS = arg("token-delay-ms", 10);
const INTERVIEWS_PER_OWNER = 20;

const cluster = await startCluster({ tokenDelayMs: TOKEN_DELAY_MS, log: (text) => console.log(`  ${text}`) });
const stop = () => cluster.stop().then(() => process.exit(130));
process.on("SIGINT", () => void stop());

try {
  // Owners (a Pro plan holds 20 interviews) and one interview per participant.
  const interviews: Array<{ id: number; shareLink: string; owner: Client }> = [];
  const suffix = `${process.pid}-${Date.now()}`;
  for (let o = 0; interviews.length < PARTICIPANTS; o += 1) {
    const owner = new Client(cluster.url, randomAddress());
    const email = `load-owner-${o}-${suffix}@example.com`;
    await owner.post("/api/auth/register", { email, password: "load test passphrase 1" });
    const login = await owner.post("/api/auth/login", { email, password: "load test passphrase 1" });
    owner.bearer = login.body.token;
    cluster.psql(
      `update users set subscription_tier = 'pro', subscription_status = 'active', monthly_api_limit = 100000000 where email = '${email}'`,
    );
    const project = await owner.post("/api/projects", { title: `Load ${o}`, objective: "Load" });
    if (!project.body?.id) throw new Error(`project: ${project.status} ${JSON.stringify(project.body)}`);
    for (let i = 0; i < INTERVIEWS_PER_OWNER && interviews.length < PARTICIPANTS; i += 1) {
      const created = await owner.post("/api/interviews", { projectId: project.body.id, name: `P${i}` });
      if (!created.body?.shareLink)
        throw new Error(`interview: ${created.status} ${JSON.stringify(created.body)}`);
      interviews.push({ id: created.body.id, shareLink: created.body.shareLink, owner });
    }
  }
  console.log(`  ${PARTICIPANTS} interviews ready; running for ${SECONDS} s`);

  const aiTimes: number[] = [];
  const errors = new Map<string, number>();
  const noteError = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
  let turns = 0;
  const acknowledged = new Map<number, string[]>();
  const cpuStart = cluster.replicas.map((r) => r.cpuSeconds());
  const started = performance.now();
  const deadline = Date.now() + SECONDS * 1000;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function participant(index: number) {
    const interview = interviews[index];
    if (!interview) return;
    const client = new Client(cluster.url, randomAddress());
    await sleep(Math.random() * 10_000);
    const opened = await client.get(`/api/interviews/share/${interview.shareLink}`).catch(() => undefined);
    if (opened?.status !== 200) return noteError(`open ${opened?.status ?? "network"}`);
    await client.patch(`/api/interviews/${interview.id}/start`);
    const messages: string[] = [];
    const answers: string[] = [];
    acknowledged.set(interview.id, answers);
    let conversationId = 0;
    for (let turn = 1; Date.now() < deadline; turn += 1) {
      const answer = `Participant ${index} answer ${turn}: we re-plan routes by hand every morning.`;
      const history = messages.map((m) => JSON.parse(m));
      const t0 = performance.now();
      const reply = await client
        .post("/api/ai/response", {
          interviewId: interview.id,
          messages: [...history, { role: "user", content: answer }],
        })
        .catch(() => undefined);
      if (reply?.status !== 200) {
        noteError(`ai ${reply?.status ?? "network"}`);
      } else {
        aiTimes.push(performance.now() - t0);
        const next = [...messages, line("user", answer), line("ai", reply.body.response)];
        const saved = await (conversationId
          ? client.patch(`/api/conversations/${conversationId}`, { messages: next })
          : client.post("/api/conversations", { interviewId: interview.id, messages: next })
        ).catch(() => undefined);
        if (saved?.status === 200 || saved?.status === 201) {
          conversationId = saved.body.id;
          messages.splice(0, messages.length, ...next);
          answers.push(answer);
          turns += 1;
        } else {
          noteError(`save ${saved?.status ?? "network"}`);
        }
      }
      await sleep(Math.max(0, Math.min(deadline - Date.now(), 10_000 + Math.random() * 5_000)));
    }
  }
  await Promise.all(interviews.map((_, index) => participant(index)));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cluster.replicas.map((r, i) => r.cpuSeconds() - (cpuStart[i] ?? 0));

  // Every acknowledged answer read back by its owner.
  let lost = 0;
  let stored = 0;
  for (const interview of interviews) {
    const answers = acknowledged.get(interview.id) ?? [];
    if (!answers.length) continue;
    const res = await interview.owner.get(`/api/interviews/${interview.id}/conversation`);
    const saved = new Set(
      res.status === 200
        ? (res.body.messages as string[]).map((m) => (JSON.parse(m) as { content: string }).content)
        : [],
    );
    for (const answer of answers) {
      if (saved.has(answer)) stored += 1;
      else lost += 1;
    }
  }
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\ncluster load: ${PARTICIPANTS} participants for ${elapsed.toFixed(0)} s (fake OpenAI, ${TOKEN_DELAY_MS} ms per token)`,
  );
  console.log(`  turns saved       ${turns}`);
  console.log(
    `  errors            ${errorCount}${errorCount ? ` (${[...errors].map(([k, v]) => `${k}: ${v}`).join(", ")})` : ""}`,
  );
  console.log(`  answers lost      ${lost} of ${stored + lost} read back`);
  console.log(
    `  AI turn           p50 ${fmt(percentile(aiTimes, 50))}   p99 ${fmt(percentile(aiTimes, 99))}`,
  );
  console.log(
    `  replica CPU       ${cluster.replicas.map((r, i) => `${r.name} ${(((cpu[i] ?? 0) / elapsed) * 100).toFixed(0)}%`).join(", ")} of one core (avg over the run)`,
  );
} finally {
  await cluster.stop();
}
