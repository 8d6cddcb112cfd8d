import { expect, test } from "@playwright/test";
import puppeteer, { type Browser } from "puppeteer-core";
import { FIREFOX_ESR } from "./other-browsers";
import { interviewViaApi } from "./support";

// Debian's Firefox ESR through puppeteer-core over WebDriver BiDi (TESTING-NOTES.md): no
// SpeechRecognition, and headless no voices and no microphone. Against the server without an
// OpenAI key (no speech service) nothing here can listen.
let firefox: Browser | undefined;

test.beforeAll(async () => {
  firefox = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX_ESR, headless: true });
});
test.afterAll(async () => {
  await firefox?.close();
});

test("Firefox without a speech service: the welcome says voice cannot listen here, and a text interview works", async ({
  request,
  baseURL,
}) => {
  const { shareLink } = await interviewViaApi(request, baseURL as string);
  const page = await (firefox as Browser).newPage();
  await page.goto(`${baseURL}/interview/${shareLink}`);

  const notice = await page.waitForSelector("[data-voice-plan=cannot-listen]");
  expect(await notice?.evaluate((el) => el.textContent)).toContain("Voice can't listen in this browser");
  expect(await notice?.evaluate((el) => el.textContent)).toContain(
    "Start Text Interview to answer by typing",
  );
  const voiceButton = await page.waitForSelector("button[aria-describedby=voice-here]");
  expect(await voiceButton?.evaluate((el) => [el.textContent, (el as HTMLButtonElement).disabled])).toEqual([
    "Start Voice Interview",
    true,
  ]);

  const startText = await page.waitForSelector(
    "::-p-xpath(//button[normalize-space()='Start Text Interview'])",
  );
  await startText?.click();
  await page.waitForSelector("[data-speaker=ai]");
  const answer = await page.waitForSelector("textarea[aria-label='Your answer']");
  await answer?.type("We plan every route by hand each morning.");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelectorAll("[data-speaker=ai]").length === 2, {
    timeout: 15_000,
  });
  const conversation = await page.$$eval("[data-speaker]", (bubbles) =>
    bubbles.map((b) => (b as HTMLElement).dataset.speaker),
  );
  expect(conversation).toEqual(["ai", "user", "ai"]);
  expect(await page.$eval("[data-speaker=user]", (el) => el.textContent)).toBe(
    "We plan every route by hand each morning.",
  );
});
