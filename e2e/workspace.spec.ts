import { expect, type Page, test } from "@playwright/test";
import { registerThroughUi, screenshot } from "./support";

/** A participant answers a text interview through its share link (a separate browser context). */
async function answerInterview(page: Page, link: string, answers: string[]) {
  await page.goto(link);
  await page.getByRole("button", { name: "Start Text Interview" }).click();
  const input = page.getByLabel("Your answer");
  await expect(page.locator('[data-speaker="ai"]').first()).toContainText("offline");
  for (const [index, answer] of answers.entries()) {
    await input.fill(answer);
    // Sending is disabled until the previous exchange is saved.
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
    await input.press("Enter");
    await expect(page.locator('[data-speaker="ai"]')).toHaveCount(index + 2);
  }
  await page.getByRole("button", { name: "End Interview" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "End now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your time!" })).toBeVisible();
  await page.getByRole("button", { name: "Save Responses" }).click();
  await expect(page.getByText("Your responses were saved.")).toBeVisible();
}

test("an owner runs a project from first interview to build prompt", async ({ page, browser }) => {
  await registerThroughUi(page);
  await expect(page.getByText("No projects yet")).toBeVisible();
  await screenshot(page, "projects-empty");

  // New project: the title is required.
  await page.getByRole("button", { name: "New Project" }).first().click();
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByText("Please enter a title for your project")).toBeVisible();
  await page.getByLabel("Title").fill("Field dispatch");
  await page.getByLabel("Objective").fill("Get technicians to emergencies faster");
  await page.getByLabel("Target audience").fill("Dispatchers and technicians");
  await page.getByLabel("Key features").fill("Live map\nRoute updates");
  await page.getByLabel("References").fill("https://example.com/notes");
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  await expect(page.getByRole("heading", { name: "Field dispatch" })).toBeVisible();
  await expect(page.getByRole("link", { name: "https://example.com/notes" })).toBeVisible();
  await expect(page.getByText("Live map")).toBeVisible();

  // New interview: form, then the share link.
  await page.getByRole("button", { name: "New Interview" }).first().click();
  await page.getByLabel("Interviewee name").fill("Dana");
  await page.getByRole("button", { name: "Create Interview" }).click();
  const link = await page.getByLabel("Share link").inputValue();
  expect(link).toMatch(/\/interview\/[A-Za-z0-9_-]{20,}$/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("dialog").getByRole("button", { name: "Copy", exact: true }).click();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await screenshot(page, "interview-created");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("Dana", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Copy Link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await screenshot(page, "tab-interviews");

  // Nothing completed yet: summarizing says so.
  await page.getByRole("button", { name: "Summarize Interviews" }).click();
  await expect(page.getByText("No interviews available")).toBeVisible();

  const participant = await browser.newContext();
  await answerInterview(await participant.newPage(), link, [
    "I'm a dispatcher for a plumbing company with twenty technicians.",
    "Every morning I plan the routes by hand from a spreadsheet, which takes two hours.",
    "I need to see every technician on one map so that I can send the closest one to an emergency.",
  ]);
  await participant.close();

  await page.reload();
  await expect(page.getByText("Completed")).toBeVisible();
  await page.getByRole("button", { name: "Summarize Interviews" }).click();
  await expect(page.getByRole("tab", { name: "Summary", selected: true })).toBeVisible();
  await expect(page.getByText("every technician on one map").first()).toBeVisible();
  await screenshot(page, "tab-summary");

  // Edit the summary with autosave, then save a version.
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const editor = page.getByLabel("Summary text");
  await editor.fill("# Dispatch summary\n\nDispatchers need a live map of technicians.");
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Save Version" }).click();
  await expect(page.getByText("Version saved")).toBeVisible();
  await page.getByRole("button", { name: "View", exact: true }).first().click();
  await page.reload();
  await page.getByRole("tab", { name: "Summary" }).click();
  await expect(page.getByText("Dispatchers need a live map of technicians.").first()).toBeVisible();

  // The strategic partner answers from the summary; Enter sends.
  const chat = page.getByLabel("Message the AI Strategic Partner");
  await chat.fill("What do they need on the map?");
  await chat.press("Enter");
  await expect(page.locator('[data-speaker="ai"]').last()).toContainText("live map");

  // Requirements: generated from the summary, each story with its quote; then edited.
  await page.getByRole("tab", { name: "Requirements" }).click();
  await page.getByRole("button", { name: "Create Requirements" }).click();
  await expect(page.getByText("Requirements generated")).toBeVisible();
  await expect(page.getByText("Saved Requirements")).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  // Without a model the draft says it was written by rules, and what a model would add.
  await expect(page.getByText(/^Written by rules, without an AI model/)).toBeVisible();
  await page.getByRole("button", { name: "Add Epic" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Add Epic" }).click();
  // The rule shows under the field, and the spec's toast says it too.
  await expect(page.getByRole("dialog").getByText("Epic name required")).toBeVisible();
  await expect(page.locator(".mantine-Notification-root").getByText("Epic name required")).toBeVisible();
  await page.getByLabel("Epic name").fill("Notifications");
  await page.getByRole("dialog").getByRole("button", { name: "Add Epic" }).click();
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  // An acceptance criterion is edited in place: click it, change it, Enter saves it (written by rules,
  // it says plainly that it is still to write).
  await page
    .getByRole("button", { name: /^To be written: the participant did not say how to tell/ })
    .first()
    .click();
  const criterion = page.getByLabel("Acceptance criterion", { exact: true });
  await criterion.fill("A dispatcher sees every technician on one live map");
  await criterion.press("Enter");
  await expect(
    page.getByRole("button", { name: "A dispatcher sees every technician on one live map", exact: true }),
  ).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Requirements" }).click();
  await expect(
    page.getByRole("button", { name: "A dispatcher sees every technician on one live map", exact: true }),
  ).toBeVisible();
  await screenshot(page, "tab-requirements");

  // Deleting an epic asks first: Cancel keeps it, Delete removes it.
  await page.getByRole("button", { name: "Actions for epic Notifications" }).click();
  await page.getByRole("menuitem", { name: "Delete Epic" }).click();
  const confirmDelete = page.getByRole("dialog", { name: "Delete this epic?" });
  await expect(confirmDelete).toContainText("“Notifications” and all its features and user stories");
  await screenshot(page, "requirements-confirm-delete");
  await confirmDelete.getByRole("button", { name: "Cancel" }).click();
  await expect(confirmDelete).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await page.getByRole("button", { name: "Actions for epic Notifications" }).click();
  await page.getByRole("menuitem", { name: "Delete Epic" }).click();
  await confirmDelete.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("heading", { name: "Notifications" })).toHaveCount(0);

  // Prompt: generated, downloadable.
  await page.getByRole("tab", { name: "Prompt" }).click();
  await page.getByRole("button", { name: "AI Optimized Prompt" }).click();
  await expect(page.getByText("Prompt generated")).toBeVisible();
  // The build prompt reads as the text that is pasted: a code block.
  await expect(page.getByLabel("Build prompt")).toContainText("Build: Field dispatch");
  // Editing the active prompt saves it a second after typing stops; a reload shows the edit.
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const promptText = page.getByLabel("Prompt text");
  await promptText.press("Control+End");
  await promptText.pressSequentially("\n\nKeep the map readable on a phone.");
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await page.reload();
  await page.getByRole("tab", { name: "Prompt" }).click();
  await expect(page.getByText("Keep the map readable on a phone.")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download as markdown" }).click();
  expect((await download).suggestedFilename()).toBe("field-dispatch-prompt.md");
  await screenshot(page, "tab-prompt");
});

test("an unknown project shows 'Project not found'", async ({ page }) => {
  await registerThroughUi(page);
  await page.goto("/projects/999999");
  await expect(page.getByRole("heading", { name: "Project not found" })).toBeVisible();
});
