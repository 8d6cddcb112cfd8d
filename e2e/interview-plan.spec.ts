import { expect, type Page, test } from "@playwright/test";
import { interviewViaApi, screenshot } from "./support";

/** Signs the browser in as the owner made through the REST door. */
async function signInWithToken(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem("auth_token", value), token);
}

test("an owner reads and edits the interview plan before the start, then sees it locked and the coverage grid", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { token, projectId, interviewId, shareLink } = await interviewViaApi(request, baseURL as string);
  await signInWithToken(page, token);

  // The plan was made when the interview was created; the owner may change it until the start.
  await page.goto(`/interviews/${interviewId}`);
  await page.getByRole("tab", { name: "Plan" }).click();
  await expect(page.getByRole("heading", { name: "Interview plan" })).toBeVisible();
  await expect(page.getByText("You can change it until the interview starts.")).toBeVisible();
  const topics = page.getByRole("list", { name: "Plan topics" }).getByRole("listitem");
  expect(await topics.count()).toBeGreaterThanOrEqual(5);
  await page.getByRole("button", { name: "Edit Plan" }).click();
  await page.getByLabel("Topic").nth(1).fill("How routes are planned today");
  await page.getByRole("button", { name: "Save Plan" }).click();
  await expect(page.getByText("Plan saved")).toBeVisible();
  await expect(page.getByText("How routes are planned today")).toBeVisible();
  await expect(page.getByText("Edited by you.")).toBeVisible();
  await screenshot(page, "interview-plan");

  // A participant answers once: the interview has started.
  const participant = await browser.newContext();
  const answer = await participant.newPage();
  await answer.goto(`/interview/${shareLink}`);
  await answer.getByRole("button", { name: "Start Text Interview" }).click();
  const ai = answer.locator('[data-speaker="ai"]');
  await expect(ai.first()).toBeVisible();
  await answer
    .getByLabel("Your answer")
    .fill(
      "I dispatch twenty plumbers across the city and plan every single route by hand each morning with a paper map, which takes me almost two hours before the first job starts.",
    );
  await expect(answer.getByRole("button", { name: "Send" })).toBeEnabled();
  await answer.getByLabel("Your answer").press("Enter");
  await expect(ai).toHaveCount(2);
  await participant.close();

  await page.reload();
  await page.getByRole("tab", { name: "Plan" }).click();
  await expect(
    page.getByText("The interview has started, so the plan can no longer be changed."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit Plan" })).toHaveCount(0);

  // The Interviews tab shows topics × interviews.
  await page.goto(`/projects/${projectId}`);
  const grid = page.getByRole("table", { name: "Topic coverage" });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole("columnheader", { name: "Dana (End User)" })).toBeVisible();
  await expect(grid.getByRole("cell", { name: "How routes are planned today" })).toBeVisible();
  await expect(grid.getByText("Covered").first()).toBeVisible();
  await screenshot(page, "coverage-grid");
});
