import { expect, type Page, test } from "@playwright/test";
import { registerThroughUi, screenshot } from "./support";

/**
 * Issue 34: the landing page and the sign-in page come as HTML rendered at build time, drawn before
 * any script has run, then hydrated; a signed-in owner is sent on without seeing them.
 */
const HEADLINE = "Discover what your stakeholders really need";

/** The page as the browser draws it from the server's HTML alone: the app's scripts never arrive. */
async function withoutScripts(page: Page) {
  await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`a visitor without a session sees the landing page and the sign-in forms before any script has run (${colorScheme})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await withoutScripts(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: HEADLINE })).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Started Free" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
    // Drawn in the visitor's colour scheme from the start, not switched to it once the app runs.
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", colorScheme);
    await screenshot(page, `prerendered-landing-${colorScheme}-phone`);

    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expect(page.getByLabel("Email")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    // Nothing to type into or press before the app runs: what was typed into the bare HTML would be
    // lost when React takes the form over, and a press would reload the page.
    await expect(page.getByRole("button", { name: "Sign In" })).toBeDisabled();
    await expect(page.getByLabel("Email")).not.toBeEditable();
    await expect(page.getByLabel(/^Password/)).not.toBeEditable();
    await screenshot(page, `prerendered-auth-${colorScheme}-phone`);

    await page.goto("/auth?mode=register");
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByLabel("First name")).toBeVisible();
    await context.close();
  });
}

/**
 * Errors the page logs (a failed hydration among them) and its layout shifts once the HTML is parsed,
 * when the app comes alive. (On a starved CPU the browser may paint a half-parsed document, the brand's
 * icon before its name: that is the parser's progressive drawing, which no script of ours causes.)
 */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      const parsed = (
        performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined
      )?.domInteractive;
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
        if (parsed && entry.startTime >= parsed) w.layoutShift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  return {
    errors,
    layoutShift: () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift),
  };
}

test("the landing page comes alive without a hydration error or a layout shift", async ({ page }) => {
  const seen = await watch(page);
  // The first headline in the page: the one the browser parsed from the HTML, before any script ran.
  await page.addInitScript(() => {
    const w = window as unknown as { drawn: Element | null };
    w.drawn = null;
    const observer = new MutationObserver(() => {
      w.drawn = document.querySelector("h1");
      if (w.drawn) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: HEADLINE })).toBeVisible();
  await expect(page.locator('[data-plan="Basic"]').getByText("Most Popular")).toBeVisible();
  await expect(page.locator("[data-sparkle]")).toHaveCount(15);
  await expect(page.getByText(`© ${new Date().getFullYear()} Parley Labs LLC`)).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await seen.layoutShift()).toBe(0);
  // Taken over, not drawn again: the headline on the screen is still the one the HTML had.
  expect(
    await page.evaluate(() => {
      const drawn = (window as unknown as { drawn: Element | null }).drawn;
      return drawn !== null && drawn === document.querySelector("h1");
    }),
  ).toBe(true);
  // The buttons work: the page's script has taken the markup over.
  await page.getByRole("button", { name: "Watch Demo" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("dialog").getByRole("button").first().click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await screenshot(page, "prerendered-landing-desktop");
  expect(seen.errors).toEqual([]);
  await page.getByRole("link", { name: "Get Started Free" }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
});

test("the sign-in page comes alive without a hydration error or a layout shift, on a phone too", async ({
  page,
}) => {
  const seen = await watch(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await seen.layoutShift()).toBe(0);
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByLabel(/^Password/).fill("not the password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await page
    .locator("label")
    .filter({ hasText: /^Register$/ })
    .click();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByLabel("First name")).toBeVisible();
  await screenshot(page, "prerendered-auth-phone");
  // The wrong password's answer (401) is the one error the browser logs.
  expect(seen.errors.filter((text) => !/401/.test(text))).toEqual([]);

  await page.goto("/auth?mode=register");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await page
    .locator("label")
    .filter({ hasText: /^Sign In$/ })
    .click();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  expect(seen.errors.filter((text) => !/401/.test(text))).toEqual([]);
});

test("a signed-in owner opening / or /auth goes to their projects without the landing page or the sign-in form showing first", async ({
  page,
}) => {
  await registerThroughUi(page);
  await page.addInitScript(
    ([headline]) => {
      const w = window as unknown as { sawSignedOutPage: boolean };
      w.sawSignedOutPage = false;
      new MutationObserver(() => {
        const text = document.body?.textContent ?? "";
        if (text.includes(headline as string) || text.includes("Welcome back")) w.sawSignedOutPage = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    },
    [HEADLINE],
  );
  for (const url of ["/", "/auth"]) {
    await page.goto(url);
    await expect(page).toHaveURL(/\/projects$/);
    expect(
      await page.evaluate(() => (window as unknown as { sawSignedOutPage: boolean }).sawSignedOutPage),
    ).toBe(false);
  }
});
