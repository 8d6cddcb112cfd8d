/**
 * Issue 3 figures: server time of one interview turn with the offline provider (p50/p95); time to
 * first streamed token and total time against the fake OpenAI server at 20 ms per token; the cost
 * of a 20-minute interview under the price table.   npx tsx bench/ai-turn.ts
 */

import { speechCostCents, tokenCostCents, transcriptionCostCents } from "../packages/ai/src/pricing";
import { FakeOpenAi } from "../packages/ai/test/fake-openai";
import { benchDatabase, fmt, makePro, projectWithInterview, register, startServer, timeIt } from "./lib";

const HISTORY = Array.from({ length: 10 }, (_, i) => [
  { role: "ai", content: `Question number ${i + 1} about how the work is done today?` },
  {
    role: "user",
    content: "Every morning we plan routes by hand from a spreadsheet and it takes two hours.",
  },
]).flat();

// Offline provider.
const offlineDb = await benchDatabase("aiturn");
const offline = await startServer({ DATABASE_URL: offlineDb.url });
try {
  const owner = await register(offline.url, "offline@example.com");
  const { id } = await projectWithInterview(offline.url, owner.headers, {
    name: "B",
    stakeholderType: "user",
  });
  const body = JSON.stringify({ interviewId: id, messages: HISTORY });
  await makePro(offlineDb.url, owner.userId);
  const t = await timeIt(300, () =>
    fetch(`${offline.url}/api/ai/response`, { method: "POST", headers: owner.headers, body }).then((r) =>
      r.text(),
    ),
  );
  console.log(
    `offline interview turn (POST /api/ai/response, 20-message history, 300 runs): p50 ${fmt(t.p50)}, p95 ${fmt(t.p95)}`,
  );
} finally {
  await offline.stop();
  await offlineDb.drop();
}

// OpenAI provider against the fake at 20 ms per token.
const fake = new FakeOpenAi({
  tokenDelayMs: 20,
  reply: "Thanks for sharing that. Could you walk me through the last time the plan changed during the day?",
});
const fakeUrl = await fake.start();
const openaiDb = await benchDatabase("aistream");
const openai = await startServer({
  DATABASE_URL: openaiDb.url,
  OPENAI_API_KEY: "bench",
  OPENAI_BASE_URL: fakeUrl,
});
try {
  const owner = await register(openai.url, "stream@example.com");
  const { id } = await projectWithInterview(openai.url, owner.headers, {
    name: "B",
    stakeholderType: "user",
  });
  await makePro(openaiDb.url, owner.userId);
  const first: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const start = performance.now();
    const res = await fetch(`${openai.url}/trpc/ai.interviewResponseStream?batch=1`, {
      method: "POST",
      headers: { ...owner.headers, "trpc-accept": "application/jsonl" },
      body: JSON.stringify({ 0: { interviewId: id, messages: HISTORY } }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let firstAt = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
      if (!firstAt && text.includes("Thanks")) firstAt = performance.now() - start;
    }
    first.push(firstAt);
    total.push(performance.now() - start);
  }
  const words =
    "Thanks for sharing that. Could you walk me through the last time the plan changed during the day?".split(
      " ",
    ).length;
  console.log(
    `streamed interview turn via the fake at 20 ms/token (${words} tokens, 10 runs): first token median ${fmt(first.sort((a, b) => a - b)[5] ?? 0)}, total median ${fmt(total.sort((a, b) => a - b)[5] ?? 0)}`,
  );
} finally {
  await openai.stop();
  await openaiDb.drop();
  await fake.stop();
}

// Cost of a 20-minute interview: 20 exchanges of ~30 s of speech, a growing history, spoken replies.
let cents = 0;
let history = 450; // system prompt and project context, in tokens
for (let turn = 0; turn < 20; turn += 1) {
  cents += transcriptionCostCents(30);
  cents += tokenCostCents("gpt-4o", history, 60);
  cents += speechCostCents(220);
  history += 60 + 90; // the question and the answer join the history
}
cents += tokenCostCents("gpt-4o", 4500, 900); // the interview's share of a summary
console.log(
  `cost of a 20-minute interview (gpt-4o, whisper-1, tts-1 list prices): ${cents.toFixed(1)} cents ($${(cents / 100).toFixed(2)})`,
);
