import { mkdirSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { By, Key, until, type WebDriver } from "selenium-webdriver";
import { startWebKit } from "./other-browsers";
import { interviewViaApi } from "./support";

// Participants arrive on Safari too: Debian's WebKitGTK MiniBrowser, through WebKitWebDriver under
// Xvfb, finishes a text interview, keeps the private link and deletes what it said (issue 26).
// "voice" in the name puts this file in CI's run of the other browsers (`playwright test voice`,
// project webkitgtk); it plays no audio.
let webkit: { driver: WebDriver; close: () => Promise<void> } | undefined;

test.beforeAll(async () => {
  webkit = await startWebKit([]);
});
test.afterAll(async () => {
  await webkit?.close();
});

const byText = (tag: string, text: string) => By.xpath(`//${tag}[normalize-space()='${text}']`);

test("WebKit: the thank-you page gives the private link, which shows the answers and deletes them once", async ({
  request,
  baseURL,
}) => {
  const driver = webkit?.driver as WebDriver;
  const { shareLink, interviewId } = await interviewViaApi(request, baseURL as string);
  await driver.get(`${baseURL}/interview/${shareLink}`);
  await (await driver.wait(until.elementLocated(byText("button", "Start Text Interview")), 15_000)).click();
  await driver.wait(until.elementLocated(By.css("[data-speaker=ai]")), 15_000);
  const answer = await driver.findElement(By.css("textarea[aria-label='Your answer']"));
  await answer.sendKeys("Write to dana.w@example.com, John Miller plans the routes.", Key.ENTER);
  await driver.wait(
    async () => (await driver.findElements(By.css("[data-speaker=ai]"))).length === 2,
    15_000,
    "the interviewer's second question",
  );
  // End Interview is a button on a wide window and a menu item under "More actions" on a narrow one.
  const more = await driver.findElements(By.css("button[aria-label='More actions']"));
  if (more[0] && (await more[0].isDisplayed())) {
    await more[0].click();
    await (
      await driver.wait(until.elementLocated(byText("*[@role='menuitem']", "End Interview")), 5_000)
    ).click();
  } else await driver.findElement(byText("button", "End Interview")).click();
  await (await driver.wait(until.elementLocated(byText("button", "End now")), 5_000)).click();

  const link = await driver.wait(
    until.elementLocated(By.css("[data-testid=private-link] input[readonly]")),
    15_000,
  );
  const url = await link.getAttribute("value");
  expect(url).toMatch(new RegExp(`/my-answers/${interviewId}#[a-z0-9]{20,}$`));

  await driver.get(url);
  await driver.wait(until.elementLocated(byText("h1", "What you said")), 15_000);
  expect(await driver.findElement(By.css("[data-speaker=user]")).getText()).toContain(
    "Write to dana.w@example.com, John Miller plans the routes.",
  );
  mkdirSync("test-results/screens", { recursive: true });
  writeFileSync("test-results/screens/webkit-my-answers.png", await driver.takeScreenshot(), "base64");
  await driver.findElement(byText("button", "Delete what I said")).click();
  await (await driver.wait(until.elementLocated(byText("button", "Delete for good")), 5_000)).click();
  const done = await driver.wait(until.elementLocated(By.css("[data-testid=deleted-status]")), 15_000);
  expect(await done.getText()).toMatch(/^Deleted\. /);

  await driver.navigate().refresh();
  await driver.wait(until.elementLocated(byText("h1", "Link not valid")), 15_000);
});
