import { expect, test } from "@playwright/test";
import { readLatestResetLink } from "./outbox";
import { registerThroughUi, screenshot, signInThroughUi, uniqueEmail } from "./support";

test("register, sign out, sign in, reset the password and delete the account", async ({ page }) => {
  const email = uniqueEmail("journey");
  const password = "first passphrase 1";

  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot your password?" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Replit" })).toHaveCount(0);
  await screenshot(page, "auth-login");

  // Client-side validation keeps the visitor on the page with the spec's text.
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.locator(".mantine-Alert-root")).toHaveText("Email and password are required");

  await registerThroughUi(page, email, password);
  await expect(page.getByText("Account created!")).toBeVisible();

  // Signed in: /auth sends the user home, which is /projects for a non-admin.
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/projects$/);

  // Sign out by browser navigation.
  await page.goto("/api/logout");
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate(() => localStorage.removeItem("auth_token"));
  await page.goto("/projects");
  await expect(page).toHaveURL(/\/auth$/);

  // A wrong password shows the server's message.
  await signInThroughUi(page, email, "not the password");
  await expect(page.locator(".mantine-Alert-root")).toHaveText("Invalid email or password");
  await expect(page.getByText("Login failed")).toBeVisible();

  await signInThroughUi(page, email, password);
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.goto("/api/logout");
  await page.evaluate(() => localStorage.removeItem("auth_token"));

  // Forgot password → outbox → reset.
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole("button", { name: "Send Reset Email" }).click();
  await expect(page.locator(".mantine-Alert-root")).toHaveText("Email is required");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Email" }).click();
  await expect(page.getByText("Reset Email Sent")).toBeVisible();
  await screenshot(page, "auth-forgot-sent");

  const link = await readLatestResetLink(email);
  await page.goto(link);
  await page.getByLabel("New password").fill("second passphrase 2");
  await page.getByLabel("Confirm password").fill("second passphrase 3");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.locator(".mantine-Alert-root")).toHaveText("Passwords do not match");
  await page.getByLabel("Confirm password").fill("second passphrase 2");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Password Reset Successful").first()).toBeVisible();
  await screenshot(page, "auth-reset-done");
  await expect(page).toHaveURL(/\/auth$/, { timeout: 6000 });

  await signInThroughUi(page, email, password);
  await expect(page.locator(".mantine-Alert-root")).toHaveText("Invalid email or password");
  await signInThroughUi(page, email, "second passphrase 2");
  await expect(page).toHaveURL(/\/projects$/);

  // Delete the account from Account Settings: a confirmation, then typing DELETE.
  await page.goto("/account");
  await page.getByRole("button", { name: "Delete Account" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Continue" }).click();
  const confirm = page.getByRole("dialog").getByRole("button", { name: "Delete Account" });
  await expect(confirm).toBeDisabled();
  await page.getByLabel("Type DELETE to confirm").fill("delete");
  await expect(confirm).toBeDisabled();
  await page.getByLabel("Type DELETE to confirm").fill("DELETE");
  await confirm.click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText("Account Deleted")).toBeVisible();
  await page.evaluate(() => localStorage.removeItem("auth_token"));
  await signInThroughUi(page, email, "second passphrase 2");
  await expect(page.locator(".mantine-Alert-root")).toHaveText("Invalid email or password");
});

test("a reset page without a token explains and returns to /auth", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page.getByText("No reset token found in URL").first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 6000 });
});

test("the auth page reads well on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/auth");
  await page
    .locator("label")
    .filter({ hasText: /^Register$/ })
    .click();
  await expect(page.getByLabel("First name")).toBeVisible();
  await expect(page.getByRole("link", { name: "Terms" })).toBeVisible();
  await screenshot(page, "auth-register-phone");
});
