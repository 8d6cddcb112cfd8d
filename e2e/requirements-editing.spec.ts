import { expect, type Page, test } from "@playwright/test";
import { projectViaApi, saveRequirements, screenshot, uniqueEmail } from "./support";

const REQUIREMENTS = `# Epic: Dispatch map
Everything the dispatcher sees on one screen.

## Feature: Live technician map
Shows every technician.

### Acceptance Criteria
- A dispatcher sees every technician on one map
  > "I need to see every technician on one map"

### User Stories
- As a dispatcher, I want to see every technician on a map so that I can send the closest one
  > "send the closest one to an emergency"

## Feature: Route updates
Routes change during the day.
`;

/** An owner signed in this browser with a project whose requirements tree is already saved. */
async function ownerWithRequirements(page: Page) {
  await page.request.post("/api/auth/register", {
    data: { email: uniqueEmail("req"), password: "requirements passphrase", firstName: "Rita" },
  });
  const projectId = await projectViaApi(page);
  await saveRequirements(page, projectId, REQUIREMENTS);
  return projectId;
}

async function openRequirements(page: Page, projectId: number) {
  await page.goto(`/projects/${projectId}?tab=requirements`);
  await expect(page.getByRole("heading", { name: "Dispatch map" })).toBeVisible();
}

test("names, descriptions and story parts are edited in place: Enter saves, Escape cancels, leaving saves", async ({
  page,
}) => {
  const projectId = await ownerWithRequirements(page);
  await openRequirements(page, projectId);
  await screenshot(page, "requirements-desktop");

  // Enter saves the epic's new name.
  await page.getByRole("button", { name: "Dispatch map", exact: true }).click();
  const epicName = page.getByLabel("Epic name");
  await epicName.fill("Dispatch board");
  await epicName.press("Enter");
  await expect(page.getByRole("heading", { name: "Dispatch board" })).toBeVisible();

  // Escape puts the old text back and saves nothing.
  await page.getByRole("button", { name: "Live technician map", exact: true }).click();
  const featureName = page.getByLabel("Feature name");
  await featureName.fill("Something else");
  await featureName.press("Escape");
  await expect(featureName).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Live technician map", exact: true })).toBeVisible();

  // Leaving the field saves the description.
  await page.getByRole("button", { name: "Routes change during the day." }).click();
  await page.getByLabel("Feature description").fill("Routes follow the day's emergencies.");
  await page.getByRole("heading", { name: "Requirements", exact: true }).click();
  await expect(page.getByRole("button", { name: "Routes follow the day's emergencies." })).toBeVisible();

  // One part of a user story.
  await page.getByRole("button", { name: "see every technician on a map", exact: true }).click();
  const action = page.getByLabel("I want to (action)");
  await action.fill("see every technician on a live map");
  await action.press("Enter");
  await expect(
    page.getByRole("button", { name: "see every technician on a live map", exact: true }),
  ).toBeVisible();

  // Everything above was saved on the server.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Dispatch board" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Live technician map", exact: true })).toBeVisible();
  await expect(page.getByText("Routes follow the day's emergencies.")).toBeVisible();
  await expect(page.getByText("see every technician on a live map")).toBeVisible();
  // Criteria read as a list, not as checkboxes.
  await expect(page.getByText("☐")).toHaveCount(0);
});

test("a feature is deleted from its menu after a confirmation, and an epic folds to one line", async ({
  page,
}) => {
  const projectId = await ownerWithRequirements(page);
  await openRequirements(page, projectId);

  await page.getByRole("button", { name: "Actions for feature Route updates" }).click();
  await page.getByRole("menuitem", { name: "Delete Feature" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this feature?" });
  await expect(dialog).toContainText("“Route updates” and its user stories will be deleted.");
  await expect(dialog).toContainText("Refresh Requirements will not bring it back.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Route updates", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Actions for feature Route updates" }).click();
  await page.getByRole("menuitem", { name: "Delete Feature" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("button", { name: "Route updates", exact: true })).toHaveCount(0);
  await expect(page.getByText("1 feature · 1 story")).toBeVisible();

  const fold = page.getByRole("button", { name: "Collapse epic Dispatch map" });
  await expect(fold).toHaveAttribute("aria-expanded", "true");
  await fold.click();
  await expect(page.getByRole("button", { name: "Expand epic Dispatch map" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  await expect(page.getByRole("button", { name: "Live technician map", exact: true })).toBeHidden();
  await page.getByRole("button", { name: "Expand epic Dispatch map" }).click();
  await expect(page.getByRole("button", { name: "Live technician map", exact: true })).toBeVisible();
});

test("a saved version previews as counts and names, not raw markdown", async ({ page }) => {
  const projectId = await ownerWithRequirements(page);
  const saved = await page.request.post("/api/documents", {
    data: { projectId, title: "Field dispatch - Requirements", content: REQUIREMENTS, kind: "requirements" },
  });
  expect(saved.ok()).toBe(true);
  await openRequirements(page, projectId);
  const card = page.locator("[data-saved-requirements]").first();
  await expect(card).toContainText("1 epic · 2 features · 1 story");
  await expect(card).toContainText("Dispatch map: Live technician map, Route updates");
  await expect(card).not.toContainText("# Epic:");
});

test("the requirements tab on a phone: tabs in one scrolling row, no sideways page scroll", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const projectId = await ownerWithRequirements(page);
  await openRequirements(page, projectId);
  const tabs = page.getByRole("tab");
  const tops = await tabs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
  const list = page.getByRole("tablist");
  expect(await list.evaluate((el) => getComputedStyle(el).overflowX)).toBe("auto");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The selected tab is reachable: the list scrolls it into view.
  await expect(page.getByRole("tab", { name: "Requirements", selected: true })).toBeVisible();
  await screenshot(page, "requirements-phone");
});
