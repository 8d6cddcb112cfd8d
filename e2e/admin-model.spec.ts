import { expect, test } from "@playwright/test";
import { ADMIN, interviewViaApi, screenshot, signInThroughUi } from "./support";

// The app server whose AI is the real openai SDK against the local fake (playwright.config.ts).
const VOICE_URL = process.env.E2E_VOICE_URL as string;
const FAKE_OPENAI_URL = `http://127.0.0.1:${Number(new URL(VOICE_URL).port) + 1}`;

test.use({ baseURL: VOICE_URL });

test("an admin's model configuration is what the interview agent uses on its next call", async ({
  page,
  browser,
  request,
}) => {
  // A temperature no default uses, so the fake's log shows this configuration and no other.
  const temperature = 0.37;
  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("tab", { name: "Model Configurations" }).click();
  await page
    .locator('[data-component="interview_agent"]')
    .getByRole("button", { name: "Configure Model" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit Model Configuration" });
  await dialog.getByLabel("Configuration (JSON)").fill(JSON.stringify({ temperature }));
  await dialog.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Model configuration updated")).toBeVisible();
  const model = await page.locator('[data-component="interview_agent"]').getAttribute("data-model");
  expect(model).toBeTruthy();

  // A participant starts a text interview: the welcome is the interview agent's first call.
  const { shareLink } = await interviewViaApi(request, VOICE_URL);
  const participant = await (await browser.newContext({ baseURL: VOICE_URL })).newPage();
  await participant.goto(`/interview/${shareLink}`);
  await participant.getByRole("button", { name: "Start Text Interview" }).click();
  await expect(participant.locator('[data-speaker="ai"]').first()).toContainText("hardest part");
  await screenshot(participant, "admin-model-interview");

  const calls = (await (await request.get(`${FAKE_OPENAI_URL}/__requests`)).json()) as Array<{
    model: string;
    temperature?: number;
  }>;
  const withEdit = calls.filter((call) => call.temperature === temperature);
  expect(withEdit.length).toBeGreaterThan(0);
  expect(withEdit.every((call) => call.model === model)).toBe(true);
});
