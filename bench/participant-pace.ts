/**
 * Issue 24, item 6: people answering at their own pace are never refused. Simulated voice
 * participants on the cluster (nginx → two replicas → PgBouncer → PostgreSQL; Redis for the shared
 * rate limits), each from its own address, with the deployment's default limits (nothing raised),
 * against the fake OpenAI server's realistic profile. Each answers every 4–15 s as the web's voice
 * loop does: the recording transcribed, the answer sent with its id on the streamed turn, then each
 * sentence of the reply spoken. At the end every interview's record is read back by its owner.
 * Prints the refusals (429 of any kind; target 0) and the answers lost (sent but not in the record;
 * target 0).
 *   npx tsx bench/participant-pace.ts [--participants 60] [--seconds 120] [--min-gap 4] [--max-gap 15]
 *     [--base-port 5700] [--per-minute N --burst N: other per-link limits than the defaults]
 */

import { Client, randomAddress } from "../scripts/cluster/client";
import { startCluster } from "../scripts/cluster/cluster";
import { fmt, percentile } from "./lib";

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index > 0 ? Number(process.argv[index + 1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
const PARTICIPANTS = arg("participants", 60);
const SECONDS = arg("seconds", 120);
const MIN_GAP_MS = arg("min-gap", 4) * 1000;
const MAX_GAP_MS = arg("max-gap", 15) * 1000;
const INTERVIEWS_PER_PROJECT = 20;
/** Two sentences, so each reply is spoken in two calls, as the web speaks a question. */
const REPLY = "Thanks, that helps me understand. What slows that down the most for your team?";
const AUDIO = Buffer.alloc(4_000, 7).toString("base64");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The sentences the web asks speech for (apps/web's SentenceSplitter, for these plain replies). */
const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/).filter((s) => s.trim());

// Other limits to compare with (`--per-minute 6 --burst 3` were issue 12's, before issue 24).
const limits = {
  ...(arg("per-minute", 0) ? { PARTICIPANT_AI_PER_MINUTE: String(arg("per-minute", 0)) } : {}),
  ...(arg("burst", 0) ? { PARTICIPANT_AI_BURST: String(arg("burst", 0)) } : {}),
};
const cluster = await startCluster({
  basePort: arg("base-port", 5700),
  replicaEnv: limits,
  log: (text) => console.log(`  ${text}`),
});
process.on("SIGINT", () => void cluster.stop().then(() => process.exit(130)));

try {
  await fetch(`${cluster.openaiUrl}/__configure`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ profile: "realistic", reply: REPLY }),
  });

  // One Pro owner per 20 interviews would do; one owner with a project per 20 keeps it simple.
  const owner = new Client(cluster.url, randomAddress());
  const email = `pace-owner-${process.pid}@example.com`;
  await owner.post("/api/auth/register", { email, password: "pace test passphrase 1" });
  owner.bearer = (
    await owner.post("/api/auth/login", { email, password: "pace test passphrase 1" })
  ).body.token;
  cluster.psql(
    `update users set subscription_tier = 'pro', subscription_status = 'active', monthly_api_limit = 100000000 where email = '${email}'`,
  );
  const interviews: Array<{ id: number; shareLink: string }> = [];
  for (let p = 0; interviews.length < PARTICIPANTS; p += 1) {
    const project = await owner.post("/api/projects", {
      title: `Pace ${p}`,
      objective: "Plan delivery routes without the morning scramble.",
      keyFeatures: "Route planning\nLive driver map",
    });
    if (!project.body?.id) throw new Error(`project: ${project.status} ${JSON.stringify(project.body)}`);
    for (let i = 0; i < INTERVIEWS_PER_PROJECT && interviews.length < PARTICIPANTS; i += 1) {
      const created = await owner.post("/api/interviews", { projectId: project.body.id, name: `P${i}` });
      if (!created.body?.shareLink)
        throw new Error(`interview: ${created.status} ${JSON.stringify(created.body)}`);
      interviews.push({ id: created.body.id, shareLink: created.body.shareLink });
    }
  }
  console.log(
    `  ${PARTICIPANTS} voice participants, an answer every ${MIN_GAP_MS / 1000}–${MAX_GAP_MS / 1000} s, for ${SECONDS} s`,
  );

  const refusals = new Map<string, number>();
  const failures = new Map<string, number>();
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const calls = new Map<string, number>();
  const upstreams = new Map<string, number>();
  const firstWord: number[] = [];
  const sent = new Map<number, string[]>();
  let answered = 0;

  /** One call: counted by kind, a 429 as a refusal, anything else not 2xx as a failure. */
  const outcome = (kind: string, status: number, upstream?: string | null) => {
    bump(calls, kind);
    if (upstream) bump(upstreams, upstream);
    if (status === 429) bump(refusals, kind);
    else if (status < 200 || status >= 300) bump(failures, `${kind} ${status}`);
    return status >= 200 && status < 300;
  };

  /** The streamed turn as the web sends it: the answer with its id, the reply in JSON lines. */
  async function turn(client: Client, interviewId: number, answer?: { id: string; content: string }) {
    const started = performance.now();
    const res = await client
      .send(
        "POST",
        "/trpc/ai.interviewResponseStream?batch=1",
        { 0: { interviewId, ...(answer ? { answer } : {}), trailer: true } },
        60_000,
        { "trpc-accept": "application/jsonl" },
      )
      .catch(() => undefined);
    if (!res?.body) {
      outcome("turn", 0);
      return undefined;
    }
    let raw = "";
    let first = 0;
    const decoder = new TextDecoder();
    for await (const bytes of res.body) {
      raw += decoder.decode(bytes as Uint8Array, { stream: true });
      if (!first && raw.includes(REPLY.slice(0, 6))) first = performance.now() - started;
    }
    // A refusal travels inside the stream (the headers went out first).
    const status = /TOO_MANY_REQUESTS|"httpStatus":429/.test(raw)
      ? 429
      : /"error"/.test(raw) || !res.ok
        ? res.status === 200
          ? 500
          : res.status
        : 200;
    if (!outcome("turn", status, res.headers.get("x-parley-upstream"))) return undefined;
    if (first) firstWord.push(first);
    const text: string[] = [];
    for (const jsonLine of raw.split("\n")) {
      if (!jsonLine.trim()) continue;
      const parsed = JSON.parse(jsonLine);
      const value = Array.isArray(parsed) && parsed[1] === 1 ? parsed[2]?.[0]?.[0] : undefined;
      if (typeof value === "string") text.push(value);
    }
    return text.join("");
  }

  /** Each sentence of a reply spoken, asked for together as the web asks ahead. */
  async function speak(client: Client, interviewId: number, reply: string) {
    await Promise.all(
      sentencesOf(reply).map(async (sentence) => {
        const res = await client
          .send("POST", "/api/ai/tts", { text: sentence, interviewId }, 30_000)
          .catch(() => undefined);
        if (res) await res.arrayBuffer().catch(() => undefined);
        outcome("speech", res?.status ?? 0, res?.headers.get("x-parley-upstream"));
      }),
    );
  }

  const deadline = Date.now() + SECONDS * 1000;
  async function participant(index: number) {
    const interview = interviews[index]!;
    const client = new Client(cluster.url, randomAddress());
    const answers: string[] = [];
    sent.set(interview.id, answers);
    await sleep(Math.random() * MIN_GAP_MS);
    const opened = await client.get(`/api/interviews/share/${interview.shareLink}`).catch(() => undefined);
    if (!outcome("open", opened?.status ?? 0)) return;
    await client.patch(`/api/interviews/${interview.id}/start`).catch(() => undefined);
    const welcome = await turn(client, interview.id);
    if (welcome) await speak(client, interview.id, welcome);
    let lastAnswerAt = Date.now();
    for (let n = 1; ; n += 1) {
      const gap = MIN_GAP_MS + Math.random() * (MAX_GAP_MS - MIN_GAP_MS);
      const at = lastAnswerAt + gap;
      if (at > deadline) break;
      await sleep(Math.max(0, at - Date.now()));
      lastAnswerAt = Date.now();
      const heard = await client
        .post("/api/ai/transcribe", { interviewId: interview.id, audio: AUDIO, mimeType: "audio/webm" })
        .catch(() => undefined);
      outcome("transcription", heard?.status ?? 0, heard?.upstream);
      const content = `Participant ${index}, answer ${n}: we plan every route by hand each morning.`;
      answers.push(content);
      const reply = await turn(client, interview.id, { id: `pace-${index}-${n}-${process.pid}`, content });
      if (reply === undefined) continue;
      answered += 1;
      await speak(client, interview.id, reply);
    }
  }
  const started = performance.now();
  const cpuStart = cluster.replicas.map((r) => r.cpuSeconds());
  await Promise.all(interviews.map((_, index) => participant(index)));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cluster.replicas.map((r, i) => r.cpuSeconds() - (cpuStart[i] ?? 0));

  // Every answer sent (answered or not: the words are kept before anything can refuse) read back.
  let lost = 0;
  let total = 0;
  for (const interview of interviews) {
    const answers = sent.get(interview.id) ?? [];
    if (!answers.length) continue;
    const res = await owner.get(`/api/interviews/${interview.id}/conversation`);
    const stored = new Set(
      res.status === 200
        ? (res.body.messages as string[]).map((m) => (JSON.parse(m) as { content: string }).content)
        : [],
    );
    for (const answer of answers) {
      total += 1;
      if (!stored.has(answer)) lost += 1;
    }
  }
  const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  const list = (map: Map<string, number>) => [...map].map(([k, v]) => `${k}: ${v}`).join(", ") || "none";
  console.log(
    `\nparticipant pace: ${PARTICIPANTS} voice participants answering every ${MIN_GAP_MS / 1000}–${MAX_GAP_MS / 1000} s for ${elapsed.toFixed(0)} s on ${cluster.replicas.length} replicas (${Object.keys(limits).length ? JSON.stringify(limits) : "default limits"}, Redis)`,
  );
  console.log(`  calls             ${sum(calls)} (${list(calls)})`);
  console.log(`  refusals          ${sum(refusals)} (${list(refusals)})`);
  console.log(`  other failures    ${sum(failures)} (${list(failures)})`);
  console.log(`  answers lost      ${lost} of ${total} sent (${answered} answered)`);
  console.log(
    `  first reply word  p50 ${fmt(percentile(firstWord, 50))}   p95 ${fmt(percentile(firstWord, 95))} (after the turn was sent)`,
  );
  console.log(`  replicas          ${list(upstreams)}`);
  console.log(
    `  replica CPU       ${cluster.replicas.map((r, i) => `${r.name} ${(((cpu[i] ?? 0) / elapsed) * 100).toFixed(0)}%`).join(", ")} of one core (avg over the run)`,
  );
  process.exitCode = sum(refusals) || lost ? 1 : 0;
} finally {
  await cluster.stop();
}
