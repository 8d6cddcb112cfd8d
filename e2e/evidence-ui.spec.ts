import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { interviewViaApi, screenshot } from "./support";

type Headers = Record<string, string>;

/** A completed interview through the REST door: the participant's words as a saved conversation. */
async function completedInterview(
  request: import("@playwright/test").APIRequestContext,
  baseURL: string,
  headers: Headers,
  interviewId: number,
  answers: string[],
) {
  const messages = answers.flatMap((answer, i) => [
    JSON.stringify({
      role: "ai",
      content: `Question ${i + 1}: what matters to you?`,
      timestamp: new Date().toISOString(),
    }),
    JSON.stringify({ role: "user", content: answer, timestamp: new Date().toISOString() }),
  ]);
  const saved = await request.post(`${baseURL}/api/conversations`, {
    headers,
    data: { interviewId, messages },
  });
  expect(saved.status()).toBe(201);
  const done = await request.patch(`${baseURL}/api/interviews/${interviewId}/status`, {
    headers,
    data: { status: "completed" },
  });
  expect(done.ok()).toBe(true);
}

/** A rider who does not want an account and an operator who wants one: opposite polarity, one topic. */
async function projectWithConflict(request: import("@playwright/test").APIRequestContext, baseURL: string) {
  const owner = await interviewViaApi(request, baseURL, "user");
  const second = await (
    await request.post(`${baseURL}/api/interviews`, {
      headers: owner.headers,
      data: { projectId: owner.projectId, name: "Omar", stakeholderType: "business" },
    })
  ).json();
  await completedInterview(request, baseURL, owner.headers, owner.interviewId, [
    "I don't want to create an account just to ride once.",
    "I need to see free docks near the station so that I can plan my ride.",
    "I need a receipt by email after each ride.",
  ]);
  await completedInterview(request, baseURL, owner.headers, second.id as number, [
    "Every rider must have an account so that we can contact them.",
    "It is frustrating that free docks are always full in the morning.",
  ]);
  return owner;
}

