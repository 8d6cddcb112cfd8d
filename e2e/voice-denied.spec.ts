import { expect, test } from "@playwright/test";
import { BASE_LAUNCH_ARGS, interviewViaApi } from "./support";

// Without --use-fake-ui-for-media-stream the permission request is refused (TESTING-NOTES.md).
test.use({
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [...BASE_LAUNCH_ARGS, "--use-fake-device-for-media-stream"],
  },
});

test("a denied microphone falls back to text with the spec's message", async ({ page, request, baseURL }) => {
  const { shareLink } = await interviewViaApi(request, baseURL as string);
  await page.goto(`/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Voice Interview" }).click();
  await expect(page.getByText("Voice Recognition Failed")).toBeVisible();
  await expect(
    page.getByText("Could not access microphone. Please check permissions and try again."),
  ).toBeVisible();
  await expect(page.getByLabel("Your answer")).toBeVisible();
});
