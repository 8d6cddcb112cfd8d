/**
 * Issue 5 figures: server-side time of one voice turn (transcribe + interview reply + speech)
 * against the fake OpenAI server, and of the reply alone with the offline provider (p50/p95); and
 * the time from a participant's send to the first streamed character in Chromium.
 *   npx tsx bench/participant-turn.ts     (needs the web build)
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
