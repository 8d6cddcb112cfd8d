import { expect, type Page, test } from "@playwright/test";
import { interviewViaApi, screenshot } from "./support";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Nothing on the page is wider than the screen. */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function answer(page: Page, text: string, expectedAiCount: number) {
  await page.getByLabel("Your answer").fill(text);
  await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
  await page.getByLabel("Your answer").press("Enter");
  await expect(page.locator('[data-speaker="ai"]')).toHaveCount(expectedAiCount);
}

for (const [label, size] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  test(`${label}: the welcome says who is asking, what is kept and links the interviewees' privacy section`, async ({
    page,
    request,
    baseURL,
  }) => {
    const { shareLink } = await interviewViaApi(request, baseURL as string);
    await page.setViewportSize(size);
    await page.goto(`/interview/${shareLink}`);
    await expect(page.getByTestId("who-is-asking")).toHaveText(
      "Olive is asking, for the project Field dispatch.",
    );
    await expect(page.getByText("It takes about 10 minutes")).toBeVisible();
    await expect(page.getByText("the audio is not kept")).toBeVisible();
    await expect(page.getByText("Shown to: Olive only")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await screenshot(page, `trust-welcome-${label}`);

    await page.getByRole("link", { name: "Privacy policy for interviewees" }).click();
    await expect(page).toHaveURL(/\/privacy-policy#interviewees$/);
    const section = page.locator("section#interviewees");
    await expect(section.getByRole("heading", { name: "If you were interviewed" })).toBeInViewport();
    await expect(section).toContainText("Who sees it: the project's owner");
    await expect(section).toContainText("How long it is kept");
    await expect(section).toContainText("Deletion:");
    await screenshot(page, `trust-privacy-${label}`);
  });
}

test("desktop: progress counts the questions, leaving warns, End asks first", async ({
  page,
  request,
  baseURL,
}) => {
  const { shareLink } = await interviewViaApi(request, baseURL as string);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Text Interview" }).click();
  await expect(page.locator('[data-speaker="ai"]').first()).toBeVisible();
  await expect(page.getByTestId("interview-progress")).toContainText("Question 1 · About");
  await answer(page, "I plan the routes.", 2);
  await expect(page.getByTestId("interview-progress")).toContainText("Question 2 · About");
  await answer(page, "It takes two hours.", 3);

  // Leaving the page during the interview asks the browser's "leave site?" question; staying keeps it.
  const dialog = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const warning = await dialog;
  expect(warning.type()).toBe("beforeunload");
  await warning.dismiss();
  await expect(page.getByLabel("Your answer")).toBeVisible();
  expect(page.isClosed()).toBe(false);

  await page.getByRole("button", { name: "End Interview" }).click();
  await expect(page.getByRole("dialog").getByText("You answered 2 questions. End now?")).toBeVisible();
  await screenshot(page, "trust-end-confirm-desktop");
  await page.getByRole("dialog").getByRole("button", { name: "End now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your time!" })).toBeVisible();
  await expect(page.getByTestId("review-card")).toHaveCount(2);
  await expect(page.getByLabel("Your answer to question 2")).toHaveValue("It takes two hours.");
  await screenshot(page, "trust-review-desktop");
});

test("phone: a full-height chat with the answer box in view, notes in a drawer, End in the menu", async ({
  page,
  request,
  baseURL,
}) => {
  const { shareLink } = await interviewViaApi(request, baseURL as string);
  await page.setViewportSize(PHONE);
  await page.goto(`/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Text Interview" }).click();
  await expect(page.locator('[data-speaker="ai"]').first()).toBeVisible();
  for (let i = 0; i < 3; i++) await answer(page, `Answer number ${i + 1}, with enough words to wrap.`, i + 2);

  // The answer box sits at the bottom of the screen; the page itself does not scroll either way.
  const box = await page.getByTestId("answer-box").boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height + 1);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(PHONE.height - 40);
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeLessThanOrEqual(PHONE.height + 1);
  await expectNoHorizontalScroll(page);
  // The notes are not under the chat: they open in a drawer from the menu.
  await expect(page.getByLabel("Interview notes")).toBeHidden();
  await expect(page.getByRole("button", { name: "End Interview" })).toHaveCount(0);
  await screenshot(page, "trust-active-phone");

  await page.getByRole("button", { name: "More actions" }).click();
  await screenshot(page, "trust-menu-phone");
  await page.getByRole("menuitem", { name: "Notes and images" }).click();
  await page.getByLabel("Interview notes").fill("Whiteboard photo later.");
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await screenshot(page, "trust-notes-drawer-phone");
  await page.getByRole("button", { name: "Close notes" }).click();

  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "End Interview" }).click();
  await expect(page.getByRole("dialog").getByText("You answered 3 questions. End now?")).toBeVisible();
  await screenshot(page, "trust-end-confirm-phone");
  await page.getByRole("dialog").getByRole("button", { name: "End now" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your time!" })).toBeVisible();
  await expect(page.getByTestId("review-card")).toHaveCount(3);
  await expectNoHorizontalScroll(page);
  await screenshot(page, "trust-review-phone");
});