/** Records every job status the page showed, so a fast job's progress is still seen. */
async function watchJobStatuses(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __jobStatuses: string[] }).__jobStatuses = seen;
    new MutationObserver(() => {
      const shown = document.querySelector("[data-job-status]")?.getAttribute("data-job-status") ?? "none";
      if (seen.at(-1) !== shown) seen.push(shown);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
}
const jobStatuses = (page: Page) =>
  page.evaluate(() => (window as unknown as { __jobStatuses: string[] }).__jobStatuses);

for (const size of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`AI work and evidence at ${size.width}px`, () => {
    // bypassCSP lets the axe-core check inject its script (TESTING-NOTES.md).
    test.use({ viewport: { width: size.width, height: size.height }, bypassCSP: true });

    test("a generator says why it cannot run yet, and the spec's toast still answers a click", async ({
      page,
      request,
      baseURL,
    }) => {
      const { token, projectId } = await interviewViaApi(request, baseURL as string);
      await page.addInitScript((value) => localStorage.setItem("auth_token", value), token);
      await page.goto(`/projects/${projectId}`);
      await expect(
        page.getByText(/Summarize Interviews: needs at least one completed interview/),
      ).toBeVisible();
      await screenshot(page, `evidence-blocker-interviews-${size.name}`);
      await page.getByRole("button", { name: "Summarize Interviews" }).click();
      await expect(page.getByText("No interviews available")).toBeVisible();
      await page.getByRole("tab", { name: "Requirements" }).click();
      await expect(page.getByText("Create Requirements needs a summary")).toBeVisible();
      await expect(page.getByRole("button", { name: "Export" })).toBeDisabled();
      await screenshot(page, `evidence-blocker-requirements-${size.name}`);
    });

    test("summarize and create requirements show job progress, evidence, conflicts, and export files", async ({
      page,
      request,
      baseURL,
    }) => {
      const { token, projectId } = await projectWithConflict(request, baseURL as string);
      await watchJobStatuses(page);
      await page.addInitScript((value) => localStorage.setItem("auth_token", value), token);
      await page.goto(`/projects/${projectId}`);
      await expect(page.getByTestId("summarize-blocker")).toHaveCount(0);

      // Summarize: the job's progress in the Summary card, then the summary with themes and conflicts.
      // A slow network holds the first progress answer for a moment, long enough to look at the card.
      let slowNetwork = true;
      await page.route("**/trpc/jobs.get**", async (route) => {
        if (slowNetwork) await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await page.getByRole("button", { name: "Summarize Interviews" }).click();
      const progress = page.getByRole("status").filter({ hasText: "Summarizing interviews" });
      await expect(progress).toBeVisible();
      await expect(progress.getByRole("button", { name: "Cancel" })).toBeVisible();
      await expect(progress).toContainText("elapsed");
      await screenshot(page, `evidence-summary-progress-${size.name}`);
      await page.mouse.move(0, 0); // no hover state under the pointer
      await expectNoSeriousViolations(page, `summary progress at ${size.width}px`);
      slowNetwork = false;
      await expect(page.getByText("Summary generated")).toBeVisible();
      const summaryStatuses = await jobStatuses(page);
      expect(summaryStatuses.find((s) => s !== "none")).toMatch(/queued|running/);
      await expect(page.locator("[data-job-status]")).toHaveCount(0);
      await expect(page.getByRole("tab", { name: "Summary", selected: true })).toBeVisible();

      const conflicts = page.locator("section", { has: page.getByRole("heading", { name: "Conflicts" }) });
      const account = conflicts.locator('[data-conflict-topic="Account"]');
      await expect(account).toContainText("Dana");
      await expect(account).toContainText("Does not want");
      await expect(account).toContainText("I don't want to create an account just to ride once");
      await expect(account).toContainText("Omar");
      await expect(account).toContainText("Wants");
      await expect(account).toContainText("Every rider must have an account so that we can contact them");
      await screenshot(page, `evidence-summary-${size.name}`);
      await page.mouse.move(0, 0); // no hover state under the pointer
      await expectNoSeriousViolations(page, `summary with themes and conflicts at ${size.width}px`);

      // A theme's quote opens the interview at the turn it was said.
      const themes = page.locator("section", { has: page.getByRole("heading", { name: "Themes" }) });
      const quote = themes.locator("[data-evidence] a").first();
      await expect(quote).toHaveAttribute("href", /^\/interviews\/\d+\?turn=\d+$/);
      const href = (await quote.getAttribute("href")) as string;
      const said = /from (\w+), turn/.exec((await quote.getAttribute("aria-label")) ?? "")?.[1] as string;
      expect(["Dana", "Omar"]).toContain(said);

      // Requirements: the job's progress in the tab, then stories with their evidence.
      await page.getByRole("tab", { name: "Requirements" }).click();
      await page.getByRole("button", { name: "Create Requirements" }).click();
      await expect(page.getByText("Requirements generated")).toBeVisible();
      const requirementsStatuses = (await jobStatuses(page)).slice(summaryStatuses.length);
      expect(requirementsStatuses.find((s) => s !== "none")).toMatch(/queued|running/);
      const storyEvidence = page.locator("[data-story] [data-evidence] a").first();
      await expect(storyEvidence).toHaveAttribute("href", /^\/interviews\/\d+\?turn=\d+$/);
      // A story whose participant gave no reason says so plainly and keeps its assumption mark.
      await expect(page.locator("[data-story] [data-assumption]").first()).toHaveText("Reason not stated");
      await screenshot(page, `evidence-requirements-${size.name}`);
      await page.mouse.move(0, 0); // no hover state under the pointer
      await expectNoSeriousViolations(page, `requirements with evidence at ${size.width}px`);

      // Exports: the server's files, by name, with their header rows.
      for (const [label, header] of [
        ["Jira CSV", /^Issue ID,Parent,Summary,Issue Type/],
        ["Linear CSV", /^Title,Description,Priority,Labels/],
      ] as const) {
        await page.getByRole("button", { name: "Export" }).click();
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("menuitem", { name: label }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/\.csv$/);
        const text = readFileSync((await download.path()) as string, "utf8").replace(/^\uFEFF/, "");
        expect(text.split(/\r?\n/)[0]).toMatch(header);
      }
      await page.getByRole("button", { name: "Export" }).click();
      await screenshot(page, `evidence-export-menu-${size.name}`);
      await page.keyboard.press("Escape");

      // Cancel stops following a job: the card goes and the generator can be started again.
      await page.getByRole("tab", { name: "Summary" }).click();
      slowNetwork = true;
      await page.getByRole("button", { name: "New from Interviews" }).click();
      const again = page.getByRole("status").filter({ hasText: "Summarizing interviews" });
      await again.getByRole("button", { name: "Cancel" }).click();
      await expect(again).toHaveCount(0);
      await expect(page.getByRole("button", { name: "New from Interviews" })).toBeEnabled();
      slowNetwork = false;

      // Click-through: the quote's link lands on the owner's interview page at that turn.
      await themes.locator(`a[href="${href}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`${href.replace("?", "\\?")}$`));
      await expect(page.getByRole("heading", { name: said, exact: true }).first()).toBeVisible();
      await screenshot(page, `evidence-click-through-${size.name}`);
    });
  });
}
