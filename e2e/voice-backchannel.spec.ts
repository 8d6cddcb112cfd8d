import { expect, test } from "@playwright/test";
import { configureFakeOpenAi, fakeMicrophone, transcribeAs, twoUtterances } from "./fake-microphone";
import { interviewViaApi } from "./support";

// Patience (issue 24): backchannels said over the interviewer do not stop it. The fake microphone
// says "Mm-hmm" at 4 s and "Yeah" 1.5 s later, while the long welcome (about 15 s, the realistic
// profile's playable speech) is being said.
const VOICE_URL = process.env.E2E_VOICE_URL as string;
const WAV = twoUtterances("backchannel", "Mm-hmm.", "Yeah.", 1.5);
const WELCOME =
  "Thanks for joining me. I'd like to understand how your team plans its routes each morning, step by step. " +
  "To begin, could you walk me through what happens between opening the dispatch board and the first truck leaving the depot?";

test.use({ launchOptions: fakeMicrophone(WAV) });
test.beforeEach(() => configureFakeOpenAi({ profile: "realistic", reply: WELCOME }));
test.afterEach(() => configureFakeOpenAi({}));

test("'mm-hmm' and 'yeah' said over the interviewer do not stop it", async ({ page, request }) => {
  const { shareLink } = await interviewViaApi(request, VOICE_URL);
  await transcribeAs(page, []);
  await page.goto(`${VOICE_URL}/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Voice Interview" }).click();
  const welcome = page.locator('[data-voice-state="welcome"]');
  await expect(welcome).toBeVisible({ timeout: 15_000 });
  // Both are over by about 7 s after the microphone opened; the welcome is still being said.
  await page.waitForTimeout(7000);
  await expect(welcome).toBeVisible();
  await expect(page.locator('[data-voice-state="listening"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("[data-not-said]")).toHaveCount(0);
  expect(await page.locator('[data-speaker="user"]').count()).toBe(0);
});
