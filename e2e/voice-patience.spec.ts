import { expect, test } from "@playwright/test";
import { fakeMicrophone, transcribeAs, twoUtterances } from "./fake-microphone";
import { interviewViaApi, screenshot } from "./support";

// Patience (issue 24): an answer left on "and" is waited for and joined. The fake microphone says two
// pieces 3.5 s apart: longer than the spec's 2 s of silence, shorter than the wait after "and". What
// they are transcribed as is set by the test.
const VOICE_URL = process.env.E2E_VOICE_URL as string;
const WAV = twoUtterances("unfinished", "We plan every route by hand and", "it takes two hours.", 3.5);

test.use({ launchOptions: fakeMicrophone(WAV) });

test("waits after 'and', joins the rest and sends one answer, recorded in the browser's own format", async ({
  page,
  request,
}) => {
  const { shareLink } = await interviewViaApi(request, VOICE_URL);
  const uploads = await transcribeAs(page, ["We plan every route by hand and", "it takes two hours."]);
  await page.goto(`${VOICE_URL}/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Voice Interview" }).click();
  // The first piece is held, shown, and not sent.
  const held = page.locator("[data-held]");
  await expect(held).toHaveText("So far: “We plan every route by hand and…”", { timeout: 20_000 });
  await expect(page.locator('[data-voice-state="listening"]')).toBeVisible();
  await screenshot(page, "voice-patience-unfinished");
  expect(await page.locator('[data-speaker="user"]').count()).toBe(0);
  // The rest comes and the two go as one answer.
  await expect(page.locator('[data-speaker="user"]')).toHaveText(
    ["We plan every route by hand and it takes two hours."],
    { timeout: 20_000 },
  );
  await expect(page.locator('[data-speaker="ai"]')).toHaveCount(2, { timeout: 15_000 });
  await expect(held).toHaveCount(0);
  // Chromium records WebM/Opus and the upload says so (Safari's MP4 and Ogg are named likewise).
  expect(uploads).toHaveLength(2);
  const form = uploads[0]!.postDataBuffer()!.toString("latin1");
  expect(form).toMatch(/filename="speech\.webm"\r\nContent-Type: audio\/webm;codecs=opus/i);
});
