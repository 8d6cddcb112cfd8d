import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { FIREFOX_ESR } from "./other-browsers";
import { interviewViaApi } from "./support";

// Participants arrive on Firefox too: Debian's Firefox ESR, through puppeteer-core over WebDriver
// BiDi, finishes a text interview, keeps the private link and deletes what it said (issue 26) at a
// phone's width. "voice" in the name puts this file in CI's run of the other browsers
// (`playwright test voice`, project firefox-esr); it plays no audio.
let firefox: Browser | undefined;

test.beforeAll(async () => {
  firefox = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX_ESR, headless: true });
});
test.afterAll(async () => {
  await firefox?.close();
});

const byText = (tag: string, text: string) => `::-p-xpath(//${tag}[normalize-space()='${text}'])`;

async function noSidewaysScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test("Firefox on a phone: the thank-you page gives the private link, which shows the answers and deletes them once", async ({
  request,
  baseURL,
}) => {
  const { shareLink, interviewId } = await interviewViaApi(request, baseURL as string);
  const page = await (firefox as Browser).newPage();
  await page.setViewport({ width: 375, height: 812 });
  await page.goto(`${baseURL}/interview/${shareLink}`);
  await (await page.waitForSelector(byText("button", "Start Text Interview")))?.click();
  await page.waitForSelector("[data-speaker=ai]");
  const answer = await page.waitForSelector("textarea[aria-label='Your answer']");
  await answer?.type("Write to dana.w@example.com, John Miller plans the routes.");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelectorAll("[data-speaker=ai]").length === 2, {
    timeout: 15_000,
  });
  // On a phone, End Interview is under "More actions".
  await (await page.waitForSelector("button[aria-label='More actions']"))?.click();
  await (await page.waitForSelector(byText("*[@role='menuitem']", "End Interview")))?.click();
  await (await page.waitForSelector(byText("button", "End now")))?.click();

  const link = await page.waitForSelector("[data-testid=private-link] input[readonly]", { timeout: 15_000 });
  const url = (await link?.evaluate((input) => (input as HTMLInputElement).value)) ?? "";
  expect(url).toMatch(new RegExp(`/my-answers/${interviewId}#[a-z0-9]{20,}$`));
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);

  await page.goto(url);
  await page.waitForSelector(byText("h1", "What you said"));
  expect(await page.$eval("[data-speaker=user]", (el) => el.textContent)).toContain(
    "Write to dana.w@example.com, John Miller plans the routes.",
  );
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
  mkdirSync("test-results/screens", { recursive: true });
  await page.screenshot({ path: "test-results/screens/firefox-my-answers-phone.png", fullPage: true });
  await (await page.waitForSelector(byText("button", "Delete what I said")))?.click();
  await (await page.waitForSelector(byText("button", "Delete for good")))?.click();
  const done = await page.waitForSelector("[data-testid=deleted-status]");
  expect(await done?.evaluate((el) => el.textContent)).toMatch(/^Deleted\. /);

  await page.reload();
  await page.waitForSelector(byText("h1", "Link not valid"));
  await page.close();
});
