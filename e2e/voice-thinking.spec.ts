import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { fakeMicrophone, transcribeAs, twoUtterances } from "./fake-microphone";
import { interviewViaApi, screenshot } from "./support";

// Patience (issue 24): "give me a minute" is a request for time, never the answer. The fake
// microphone says it, then the answer 8 s later.
const VOICE_URL = process.env.E2E_VOICE_URL as string;
const WAV = twoUtterances("thinking", "Hmm, give me a minute.", "We check the weather first.", 8);

test.use({ launchOptions: fakeMicrophone(WAV), bypassCSP: true });

test("'give me a minute' shows 'Take your time' with Resume and is not sent; the next words are", async ({
  page,
  request,
}) => {
  const { shareLink } = await interviewViaApi(request, VOICE_URL);
  await transcribeAs(page, ["Hmm, give me a minute.", "We check the weather first."]);
  await page.goto(`${VOICE_URL}/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Voice Interview" }).click();
  const thinking = page.locator('[data-voice-state="thinking"]');
  await expect(thinking).toHaveText("Take your time. I'll listen when you're ready.", { timeout: 20_000 });
  const resume = page.getByRole("button", { name: "Resume" });
  await expect(resume).toBeVisible();
  await screenshot(page, "voice-patience-take-your-time");
  await expectNoSeriousViolations(page, "take your time");
  // Nothing was sent, and nothing is sent while they think.
  await page.waitForTimeout(1500);
  await expect(thinking).toBeVisible();
  expect(await page.locator('[data-speaker="user"]').count()).toBe(0);
  // Resume listens; the next words are the answer, without the request for time.
  await resume.click();
  await expect(page.locator('[data-voice-state="listening"]')).toBeVisible();
  await expect(page.locator('[data-speaker="user"]')).toHaveText(["We check the weather first."], {
    timeout: 20_000,
  });
  await expect(page.locator('[data-speaker="ai"]')).toHaveCount(2, { timeout: 15_000 });
});
