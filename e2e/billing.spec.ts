import { expect, test } from "@playwright/test";
import { screenshot, uniqueEmail } from "./support";

test("landing → register → subscribe (test mode) → budget → cancel → banner on a project", async ({
  page,
}) => {
  await page.goto("/");
  await expect(
    page.getByRole("heading", { name: "Discover what your stakeholders really need" }),
  ).toBeVisible();
  await expect(page.locator("[data-sparkle]")).toHaveCount(15);
  await expect(page.locator('[data-plan="Basic"]').getByText("Most Popular")).toBeVisible();
  await expect(page.locator('[data-plan="Free"]').getByText("Free", { exact: true }).first()).toBeVisible();
  await expect(page.locator('[data-plan="Pro"]').getByText("$99 /month")).toBeVisible();
  await expect(page.getByText("Parley Labs LLC").first()).toBeVisible();
  await screenshot(page, "landing");

  await page.getByRole("button", { name: "Watch Demo" }).click();
  const video = page.locator("video");
  await expect(video).toHaveAttribute("controls", "");
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.autoplay)).toBe(true);
  await page.getByRole("dialog").getByRole("button").first().click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("link", { name: "Get Started Free" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page
    .locator("label")
    .filter({ hasText: /^Register$/ })
    .click();
  await page.getByLabel("Email").fill(uniqueEmail("buyer"));
  await page.getByLabel(/^Password/).fill("buyer passphrase 1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/projects$/);

  await page.goto("/pricing");
  await expect(page.locator('[data-plan="Free"]').getByText("Current Plan")).toBeVisible();
  await screenshot(page, "pricing");
  await page.locator('[data-plan="Basic"]').getByRole("button", { name: "Get Started" }).click();
  await expect(page).toHaveURL(/\/subscribe\/\d+$/);
  await expect(page.getByText("Test mode")).toBeVisible();
  await screenshot(page, "subscribe");
  await page.getByRole("button", { name: "Subscribe to Basic - $29/month" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText("Plan Activated")).toBeVisible();
  await expect(page.getByText("basic", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();

  await page.getByLabel("Monthly budget (USD)").fill("12.34");
  await page.getByLabel("Email me budget alerts").check({ force: true });
  await expect(page.getByLabel("Alert at 80% of my budget")).toBeVisible();
  await page.getByRole("button", { name: "Save Budget" }).click();
  await expect(page.getByText("Budget Updated")).toBeVisible();
  await expect(page.getByText("$12.34")).toBeVisible();
  await screenshot(page, "account");

  // Create a project while active, then cancel: the project page shows the upgrade banner.
  const projectId = await page.evaluate(async () => {
    const res = await fetch("/api/projects", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ title: "After cancel", objective: "Check the banner" }),
    });
    return ((await res.json()) as { id: number }).id;
  });
  await page.getByRole("button", { name: "Cancel Subscription" }).first().click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel Subscription" }).click();
  await expect(page.getByText("Subscription cancelled successfully")).toBeVisible();
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByText("Upgrade your plan")).toBeVisible();
  await page.getByRole("link", { name: "Upgrade your plan" }).click();
  await expect(page).toHaveURL(/\/upgrade$/);
  await expect(page.getByText("Subscription Required")).toBeVisible();
  await expect(page.locator('[data-plan="Pro"]').getByText("Most Popular")).toBeVisible();
  await screenshot(page, "upgrade");

  // The signed-in billing pages on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "upgrade-phone");
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Budget Management" })).toBeVisible();
  await screenshot(page, "account-phone");
  await page.goto("/pricing");
  await page.locator('[data-plan="Pro"]').getByRole("button", { name: "Get Started" }).click();
  await expect(page.getByRole("button", { name: "Upgrade to Pro - $99/month" })).toBeVisible();
  await screenshot(page, "subscribe-phone");

  // The account page upgrades through the same call (its checkout reading): at once in test mode.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/account");
  await page.getByRole("button", { name: "Upgrade to Pro" }).click();
  await expect(page.getByText("Plan Activated", { exact: true })).toBeVisible();
  await expect(page.getByText("pro", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Current Plan" })).toBeVisible();
});

test("an invalid plan id goes back to pricing; an unknown one says 'Plan Not Found'", async ({ page }) => {
  await page.goto("/subscribe/abc");
  await expect(page.getByText("Please select a valid subscription plan")).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goto("/subscribe/999");
  await expect(page.getByRole("heading", { name: "Plan Not Found" })).toBeVisible();
});

test("public pages read well on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Get Started Free" })).toBeVisible();
  await screenshot(page, "landing-phone");
  await page.goto("/pricing");
  await expect(page.locator('[data-plan="Pro"]')).toBeVisible();
  await screenshot(page, "pricing-phone");
  await page.goto("/documentation");
  await expect(page.getByRole("heading", { name: "Stakeholder personas and time limits" })).toBeVisible();
  await page.goto("/privacy-policy");
  await expect(page.getByText("Effective date: June 30, 2025")).toBeVisible();
  await page.goto("/terms-conditions");
  await expect(page.getByRole("heading", { name: "Terms and Conditions" })).toBeVisible();
  await page.goto("/policies-disclaimers");
  await expect(page.getByRole("heading", { name: "Refund policy" })).toBeVisible();
});
