import { existsSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { SPEECH_WAV } from "./global-setup";
import { BASE_LAUNCH_ARGS, interviewViaApi, screenshot } from "./support";

const VOICE_URL = process.env.E2E_VOICE_URL as string;
const fakeMicrophone = [
  ...BASE_LAUNCH_ARGS,
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  `--use-file-for-fake-audio-capture=${SPEECH_WAV}%noloop`,
  "--autoplay-policy=no-user-gesture-required",
];

test.use({ launchOptions: { executablePath: "/usr/bin/chromium", args: fakeMicrophone } });

test.describe("voice with a fake microphone and the OpenAI provider", () => {
  test("captures speech, transcribes it, and the interviewer replies", async ({ page, request }) => {
    expect(existsSync(SPEECH_WAV)).toBe(true);
    const { shareLink } = await interviewViaApi(request, VOICE_URL);
    await page.addInitScript(() => {
      (window as unknown as { spoken: string[] }).spoken = [];
      const original = window.speechSynthesis.speak.bind(window.speechSynthesis);
      window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
        (window as unknown as { spoken: string[] }).spoken.push(utterance.text);
        original(utterance);
      };
    });
    await page.goto(`${VOICE_URL}/interview/${shareLink}`);
    await page.getByRole("button", { name: "Start Voice Interview" }).click();
    await expect(page.locator('[data-speaker="ai"]').first()).toContainText("hardest part");
    await expect(page.locator('[data-voice-state="listening"]')).toBeVisible({ timeout: 15_000 });
    await screenshot(page, "voice-listening");
    // The WAV's sentence goes through capture → upload → transcription (fake) → reply; a toast
    // previews what was heard (spec 2 §9: the first 50 characters).
    const preview = page.getByRole("alert").filter({ hasText: "Message sent" });
    await expect(preview).toBeVisible({ timeout: 30_000 });
    await expect(preview).toContainText("We plan every route by hand each morning.");
    await expect(page.locator('[data-speaker="user"]').first()).toContainText(
      "We plan every route by hand each morning.",
      {
        timeout: 30_000,
      },
    );
    await expect(page.locator('[data-speaker="ai"]')).toHaveCount(2, { timeout: 15_000 });
    // The fake's speech is not playable audio, so the browser's own voice was used.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { spoken: string[] }).spoken.length))
      .toBeGreaterThan(0);
    await page.getByRole("button", { name: "Switch to Text" }).click();
    await expect(page.getByLabel("Your answer")).toBeVisible();
  });
});

test.describe("voice without an API key", () => {
  test("says 'Speech Recognition Unavailable' and continues in text", async ({ page, request, baseURL }) => {
    const { shareLink } = await interviewViaApi(request, baseURL as string);
    await page.goto(`/interview/${shareLink}`);
    await page.getByRole("button", { name: "Start Voice Interview" }).click();
    await expect(page.getByText("Speech Recognition Unavailable")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel("Your answer")).toBeVisible();
    await screenshot(page, "voice-unavailable");
  });
});
