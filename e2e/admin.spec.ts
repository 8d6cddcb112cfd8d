import { expect, test } from "@playwright/test";
import { ADMIN, registerThroughUi, screenshot, signInThroughUi, uniqueEmail } from "./support";

test("a non-admin sees 'Access Denied'", async ({ page }) => {
  await registerThroughUi(page);
  await page.goto("/admin");
  await expect(page.getByText("Access Denied")).toBeVisible();
  await expect(page.getByText("You don't have permission to access the admin dashboard.")).toBeVisible();
});

test("an admin manages users, plans, usage, models and test accounts", async ({ page, browser, request }) => {
  const email = uniqueEmail("managed");
  await request.post("/api/auth/register", {
    data: { email, password: "managed passphrase 1", firstName: "Mona", lastName: "Managed" },
  });

  await signInThroughUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText("Total users")).toBeVisible();
  await expect(page.getByText("Profit margin")).toBeVisible();

  await page.getByLabel("Search users").fill("mona");
  await expect(page.getByLabel("Searching")).toHaveCount(0);
  const row = page.locator(`[data-user="${email}"]`);
  await expect(row).toBeVisible();
  // Every row left matches the search (email, first or last name, any case).
  for (const text of await page.locator("[data-user]").allInnerTexts())
    expect(text.toLowerCase()).toContain("mona");
  await screenshot(page, "admin-users");

  await row.getByLabel(`Plan for ${email}`).click();
  await page.getByRole("option", { name: "Pro" }).click();
  await expect(page.getByText("User updated successfully")).toBeVisible();
  await expect(row.getByText("pro", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: "Reset Usage" }).click();
  await expect(page.getByText("Usage reset")).toBeVisible();

  await row.getByRole("link", { name: "Mona Managed" }).click();
  await expect(page.getByRole("heading", { name: "Mona Managed" })).toBeVisible();
  await expect(page.getByText("Not set").first()).toBeVisible();
  await expect(page.getByText("No projects found")).toBeVisible();
  await expect(page.getByText("update user")).toBeVisible();
  await screenshot(page, "admin-user-detail");
  await page.getByRole("link", { name: "← Back to the admin dashboard" }).click();

  await page.getByRole("tab", { name: "Model Configurations" }).click();
  await page
    .locator('[data-component="interview_agent"]')
    .getByRole("button", { name: "Configure Model" })
    .click();
  await expect(page.getByRole("dialog", { name: "Edit Model Configuration" })).toBeVisible();
  const json = page.getByLabel("Configuration (JSON)");
  await json.fill("{ not json");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText(/Configuration must be valid JSON/)).toBeVisible();
  await json.fill('{"temperature": 0.4}');
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Model configuration updated")).toBeVisible();
  await screenshot(page, "admin-models");

  // Deleting a configuration asks once more in the dialog; "Keep" deletes nothing.
  await page
    .locator('[data-component="interview_agent"]')
    .getByRole("button", { name: "Configure Model" })
    .click();
  const editDialog = page.getByRole("dialog", { name: "Edit Model Configuration" });
  await editDialog.getByRole("button", { name: "Delete" }).click();
  await expect(editDialog.getByText("Delete this configuration?")).toBeVisible();
  await editDialog.getByRole("button", { name: "Keep" }).click();
  await expect(editDialog.getByText("Delete this configuration?")).toHaveCount(0);
  await editDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(editDialog).toHaveCount(0);

  await page.getByRole("tab", { name: "User Management" }).click();
  await page.getByRole("button", { name: "Create Test Account" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  const testEmail = uniqueEmail("tester");
  await page.getByRole("dialog").getByLabel("Email").fill(testEmail);
  await page.getByRole("dialog").getByRole("button", { name: "Create Account" }).click();
  const password = (await page.getByTestId("temporary-password").textContent()) ?? "";
  expect(password).toMatch(/^[a-z2-7]{16}$/);

  const fresh = await browser.newContext();
  const testerPage = await fresh.newPage();
  await signInThroughUi(testerPage, testEmail, password);
  await expect(testerPage).toHaveURL(/\/projects$/);
  await fresh.close();
});
