/**
 * Issue 23 figure: bytes the participant's browser sends per turn at turn 40 of an interview, as
 * the web sent them before issue 23 (the whole history to the turn, and the whole conversation
 * saved twice) and after (the new answer with its id). Both are the web client's own requests,
 * replayed over HTTP against the offline provider.
 * Issue 5 figures: server-side time of one voice turn (transcribe + interview reply + speech)
 * against the fake OpenAI server, and of the reply alone with the offline provider (p50/p95); and
 * the time from a participant's send to the first streamed character in Chromium.
 *   npx tsx bench/participant-turn.ts            (needs the web build)
 *   npx tsx bench/participant-turn.ts --bytes    (the bytes figure only)
 */
import { FakeOpenAi } from "../packages/ai/test/fake-openai";
import {
  benchDatabase,
  fmt,
  launchChromium,
  percentile,
  proOwnerWithInterview,
  startServer,
  timeIt,
} from "./lib";

const MESSAGES = [
  { role: "ai", content: "Hello! Could you tell me about your role?" },
  { role: "user", content: "I plan routes for twenty technicians every morning." },
];

const TURNS = 40;
const ANSWER =
  "We plan routes for twenty technicians every morning from a spreadsheet, and when a job runs late we call everyone by phone to move the rest of the day around.";

