import { expect, type Page, test } from "@playwright/test";
import { projectViaApi, screenshot, uniqueEmail } from "./support";

const PHONE = { width: 390, height: 844 };

async function registerInBrowser(page: Page, firstName = "Ada") {
  const response = await page.request.post("/api/auth/register", {
    data: { email: uniqueEmail("ux"), password: "experience passphrase", firstName, lastName: "Lovelace" },
  });
  expect(response.ok()).toBe(true);
}

const toast = (page: Page) => page.locator(".mantine-Notification-root");

test.describe("forms", () => {
  test("errors show under their fields, and a new toast replaces the one on screen", async ({ page }) => {
    await registerInBrowser(page);
    await page.goto("/projects");
    await page.getByRole("button", { name: "New Project" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New Project" });
    await dialog.getByRole("button", { name: "Create Project" }).click();
    // The server's rule under the field, the spec's toast above the page.
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await expect(dialog.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByText("Objective is required")).toBeVisible();
    await expect(toast(page)).toHaveCount(1);
    await expect(toast(page)).toContainText("Please enter a title for your project");
    await screenshot(page, "new-project-errors");

    // The title fixed, the objective still empty: the new toast replaces the old one at once.
    await dialog.getByLabel("Title").fill("Field dispatch");
    await expect(dialog.getByText("Title is required")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByText("Please enter the objective of your project")).toBeVisible();
    // The old toast had 5 s left; it leaves with its exit transition instead.
    await expect(page.getByText("Please enter a title for your project")).toHaveCount(0, { timeout: 1500 });
    await expect(toast(page)).toHaveCount(1);

    // Nothing was created by the refused attempts.
    expect(await (await page.request.get("/api/projects")).json()).toEqual([]);
  });

  test("a new interview without a name says so under the field", async ({ page }) => {
    await registerInBrowser(page);
    const projectId = await projectViaApi(page);
    await page.goto(`/projects/${projectId}`);
    await page.getByRole("button", { name: "New Interview" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New Interview" });
    await dialog.getByRole("button", { name: "Create Interview" }).click();
    await expect(dialog.getByText("Interview name is required")).toBeVisible();
    await expect(toast(page)).toContainText("Please enter a name for your interview");
    await dialog.getByLabel("Interviewee name").fill("Dana");
    await dialog.getByRole("button", { name: "Create Interview" }).click();
    await expect(page.getByLabel("Share link")).toHaveValue(/\/interview\//);
  });

  test("a change the server refuses says which action failed and why, in one toast", async ({ page }) => {
    await registerInBrowser(page);
    const projectId = await projectViaApi(page);
    await page.goto(`/projects/${projectId}`);
    await expect(page.getByRole("heading", { name: "Field dispatch" })).toBeVisible();
    // Deleted elsewhere (another tab) while this page still shows it.
    expect((await page.request.delete(`/api/projects/${projectId}`)).ok()).toBe(true);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Delete this project?" })
      .getByRole("button", { name: "Delete Project" })
      .click();
    await expect(toast(page)).toHaveCount(1);
    await expect(toast(page)).toContainText("Error deleting project");
    await expect(toast(page)).toContainText("Project not found");
    await expect(page.getByRole("dialog", { name: "Delete this project?" })).toBeHidden();
    await page.waitForTimeout(400); // the toast's slide-in, for the picture
    await screenshot(page, "error-toast-desktop");
  });

  test("the plan's project limit shows before the New Project form is filled", async ({ page }) => {
    await registerInBrowser(page);
    await page.goto("/projects");
    await page.getByRole("button", { name: "New Project" }).first().click();
    await expect(page.getByRole("dialog", { name: "New Project" })).toContainText(
      "0 of 1 new projects this month on the Free plan.",
    );
    await page.keyboard.press("Escape");
    await projectViaApi(page);
    await page.reload();
    await page.getByRole("button", { name: "New Project" }).first().click();
    const limit = page.getByRole("dialog", { name: "Project limit reached" });
    await expect(limit).toContainText("Upgrade your plan to create more projects.");
    await expect(page.getByLabel("Title")).toHaveCount(0);
    await screenshot(page, "project-limit");
    await limit.getByRole("link", { name: "See plans" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});

test.describe("visual base", () => {
  test("the open tab lives in the URL: reload keeps it and Back returns to the last one", async ({
    page,
  }) => {
    await registerInBrowser(page);
    const projectId = await projectViaApi(page);
    await page.goto(`/projects/${projectId}`);
    await page.getByRole("tab", { name: "Summary" }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}\\?tab=summary$`));
    await page.getByRole("tab", { name: "Prompt" }).click();
    await expect(page).toHaveURL(/\?tab=replit-prompts$/);
    await page.reload();
    await expect(page.getByRole("tab", { name: "Prompt", selected: true })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("tab", { name: "Summary", selected: true })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("tab", { name: "Interviews", selected: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
  });

  test("a compact header with a brief that folds, remembered after a reload", async ({ page }) => {
    await registerInBrowser(page);
    const projectId = await projectViaApi(page, { references: "https://example.com/notes" });
    await page.goto(`/projects/${projectId}`);
    const brief = page.getByRole("button", { name: /Project brief/ });
    await expect(brief).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("link", { name: "https://example.com/notes" })).toBeVisible();
    await screenshot(page, "project-header-desktop");
    await brief.click();
    await expect(brief).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "https://example.com/notes" })).toBeHidden();
    // Folded, the header still says what the project is for.
    await expect(brief).toContainText("Faster routing");
    await page.reload();
    await expect(page.getByRole("button", { name: /Project brief/ })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });

  test("on a phone the brief starts folded and the tabs stay in one row", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await registerInBrowser(page);
    const projectId = await projectViaApi(page);
    await page.goto(`/projects/${projectId}`);
    await expect(page.getByRole("button", { name: /Project brief/ })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    const tops = await page
      .getByRole("tab")
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "project-header-phone");
  });

  test("a slow network shows the page's shape, not a blank spinner", async ({ page }) => {
    await registerInBrowser(page);
    const projectId = await projectViaApi(page);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/trpc/projects.get**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/projects/${projectId}`);
    const loading = page.getByLabel("Loading project");
    await expect(loading).toBeVisible();
    await expect(loading.locator(".mantine-Skeleton-root").first()).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "Field dispatch" })).toBeVisible();
    await expect(loading).toHaveCount(0);
  });

  test("Inter is loaded from the app itself", async ({ page }) => {
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(request.url());
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
    expect(
      await page.getByRole("heading", { level: 1 }).evaluate((el) => getComputedStyle(el).fontFamily),
    ).toMatch(/^"Inter Variable"/);
    expect(fonts.length).toBeGreaterThan(0);
    for (const url of fonts) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
  });

  test("dark mode follows the system, and the user menu switches it", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ colorScheme: "dark", baseURL });
    const page = await context.newPage();
    await registerInBrowser(page);
    await page.goto("/projects");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    await expect(page.getByText("No projects yet")).toBeVisible();
    await screenshot(page, "projects-dark");
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Light mode" }).click();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
    await page.reload();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Dark mode" }).click();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    await context.close();
  });

  test("the build prompt is a code block with Copy as the main action", async ({ page, context }) => {
    await registerInBrowser(page);
    const projectId = await projectViaApi(page);
    await page.request.post("/api/replit-prompts", {
      data: {
        projectId,
        title: "Build: Field dispatch",
        content: "# Build: Field dispatch\n\nShow a live map.",
      },
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`/projects/${projectId}?tab=replit-prompts`);
    const code = page.getByLabel("Build prompt");
    await expect(code).toHaveText("# Build: Field dispatch\n\nShow a live map.");
    expect(await code.evaluate((el) => el.tagName)).toBe("PRE");
    const copy = page.getByRole("button", { name: "Copy", exact: true });
    // Filled in the primary colour (indigo 8): the one main action of the card.
    expect(await copy.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(59, 91, 219)");
    await copy.click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      "# Build: Field dispatch\n\nShow a live map.",
    );
    await screenshot(page, "prompt-code-block");
  });

  test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
    await registerInBrowser(page);
    await page.goto("/projects");
    await expect(page.getByRole("heading", { name: "Projects", exact: true })).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main-content")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "New Project" }).first()).toBeFocused();
  });
});

test.describe("smaller", () => {
  test("/upgrade for an active Basic user: no 'Subscription Required', the current plan disabled", async ({
    page,
  }) => {
    await registerInBrowser(page);
    const plans = (await (await page.request.get("/api/subscription-plans")).json()) as {
      id: number;
      name: string;
    }[];
    const basic = plans.find((p) => p.name === "Basic");
    const subscribed = await page.request.post("/api/create-subscription", { data: { planId: basic?.id } });
    expect(subscribed.ok()).toBe(true);
    await page.goto("/upgrade");
    await expect(page.getByRole("heading", { name: "Upgrade your plan" })).toBeVisible();
    await expect(page.getByText("Subscription Required")).toHaveCount(0);
    await expect(
      page.locator('[data-plan="Basic"]').getByRole("button", { name: "Current Plan" }),
    ).toBeDisabled();
    await expect(
      page.locator('[data-plan="Pro"]').getByRole("button", { name: "Upgrade to Pro" }),
    ).toBeEnabled();
    await screenshot(page, "upgrade-basic");
  });

  test("the landing page on a phone: buttons centred under the text, this year's footer", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const started = page.getByRole("link", { name: "Get Started Free" });
    const demo = page.getByRole("button", { name: "Watch Demo" });
    for (const button of [started, demo]) {
      const box = await button.boundingBox();
      expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - PHONE.width / 2)).toBeLessThan(4);
    }
    await expect(page.locator("footer")).toContainText(`© ${new Date().getFullYear()} Parley Labs LLC.`);
    await screenshot(page, "landing-phone");
  });

  test("the pricing page's Free card says 'Free' once; the subscribe page offers sign-in", async ({
    page,
  }) => {
    await page.goto("/pricing");
    const free = page.locator('[data-plan="Free"]');
    await expect(free.getByText("Free", { exact: true })).toHaveCount(1);
    await screenshot(page, "pricing");
    await page.locator('[data-plan="Basic"]').getByRole("button", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/subscribe\/\d+$/);
    await expect(page.getByText("Already have an account?")).toBeVisible();
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });
});
