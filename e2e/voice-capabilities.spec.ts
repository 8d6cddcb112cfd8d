import { expect, type Page, test } from "@playwright/test";
import { SPEECH_WAV } from "./global-setup";
import { BASE_LAUNCH_ARGS, interviewViaApi, screenshot } from "./support";

// What voice can do here, said before it starts (issue 24), in headless Chromium: it has a
// recognizer (webkitSpeechRecognition) but no voices.
const VOICE_URL = process.env.E2E_VOICE_URL as string;

test.use({
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [
      ...BASE_LAUNCH_ARGS,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-audio-capture=${SPEECH_WAV}%noloop`,
      "--autoplay-policy=no-user-gesture-required",
    ],
  },
});

/** Every voice state the bar showed, and every utterance handed to the browser's voice. */
async function watchVoice(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { states: string[]; spoken: string[] };
    w.states = [];
    w.spoken = [];
    const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
    window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
      w.spoken.push(utterance.text);
      speak(utterance);
    };
    new MutationObserver(() => {
      const state = document.querySelector("[data-voice-state]")?.getAttribute("data-voice-state");
      if (state && w.states.at(-1) !== state) w.states.push(state);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
}

const seen = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { states: string[]; spoken: string[] };
    return { states: w.states, spoken: w.spoken };
  });

async function welcomeAt(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("where nothing can listen, Start Voice Interview says why and offers text", async ({
  page,
  request,
  baseURL,
}) => {
  const { shareLink } = await interviewViaApi(request, baseURL as string);
  // Firefox and Safari have no recognizer; without the server's speech service nothing listens.
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, "SpeechRecognition");
    Reflect.deleteProperty(window, "webkitSpeechRecognition");
  });
  await page.goto(`/interview/${shareLink}`);
  const start = page.getByRole("button", { name: "Start Voice Interview" });
  await expect(start).toBeDisabled();
  const why = page.locator("[data-voice-plan=cannot-listen]");
  await expect(why).toContainText("Voice can't listen in this browser");
  await expect(why).toContainText("Start Text Interview to answer by typing.");
  await expect(start).toHaveAccessibleDescription(/Voice can't listen in this browser/);
  await welcomeAt(page, "welcome-cannot-listen");
  await page.getByRole("button", { name: "Start Text Interview" }).click();
  await expect(page.getByLabel("Your answer")).toBeVisible();
});

test("where nothing can speak, questions are shown and the bar says to read them, never a silent 'speaking'", async ({
  page,
  request,
  baseURL,
}) => {
  const { shareLink } = await interviewViaApi(request, baseURL as string);
  await watchVoice(page);
  // A stand-in for the browser's recognizer (headless Chromium's answers not-allowed): hears one
  // sentence 1.5 s after it starts listening.
  await page.addInitScript(() => {
    let heard = false;
    class StandInRecognition {
      onresult: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      onspeechend: (() => void) | null = null;
      #timer: ReturnType<typeof setTimeout> | undefined;
      start() {
        if (heard) return;
        this.#timer = setTimeout(() => {
          heard = true;
          this.onresult?.({ results: [[{ transcript: "We plan every route by hand each morning." }]] });
        }, 1500);
      }
      abort() {
        clearTimeout(this.#timer);
      }
    }
    Object.assign(window, {
      SpeechRecognition: StandInRecognition,
      webkitSpeechRecognition: StandInRecognition,
    });
  });
  await page.goto(`/interview/${shareLink}`);
  await expect(page.locator("[data-voice-plan=cannot-speak]")).toHaveText(
    "The interviewer can't speak aloud in this browser: each question is shown on screen. Read the question, then answer aloud.",
  );
  await welcomeAt(page, "welcome-cannot-speak");
  await page.getByRole("button", { name: "Start Voice Interview" }).click();
  const bar = page.locator("[data-voice-state]");
  await expect(bar).toHaveText("Read the question, then answer aloud");
  await expect(page.locator('[data-speaker="ai"]').first()).toContainText("Hello, and thank you");
  await expect(page.locator('[data-speaker="user"]')).toHaveText(
    "We plan every route by hand each morning.",
    {
      timeout: 15_000,
    },
  );
  await expect(page.locator('[data-speaker="ai"]')).toHaveCount(2, { timeout: 15_000 });
  await expect(bar).toHaveText("Read the question, then answer aloud");
  await screenshot(page, "voice-read-the-question");
  const { states, spoken } = await seen(page);
  expect(states).not.toContain("speaking");
  expect(states).not.toContain("welcome");
  expect(spoken).toEqual([]);
});

test("when the browser refuses to play sound, the page says so and shows the question", async ({
  page,
  request,
}) => {
  const { shareLink } = await interviewViaApi(request, VOICE_URL);
  await watchVoice(page);
  // A stand-in for a browser whose autoplay rule refuses every play() and keeps the AudioContext
  // suspended (headless Chromium has no voice to fall back on either).
  await page.addInitScript(() => {
    HTMLMediaElement.prototype.play = () =>
      Promise.reject(new DOMException("play() needs a user gesture", "NotAllowedError"));
    Object.defineProperty(AudioContext.prototype, "state", { get: () => "suspended" });
  });
  await page.goto(`${VOICE_URL}/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Voice Interview" }).click();
  const blocked = page.locator("div[data-voice-output=blocked]");
  await expect(blocked).toContainText(
    "Your browser did not let the interviewer play sound, so the question is shown above.",
  );
  await expect(page.locator("[data-voice-state]")).toHaveText("Read the question, then answer aloud");
  await expect(page.locator('[data-speaker="ai"]').first()).toContainText("hardest part");
  await screenshot(page, "voice-sound-blocked");
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, "voice-sound-blocked-375");
  expect((await seen(page)).states).not.toContain("welcome");
  // A tap on Turn sound on unlocks sound again: the notice goes.
  await blocked.getByRole("button", { name: "Turn sound on" }).click();
  await expect(blocked).toHaveCount(0);
});

test("with no microphone at all, the spec's message says that typing works", async ({ page, request }) => {
  const { shareLink } = await interviewViaApi(request, VOICE_URL);
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException("Requested device not found", "NotFoundError"));
  });
  await page.goto(`${VOICE_URL}/interview/${shareLink}`);
  await page.getByRole("button", { name: "Start Voice Interview" }).click();
  const toast = page.getByRole("alert").filter({ hasText: "Voice Recognition Failed" });
  await expect(toast).toContainText("Could not access microphone. Please check permissions and try again.");
  await expect(toast).toContainText("type your answers");
  await expect(page.getByLabel("Your answer")).toBeVisible();
});