/** Drives a 40-turn text interview the way the web does, counting request body bytes per turn. */
async function bytesPerTurn(mode: "before" | "after"): Promise<number[]> {
  const db = await benchDatabase(`bytes${mode}`);
  const server = await startServer({ DATABASE_URL: db.url });
  try {
    const { interview } = await proOwnerWithInterview(server.url, db.url, `bytes-${mode}@example.com`, {
      name: "P",
      stakeholderType: "user",
    });
    const headers = { "content-type": "application/json", "x-share-link": interview.shareLink };
    const send = async (path: string, body: unknown, extra: Record<string, string> = {}) => {
      const text = JSON.stringify(body);
      const res = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { ...headers, ...extra },
        body: text,
      });
      const answer = await res.text();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${answer}`);
      return { bytes: Buffer.byteLength(text), answer };
    };
    /** The streamed turn (httpBatchStreamLink: the input under "0"); the reply as the record keeps it. */
    const stream = async (input: Record<string, unknown>) => {
      const { bytes } = await send(
        "/trpc/ai.interviewResponseStream?batch=1",
        { 0: input },
        { "trpc-accept": "application/jsonl" },
      );
      const conversation = (await (
        await fetch(`${server.url}/api/interviews/${interview.id}/conversation`, { headers })
      ).json()) as { messages: string[] };
      const reply = JSON.parse(conversation.messages.at(-1) ?? "{}").content as string;
      return { bytes, reply };
    };
    const context = { notesContext: "Routes, phones", imageContext: "", trailer: true };
    const history: Array<{ role: "ai" | "user"; content: string; timestamp: string }> = [];
    let conversationId: number | null = null;
    /** The conversation save the web made before issue 23 (the whole array, every time). */
    const persist = async () => {
      if (conversationId) {
        return (await send("/trpc/participant.updateConversation", { conversationId, messages: history }))
          .bytes;
      }
      const saved = await send("/trpc/participant.saveConversation", {
        interviewId: interview.id,
        messages: history,
      });
      conversationId = JSON.parse(saved.answer).result.data.id;
      return saved.bytes;
    };
    const welcome = await stream({ interviewId: interview.id, messages: [], ...context });
    history.push({ role: "ai", content: welcome.reply, timestamp: new Date().toISOString() });
    if (mode === "before") await persist();
    const sent: number[] = [];
    for (let turn = 1; turn <= TURNS; turn += 1) {
      const content = `${ANSWER} (${turn})`;
      history.push({ role: "user", content, timestamp: new Date().toISOString() });
      let bytes = 0;
      if (mode === "before") {
        bytes += await persist();
        const reply = await stream({
          interviewId: interview.id,
          messages: history,
          templateType: "user",
          projectInfo: { objective: "Faster routing", targetAudience: "Dispatchers" },
          ...context,
        });
        bytes += reply.bytes;
        history.push({ role: "ai", content: reply.reply, timestamp: new Date().toISOString() });
        bytes += await persist();
      } else {
        const reply = await stream({
          interviewId: interview.id,
          answer: { id: `answer-${turn}-${Date.now()}`, content },
          ...context,
        });
        bytes += reply.bytes;
        history.push({ role: "ai", content: reply.reply, timestamp: new Date().toISOString() });
      }
      sent.push(bytes);
    }
    return sent;
  } finally {
    await server.stop();
    await db.drop();
  }
}

for (const mode of ["before", "after"] as const) {
  const sent = await bytesPerTurn(mode);
  const label =
    mode === "before"
      ? "before issue 23 (whole history, conversation saved twice)"
      : "after (new answer only)";
  console.log(
    `bytes sent per turn at turn ${TURNS}, ${label}: ${sent.at(-1)} B (turn 1: ${sent[0]} B, all ${TURNS} turns: ${sent.reduce((a, b) => a + b, 0)} B)`,
  );
}
if (process.argv.includes("--bytes")) process.exit(0);

const fake = new FakeOpenAi({ reply: "Thanks. What slows that down the most?" });
const fakeUrl = await fake.start();
const voiceDb = await benchDatabase("voice");
const voice = await startServer({
  DATABASE_URL: voiceDb.url,
  OPENAI_API_KEY: "bench",
  OPENAI_BASE_URL: fakeUrl,
});
try {
  const { owner, interview } = await proOwnerWithInterview(voice.url, voiceDb.url, "voice@example.com", {
    name: "P",
  });
  const audio = new Blob([Buffer.alloc(20_000, 7)], { type: "audio/webm" });
  const turn = async () => {
    const form = new FormData();
    form.append("interviewId", String(interview.id));
    form.append("audio", audio, "speech.webm");
    const text = (await (
      await fetch(`${voice.url}/api/ai/transcribe`, {
        method: "POST",
        body: form,
        headers: { authorization: owner.headers.authorization },
      })
    ).json()) as { text: string };
    const reply = (await (
      await fetch(`${voice.url}/api/ai/response`, {
        method: "POST",
        headers: owner.headers,
        body: JSON.stringify({
          interviewId: interview.id,
          messages: [...MESSAGES, { role: "user", content: text.text }],
        }),
      })
    ).json()) as { response: string };
    await (
      await fetch(`${voice.url}/api/ai/tts`, {
        method: "POST",
        headers: owner.headers,
        body: JSON.stringify({ text: reply.response, interviewId: interview.id }),
      })
    ).arrayBuffer();
  };
  await turn();
  const t = await timeIt(100, turn);
  console.log(
    `voice turn against the fake OpenAI server (transcribe + reply + speech, 100 runs): p50 ${fmt(t.p50)}, p95 ${fmt(t.p95)}`,
  );
} finally {
  await voice.stop();
  await voiceDb.drop();
  await fake.stop();
}

const offlineDb = await benchDatabase("textturn");
const offline = await startServer({ DATABASE_URL: offlineDb.url });
try {
  const { owner, interview } = await proOwnerWithInterview(offline.url, offlineDb.url, "text@example.com", {
    name: "P",
  });
  const reply = () =>
    fetch(`${offline.url}/api/ai/response`, {
      method: "POST",
      headers: owner.headers,
      body: JSON.stringify({ interviewId: interview.id, messages: MESSAGES }),
    }).then((r) => r.text());
  await reply();
  const t = await timeIt(100, reply);
  console.log(
    `reply with the offline provider (no speech without a key, 100 runs): p50 ${fmt(t.p50)}, p95 ${fmt(t.p95)}`,
  );

  // The browser: from pressing Enter to the first character of the streamed reply.
  const browser = await launchChromium();
  const page = await browser.newPage();
  await page.goto(`${offline.url}/interview/${interview.shareLink}`);
  await page.getByRole("button", { name: "Start Text Interview" }).click();
  await page.locator('[data-speaker="ai"]').first().waitFor();
  const samples: number[] = [];
  for (let i = 0; i < 8; i += 1) {
    const input = page.getByLabel("Your answer");
    await input.fill(`Answer number ${i + 1}: we plan every route by hand from a spreadsheet.`);
    await page.waitForFunction(
      () => !(document.querySelector('[aria-label="Send"]') as HTMLButtonElement | null)?.disabled,
    );
    const before = await page.locator('[data-speaker="ai"]').count();
    // A string, not a function: tsx would add helpers the page does not have.
    const elapsed = page.evaluate(`new Promise((resolve) => {
      const start = performance.now();
      const check = () => {
        const bubbles = document.querySelectorAll('[data-speaker="ai"]');
        const last = bubbles[bubbles.length - 1];
        if (bubbles.length > ${before} && last && last.textContent && last.textContent !== "…") resolve(performance.now() - start);
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    })`) as Promise<number>;
    await input.press("Enter");
    samples.push(await elapsed);
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-speaker="ai"]').length > count,
      before,
    );
    await page.getByRole("button", { name: "Send" }).isDisabled();
    await page.waitForTimeout(200);
  }
  await browser.close();
  console.log(
    `send → first streamed character in Chromium (offline provider, 8 turns): median ${fmt(percentile(samples, 50))}, worst ${fmt(Math.max(...samples))}`,
  );
} finally {
  await offline.stop();
  await offlineDb.drop();
}
