import { expect, test } from "@playwright/test";
import { BASE_LAUNCH_ARGS, interviewViaApi } from "./support";

// Without --use-fake-ui-for-media-stream the permission request is refused (TESTING-NOTES.md).
test.use({
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [...BASE_LAUNCH_ARGS, "--use-fake-device-for-media-stream"],
  },
});

test("a denied microphone falls back to text with the spec's permission message", async ({
  page,
  request,
  baseURL,
}) => {
  const { shareLink } = await interviewViaApi(request, baseURL as string);
  await page.goto(`/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Voice Interview" }).click();
  // A refused permission (NotAllowedError) reads 'Microphone Access Error'; other microphone
  // failures (no device, device busy) read 'Voice Recognition Failed'.
  await expect(page.getByText("Microphone Access Error")).toBeVisible();
  await expect(page.getByText("Please check your microphone permissions and try again.")).toBeVisible();
  await expect(page.getByLabel("Your answer")).toBeVisible();
});
