import { expect, test } from "@playwright/test";
import { fakeMicrophone, transcribeAs, twoUtterances } from "./fake-microphone";
import { interviewViaApi } from "./support";

// The microphone stays on while a piece of an answer is transcribed (issue 24). The speech service
// here takes 2 s; the participant goes on 2.6 s after the first piece, which the spec's 2 s of silence
// has just ended: the second piece is said while the first is still being transcribed. With the
// microphone off in that moment, it was lost and the first piece was sent alone.
const VOICE_URL = process.env.E2E_VOICE_URL as string;
const WAV = twoUtterances(
  "while-transcribing",
  "Every Monday we check the stock by hand and",
  "then we order.",
  2.6,
);

test.use({ launchOptions: fakeMicrophone(WAV) });

test("hears the participant go on while the first piece is still being transcribed", async ({
  page,
  request,
}) => {
  const { shareLink } = await interviewViaApi(request, VOICE_URL);
  const uploads = await transcribeAs(
    page,
    ["Every Monday we check the stock by hand and", "then we order."],
    {
      delayMs: 2000,
    },
  );
  await page.goto(`${VOICE_URL}/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Voice Interview" }).click();
  await expect(page.locator('[data-speaker="user"]')).toHaveText(
    ["Every Monday we check the stock by hand and then we order."],
    { timeout: 30_000 },
  );
  expect(uploads).toHaveLength(2);
});
