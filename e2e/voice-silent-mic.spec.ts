import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { fakeMicrophone, silence } from "./fake-microphone";
import { interviewViaApi, screenshot } from "./support";

// A microphone that gives no sound at all (muted, dead, the wrong input): named after 10 s (issue 24).
const VOICE_URL = process.env.E2E_VOICE_URL as string;

test.use({ launchOptions: fakeMicrophone(silence("silent", 40)), bypassCSP: true });

test("a microphone silent for 10 s is named, and 'Type instead' goes on in text", async ({
  page,
  request,
}) => {
  const { shareLink } = await interviewViaApi(request, VOICE_URL);
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(`${VOICE_URL}/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Voice Interview" }).click();
  await expect(page.locator('[data-voice-state="listening"]')).toBeVisible({ timeout: 15_000 });
  const notice = page.locator("[data-mic-silent]");
  await expect(notice).toHaveCount(0);
  await expect(notice).toHaveText(
    "No sound from your microphone for 10 seconds. Check that it is on and not muted, or type your answer instead. Type instead",
    { timeout: 15_000 },
  );
  await screenshot(page, "voice-silent-microphone");
  await expectNoSeriousViolations(page, "voice silent microphone");
  await notice.getByRole("button", { name: "Type instead" }).click();
  await expect(page.getByLabel("Your answer")).toBeVisible();
});
