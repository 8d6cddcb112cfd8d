import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { fakeMicrophone } from "./fake-microphone";
import { SPEECH_WAV } from "./global-setup";
import { interviewViaApi, screenshot } from "./support";

// Recording in the browser's own format (issue 24). The fake microphone says one sentence at 3 s.
const VOICE_URL = process.env.E2E_VOICE_URL as string;

test.use({ launchOptions: fakeMicrophone(SPEECH_WAV), bypassCSP: true });

test("where WebM cannot be recorded (Safari before 18.4) it records MP4 and the server transcribes it", async ({
  page,
  request,
}) => {
  const { shareLink } = await interviewViaApi(request, VOICE_URL);
  // This browser as Safari 18.3 answers: no WebM recorder, MP4 yes.
  await page.addInitScript(() => {
    const supported = MediaRecorder.isTypeSupported.bind(MediaRecorder);
    MediaRecorder.isTypeSupported = (type: string) => !type.startsWith("audio/webm") && supported(type);
  });
  // Each upload is looked at on its way to the server, which transcribes it with the fake OpenAI.
  const uploads: string[] = [];
  await page.route("**/api/ai/voice-turn", (route) => {
    uploads.push(route.request().postDataBuffer()?.toString("latin1") ?? "");
    return route.continue();
  });
  await page.goto(`${VOICE_URL}/interview/${shareLink}`);
  expect(await page.evaluate(() => MediaRecorder.isTypeSupported("audio/mp4"))).toBe(true);
  await page.getByRole("button", { name: "Start Voice Interview" }).click();
  // The upload is an MP4 named as one; the server takes it and the answer is heard and replied to.
  await expect(page.locator('[data-speaker="user"]').first()).toContainText(
    "We plan every route by hand each morning.",
    { timeout: 30_000 },
  );
  expect(uploads[0]).toMatch(/filename="speech\.mp4"\r\nContent-Type: audio\/mp4/i);
  await expect(page.locator('[data-speaker="ai"]')).toHaveCount(2, { timeout: 15_000 });
});

test("a recorder that cannot start says 'Voice Recognition Failed' and the page goes on in text", async ({
  page,
  request,
}) => {
  const { shareLink } = await interviewViaApi(request, VOICE_URL);
  // What Safari before 18.4 did on every utterance: the recorder refuses the type.
  await page.addInitScript(() => {
    window.MediaRecorder = class extends MediaRecorder {
      constructor() {
        throw new DOMException("The type is not supported", "NotSupportedError");
      }
    };
  });
  await page.goto(`${VOICE_URL}/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Voice Interview" }).click();
  await expect(page.locator('[data-voice-state="listening"]')).toBeVisible({ timeout: 15_000 });
  // The microphone's sentence starts at 3 s: the recorder fails then, and the page says so.
  const toast = page.getByRole("alert").filter({ hasText: "Voice Recognition Failed" });
  await expect(toast).toBeVisible({ timeout: 15_000 });
  await expect(toast).toContainText("Could not access microphone. Please check permissions and try again.");
  await expect(page.getByLabel("Your answer")).toBeVisible();
  await expect(page.locator("[data-voice-state]")).toHaveCount(0);
  await screenshot(page, "voice-recorder-failed");
  await expectNoSeriousViolations(page, "voice recorder failed");
});
