import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./a11y";
import { interviewViaApi, screenshot } from "./support";

/** A tRPC call the server could not answer: 503 with the message the page shows. */
const SERVICE_BUSY = {
  status: 503,
  contentType: "application/json",
  body: JSON.stringify({
    error: {
      message: "The service is busy.",
      code: -32603,
      data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 503 },
    },
  }),
};

// Issue 26: the participant's private link to see and delete what they said, the owner's marks on
// their personal details, and the notice once they are deleted. The stand-in detector of this branch
// knows emails and a few names such as "John Miller".
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const EMAIL_ANSWER = "You can reach me at dana.w@example.com about the routes.";
const NAME_ANSWER = "John Miller plans every route by hand each morning.";

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Screenshots at 1280 and 375 pixels wide, with no sideways scrolling at 375. */
async function shootBothWidths(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await expectNoHorizontalScroll(page);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

/** A participant answers a text interview, ends it and lands on the thank-you page. */
async function finishTextInterview(page: Page, shareLink: string, answers: string[]) {
  await page.goto(`/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Text Interview" }).click();
  await expect(page.locator('[data-speaker="ai"]').first()).toBeVisible();
  for (const [index, text] of answers.entries()) {
    await page.getByLabel("Your answer").fill(text);
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
    await page.getByLabel("Your answer").press("Enter");
    await expect(page.locator('[data-speaker="ai"]')).toHaveCount(index + 2);
  }
  // End Interview is a button on a desktop and a menu item under "More actions" on a phone.
  const more = page.getByRole("button", { name: "More actions" });
  if (await more.isVisible()) {
    await more.click();
    await page.getByRole("menuitem", { name: "End Interview" }).click();
  } else await page.getByRole("button", { name: "End Interview" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "End now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your time!" })).toBeVisible();
}

/** The owner's browser: the same app, signed in with the owner's token. */
async function ownerPage(browser: Browser, token: string) {
  const context = await browser.newContext({
    bypassCSP: true,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  return context.newPage();
}

async function setRetention(
  request: APIRequestContext,
  baseURL: string,
  owner: Awaited<ReturnType<typeof interviewViaApi>>,
  retentionDays: number | null,
) {
  const response = await request.patch(`${baseURL}/api/projects/${owner.projectId}`, {
    headers: owner.headers,
    data: { retentionDays },
  });
  expect(response.ok()).toBe(true);
}

test("a participant keeps a private link, sees what they said and deletes it; the owner sees the marks, then the deletion", async ({
  browser,
  request,
  baseURL,
}) => {
  const owner = await interviewViaApi(request, baseURL as string);
  await setRetention(request, baseURL as string, owner, 90);
  const context = await browser.newContext({ bypassCSP: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  await page.setViewportSize(DESKTOP);

  // The welcome says how long this project keeps answers, the placeholders and the private link.
  await page.goto(`/interview/${owner.shareLink}`);
  await expect(page.getByTestId("kept-notice")).toHaveText(
    "Kept: 90 days after the interview, then deleted. Documents the team makes from it keep placeholders only.",
  );
  await expect(page.getByTestId("placeholders-notice")).toContainText(
    "are replaced by placeholders such as [PERSON 1] before anything is sent to the AI service",
  );
  await expect(page.getByTestId("placeholders-notice")).toContainText(
    "In voice mode the AI service hears your speech as said",
  );
  await expect(
    page.getByText("After the interview you get a private link to see what you said and delete it."),
  ).toBeVisible();
  await shootBothWidths(page, "private-link-welcome");

  await finishTextInterview(page, owner.shareLink, [EMAIL_ANSWER, NAME_ANSWER]);
  const card = page.getByTestId("private-link");
  await expect(card.getByRole("heading", { name: "Your private link" })).toBeVisible();
  await expect(card).toContainText("Open it any time to see what you said, or to delete it. Keep it private");
  const link = card.getByRole("textbox", { name: "Private link", exact: true });
  await expect(link).toHaveValue(new RegExp(`/my-answers/${owner.interviewId}#[a-z0-9]{20,}$`));
  const url = await link.inputValue();
  await card.getByRole("button", { name: "Copy" }).click();
  await expect(card.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  // What the spec asks of the thank-you page is still there.
  await expect(page.getByLabel("Your answer to question 1")).toHaveValue(EMAIL_ANSWER);
  await expect(page.getByLabel("Additional Feedback")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Responses" })).toBeVisible();
  await expectNoSeriousViolations(page, "thank-you with the private link");
  await shootBothWidths(page, "private-link-thank-you");

  // The owner's interview page marks the email and the name in what the participant said.
  const ownerView = await ownerPage(browser, owner.token);
  await ownerView.setViewportSize(DESKTOP);
  await ownerView.goto(`/interviews/${owner.interviewId}`);
  const legend = ownerView.getByTestId("personal-details-legend");
  await expect(legend).toContainText("personal details marked");
  await expect(legend).toContainText("documents show the placeholders");
  const turns = ownerView.locator("li[data-turn]");
  const email = turns.locator("mark[data-personal-detail=EMAIL]", { hasText: "dana.w@example.com" });
  // The participant's answer (the interviewer's next question may quote the name: marked as well).
  const name = turns.locator("mark[data-personal-detail=PERSON]", { hasText: "John Miller" }).first();
  await expect(email).toBeVisible();
  await expect(name).toBeVisible();
  await expect(email).toHaveAttribute("title", /^Personal detail: email; /);
  await expect(name).toHaveAttribute("title", /^Personal detail: name; /);
  // The transcript's view mode marks them too; editing shows the plain text.
  await expect(
    ownerView.getByTestId("transcript-view").locator("mark", { hasText: "dana.w@example.com" }),
  ).toHaveCount(1);
  await expect(
    ownerView.getByTestId("transcript-view").locator("mark", { hasText: "John Miller" }).first(),
  ).toBeVisible();
  await expectNoSeriousViolations(ownerView, "interview page with marked details");
  await shootBothWidths(ownerView, "private-link-owner-marks");

  // The private link opens what they said.
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "What you said" })).toBeVisible();
  await expect(page.getByText("Field dispatch", { exact: true })).toBeVisible();
  await expect(page.getByText("Interview “Dana”")).toBeVisible();
  await expect(page.getByTestId("kept")).toContainText("Kept for 90 days after the interview, until");
  await expect(page.getByTestId("not-used-in-documents")).toBeVisible();
  const mine = page.locator('[data-speaker="user"]');
  await expect(mine).toHaveCount(2);
  await expect(mine.first()).toContainText(EMAIL_ANSWER);
  await expect(mine.first()).toContainText("You");
  await expect(page.locator('[data-speaker="ai"]').first()).toContainText("Interviewer");
  await expectNoSeriousViolations(page, "my answers");
  await shootBothWidths(page, "private-link-my-answers");

  // Cancel changes nothing; a failed delete says so and changes nothing.
  await page.getByRole("button", { name: "Delete what I said" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete what you said?" });
  await expect(dialog).toContainText("This cannot be undone");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await page.route("**/trpc/privacy.deleteOwnAnswers**", (route) => route.fulfill(SERVICE_BUSY));
  await page.getByRole("button", { name: "Delete what I said" }).click();
  await dialog.getByRole("button", { name: "Delete for good" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Nothing was deleted");
  await expect(dialog.getByRole("alert")).toContainText("The service is busy.");
  await expectNoSeriousViolations(page, "delete dialog with an error");
  await shootBothWidths(page, "private-link-delete-failed");
  await page.unroute("**/trpc/privacy.deleteOwnAnswers**");

  // Confirmed: deleted for good.
  await dialog.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByRole("heading", { name: "Deleted" })).toBeVisible();
  await expect(page.getByTestId("deleted-status")).toHaveText(/^Deleted\. What you said in this interview/);
  await shootBothWidths(page, "private-link-deleted");

  // The link works once.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible();
  await expect(page.getByText("This link is not valid, or what it opened has been deleted.")).toBeVisible();
  await expectNoSeriousViolations(page, "link not valid");
  await shootBothWidths(page, "private-link-invalid");

  // The owner's page says the participant deleted it, instead of the conversation.
  await ownerView.reload();
  await expect(ownerView.getByTestId("raw-deleted")).toContainText(
    "The participant deleted what they said on",
  );
  await expect(ownerView.getByTestId("raw-deleted")).toContainText(
    "Documents made from it keep placeholders only.",
  );
  await expect(ownerView.locator("li[data-turn]")).toHaveCount(0);
  await expect(ownerView.getByText(EMAIL_ANSWER)).toHaveCount(0);
  await shootBothWidths(ownerView, "private-link-owner-deleted");
  // The project's interview list says so too.
  await ownerView.goto(`/projects/${owner.projectId}`);
  await expect(ownerView.getByTestId("raw-deleted-note")).toContainText(
    "Conversation deleted by the participant on",
  );
  await shootBothWidths(ownerView, "private-link-project-deleted-note");
  await ownerView.context().close();
  await context.close();
});

test("after the team used the answers in a document, the private link says so and deleting keeps the document with placeholders", async ({
  browser,
  request,
  baseURL,
}) => {
  const owner = await interviewViaApi(request, baseURL as string);
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  await page.goto(`/interview/${owner.shareLink}`);
  // The project keeps answers until deleted: the welcome says so as before.
  await expect(page.getByTestId("kept-notice")).toHaveText(
    "Kept: until the owner deletes the interview. You can ask for it to be deleted.",
  );
  await finishTextInterview(page, owner.shareLink, [NAME_ANSWER]);
  const url = await page
    .getByTestId("private-link")
    .getByRole("textbox", { name: "Private link", exact: true })
    .inputValue();
  const document = await request.post(`${baseURL}/api/documents`, {
    headers: owner.headers,
    data: {
      title: "Dana - Documentation",
      content: "Routes are planned by hand by [PERSON 1].",
      projectId: owner.projectId,
      interviewIds: [owner.interviewId],
      status: "completed",
    },
  });
  expect(document.ok()).toBe(true);

  await page.goto(url);
  await expect(page.getByTestId("kept")).toHaveText(
    "Kept until the project's owner deletes the interview, or you delete it here.",
  );
  await expect(page.getByTestId("used-in-documents")).toContainText(
    "The team has already used your answers in documents",
  );
  await expectNoHorizontalScroll(page);
  await screenshot(page, "private-link-used-phone");
  await page.getByRole("button", { name: "Delete what I said" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete what you said?" });
  await expect(dialog).toContainText(
    "The documents the team already made from it stay, with placeholders only.",
  );
  await screenshot(page, "private-link-confirm-phone");
  await dialog.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByTestId("deleted-status")).toContainText(
    "The documents the team made before keep placeholders only.",
  );
  await context.close();
});

test("when the private link cannot be made, the thank-you page says so and Try again makes it", async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await interviewViaApi(request, baseURL as string);
  let failures = 0;
  await page.route("**/trpc/privacy.privateLink**", (route) => {
    if (failures > 0) return route.continue();
    failures += 1;
    return route.fulfill(SERVICE_BUSY);
  });
  await page.setViewportSize(PHONE);
  await finishTextInterview(page, owner.shareLink, ["We plan the routes by hand."]);
  const card = page.getByTestId("private-link");
  await expect(card.getByRole("alert")).toContainText("Your private link could not be made");
  await expect(card.getByRole("alert")).toContainText("The service is busy.");
  await screenshot(page, "private-link-error-phone");
  await card.getByRole("button", { name: "Try again" }).click();
  await expect(card.getByRole("textbox", { name: "Private link", exact: true })).toHaveValue(
    /\/my-answers\/\d+#[a-z0-9]{20,}$/,
  );
  // The review the spec asks for is untouched by it.
  await expect(page.getByLabel("Your answer to question 1")).toHaveValue("We plan the routes by hand.");
});

test("the privacy policy tells interviewees about placeholders, retention, the private link and voice", async ({
  page,
}) => {
  await page.goto("/privacy-policy#interviewees");
  await expect(page.getByText("Effective date: June 30, 2025")).toBeVisible();
  const section = page.locator("section#interviewees");
  for (const text of [
    "before anything you write or say is sent to an AI model, Parley replaces the personal details",
    "What documents carry: the summaries, requirements, build prompts and exports",
    "30, 90 or 365 days after the interview, or until they delete it. A daily job deletes",
    "the thank-you screen gives you a private link",
    "What remains are the documents the owner had already made from your interview, with placeholders",
    "In voice mode your speech itself goes to the AI service to be transcribed as said",
  ])
    await expect(section).toContainText(text);
  // The other sections are still there.
  for (const heading of ["Who we are", "AI processing", "Retention and deletion", "Your rights"])
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
});
