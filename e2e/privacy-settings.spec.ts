import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { projectViaApi, screenshot, uniqueEmail } from "./support";

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

async function ownerWithProject(browser: Browser) {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  const register = await page.request.post("/api/auth/register", {
    data: { email: uniqueEmail("privacy"), password: "privacy passphrase 1", firstName: "Olive" },
  });
  expect(register.ok()).toBe(true);
  const projectId = await projectViaApi(page);
  return { page, projectId, close: () => context.close() };
}

const privacyHeader = (page: Page) => page.getByRole("button", { name: /^Privacy/ });
const detailsSwitch = (page: Page) =>
  page.getByRole("switch", { name: "Show personal details in documents" });
const retentionSelect = (page: Page) =>
  page.getByRole("combobox", { name: "Keep raw conversations, audio and images" });

test("the owner sets what documents show and how long raw conversations are kept; it sticks after a reload", async ({
  browser,
}) => {
  const { page, projectId, close } = await ownerWithProject(browser);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/projects/${projectId}`);
  // Folded, the card says the project's settings in one line: by default placeholders, kept until deleted.
  await expect(privacyHeader(page)).toContainText(
    "Documents show placeholders · raw conversations kept until deleted",
  );
  await privacyHeader(page).click();
  await expect(privacyHeader(page)).toHaveAttribute("aria-expanded", "true");
  await expect(detailsSwitch(page)).not.toBeChecked();
  // The explanation is read as the switch's description, not as part of its name.
  await expect(detailsSwitch(page)).toHaveAccessibleName("Show personal details in documents");
  await expect(detailsSwitch(page)).toHaveAccessibleDescription(
    "Off: documents, exports and the build prompt show placeholders such as [PERSON 1]. On: they show the details.",
  );
  await expect(page.getByText("Documents made from interviews are kept, with placeholders.")).toBeVisible();
  await expect(retentionSelect(page)).toHaveValue("Until deleted");
  await expect(page.getByRole("button", { name: "Save privacy settings" })).toBeDisabled();

  // By keyboard: Space flips the switch; the select opens with the arrow keys and Enter picks.
  await detailsSwitch(page).focus();
  await page.keyboard.press("Space");
  await expect(detailsSwitch(page)).toBeChecked();
  await retentionSelect(page).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("option", { name: "90 days" })).toBeVisible();
  await screenshot(page, "privacy-settings-select-desktop");
  await page.keyboard.press("ArrowUp"); // from "Until deleted" to "365 days"
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await expect(retentionSelect(page)).toHaveValue("90 days");
  await expect(page.getByText("Not saved yet")).toBeVisible();
  await page.getByRole("button", { name: "Save privacy settings" }).click();
  await expect(page.getByText("Privacy settings saved")).toBeVisible();
  await expect(page.getByText("Not saved yet")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save privacy settings" })).toBeDisabled();
  await screenshot(page, "privacy-settings-saved-desktop");

  // The REST door and the page after a reload both read the saved settings.
  const saved = await (await page.request.get(`/api/projects/${projectId}`)).json();
  expect([saved.showPersonalDetails, saved.retentionDays]).toEqual([true, 90]);
  await page.reload();
  await expect(privacyHeader(page)).toContainText(
    "Documents show personal details · raw conversations kept 90 days",
  );
  await privacyHeader(page).click();
  await expect(detailsSwitch(page)).toBeChecked();
  await expect(retentionSelect(page)).toHaveValue("90 days");
  await expectNoSeriousViolations(page, "privacy settings at 1280px");

  await page.setViewportSize(PHONE);
  await page.reload();
  await privacyHeader(page).click();
  await expect(retentionSelect(page)).toHaveValue("90 days");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page, "privacy settings at 375px");
  await screenshot(page, "privacy-settings-phone");
  await close();
});

test("a failed save says so and keeps the owner's choice to save again", async ({ browser }) => {
  const { page, projectId, close } = await ownerWithProject(browser);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/projects/${projectId}`);
  await privacyHeader(page).click();
  await page.route("**/trpc/projects.update**", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({
        error: {
          message: "The database is not answering",
          code: -32603,
          data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 503 },
        },
      }),
    }),
  );
  await detailsSwitch(page).click();
  await retentionSelect(page).click();
  await page.getByRole("option", { name: "30 days" }).click();
  await page.getByRole("button", { name: "Save privacy settings" }).click();
  await expect(page.getByText("Error saving privacy settings")).toBeVisible();
  await expect(detailsSwitch(page)).toBeChecked();
  await expect(retentionSelect(page)).toHaveValue("30 days");
  await expect(page.getByRole("button", { name: "Save privacy settings" })).toBeEnabled();
  await screenshot(page, "privacy-settings-failed-desktop");

  // The server is back: the same choice saves.
  await page.unroute("**/trpc/projects.update**");
  await page.getByRole("button", { name: "Save privacy settings" }).click();
  await expect(page.getByText("Privacy settings saved")).toBeVisible();
  const saved = await (await page.request.get(`/api/projects/${projectId}`)).json();
  expect([saved.showPersonalDetails, saved.retentionDays]).toEqual([true, 30]);
  await close();
});
