import { type APIRequestContext, expect, test } from "@playwright/test";
import { By, until, type WebDriver } from "selenium-webdriver";
import { eventually, startWebKit } from "./other-browsers";
import { interviewViaApi } from "./support";

// Safari's rules on Debian's WebKitGTK (TESTING-NOTES.md): audible play() only from a tap (iOS's
// autoplay rule), a mock microphone, recording only as mp4. The voice server's fake OpenAI gives
// playable speech in its realistic profile (as in voice-streaming.spec.ts): raw PCM for the
// AudioContext the tap unlocked, MP3 for the element where no context is running.
const VOICE_URL = process.env.E2E_VOICE_URL as string;
const FAKE_OPENAI = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 2}`;

async function configureFake(settings: { profile?: "realistic" }) {
  const res = await fetch(`${FAKE_OPENAI}/__configure`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(settings),
  });
  expect(res.status).toBe(204);
}

interface Seen {
  /** Replies whose first sound started (the page's `parley:agent-audio` marks). */
  replies: number;
  /** Buffers of speech started on an AudioContext (PCM, issue 34), not the tap's silent one. */
  contextParts: number;
  /** Media elements the page played on. */
  elements: number;
  /** For each `playing` event of speech (not the tap's moment of silence), the element's number. */
  heard: number[];
  /** play() calls the browser refused (NotAllowedError). */
  refused: number;
  recordings: string[];
  uploads: string[];
  managedSources: number;
  speakUntil: number;
}

/**
 * Watches the page's audio and recordings. An iPhone has no MediaSource, only ManagedMediaSource:
 * MediaSource is removed so that path is the one taken. WebKit's mock microphone hums just under the
 * spec's threshold with a beep every second, so it never falls silent for 2 s: a stand-in level says
 * when the participant speaks (1.5 s), then silence. The recording itself is the mock device's sound.
 */
const INSTRUMENT = `
  const seen = { contextParts: 0, elements: 0, heard: [], refused: 0, recordings: [], uploads: [], managedSources: 0, speakUntil: 0 };
  window.__seen = seen;
  const startSource = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (...args) {
    if (this.buffer && this.buffer.length > 1) seen.contextParts += 1;
    return startSource.apply(this, args);
  };
  const numbers = new WeakMap();
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    if (!numbers.has(this)) {
      const number = ++seen.elements;
      numbers.set(this, number);
      this.addEventListener("playing", () => {
        if (!this.currentSrc.startsWith("data:")) seen.heard.push(number);
      });
    }
    const playing = play.call(this);
    playing.catch((error) => { if (error.name === "NotAllowedError") seen.refused += 1; });
    return playing;
  };
  const Managed = window.ManagedMediaSource;
  delete window.MediaSource;
  window.ManagedMediaSource = class extends Managed {
    constructor() { super(); seen.managedSources += 1; }
  };
  AnalyserNode.prototype.getByteFrequencyData = function (data) {
    data.fill(performance.now() < seen.speakUntil ? 60 : 0);
  };
  const start = MediaRecorder.prototype.start;
  MediaRecorder.prototype.start = function (...args) {
    seen.recordings.push(this.mimeType);
    return start.apply(this, args);
  };
  const send = window.fetch;
  window.fetch = function (input, init) {
    if (String(input).endsWith("/api/ai/voice-turn")) {
      const audio = init.body.get("audio");
      seen.uploads.push(audio.type + " " + audio.name);
    }
    return send.apply(this, arguments);
  };
`;

/** A context the tap could not start (an iPhone's, interrupted by a call): speech goes to the element. */
const CONTEXT_NOT_RUNNING = `
  Object.defineProperty(AudioContext.prototype, "state", { get: () => "suspended" });
`;

let webkit: { driver: WebDriver; close: () => Promise<void> } | undefined;

test.beforeAll(async () => {
  webkit = await startWebKit([
    "--enable-mock-capture-devices=true",
    "--media-playback-requires-user-gesture=true",
  ]);
  await configureFake({ profile: "realistic" });
});
test.afterAll(async () => {
  await configureFake({});
  await webkit?.close();
});

/**
 * Starts a voice interview with one real tap and answers twice: three replies are heard. Answers
 * what the page saw and the conversation's bubbles.
 */
async function threeReplies(request: APIRequestContext, instrument: string) {
  const driver = webkit?.driver as WebDriver;
  const { shareLink } = await interviewViaApi(request, VOICE_URL);
  await driver.get(`${VOICE_URL}/interview/${shareLink}`);
  const start = await driver.wait(
    until.elementLocated(By.xpath("//button[contains(., 'Start Voice Interview')]")),
    15_000,
  );
  await driver.executeScript(instrument);
  const seen = () =>
    driver.executeScript<Seen>(
      "return { ...window.__seen, replies: performance.getEntriesByName('parley:agent-audio').length }",
    );
  const voiceState = () =>
    driver.executeScript<string | null>(
      "return document.querySelector('[data-voice-state]')?.getAttribute('data-voice-state') ?? null",
    );
  const say = () => driver.executeScript("window.__seen.speakUntil = performance.now() + 1500");

  await start.click(); // a real tap: the only gesture of the whole interview
  for (let reply = 1; reply <= 3; reply += 1) {
    await eventually(seen, (s) => s.replies >= reply, {
      timeout: 20_000,
      what: `spoken reply ${reply}`,
    });
    if (reply === 3) break;
    await eventually(voiceState, (state) => state === "listening", { what: "listening" });
    await say();
  }
  const bubbles = await driver.executeScript<string[]>(
    "return [...document.querySelectorAll('[data-speaker]')].map((b) => b.dataset.speaker + ': ' + b.textContent)",
  );
  return { final: await seen(), bubbles };
}

/** What both ways of playing share: the conversation, the recordings and their uploads. */
function expectConversation({ final, bubbles }: Awaited<ReturnType<typeof threeReplies>>) {
  expect(final.refused).toBe(0);
  // The fake asks the same question every time; asked before, it is never asked again (issue 27), so
  // the interviewer asks its own questions instead.
  expect(bubbles).toHaveLength(5);
  expect(bubbles[0]).toBe("ai: What is the hardest part of your day?");
  expect(bubbles.filter((b) => b.startsWith("user: "))).toEqual([
    "user: We plan every route by hand each morning.",
    "user: We plan every route by hand each morning.",
  ]);
  expect(final.recordings).toEqual(["audio/mp4", "audio/mp4"]);
  // Sent with the recorder's own type, codec parameters included, and named by it.
  expect(final.uploads).toEqual([
    expect.stringMatching(/^audio\/mp4(?:;.*)? speech\.mp4$/),
    expect.stringMatching(/^audio\/mp4(?:;.*)? speech\.mp4$/),
  ]);
}

test("WebKit with iOS's autoplay rule: three spoken replies play as PCM on the AudioContext the tap unlocked, recording is mp4", async ({
  request,
}) => {
  const seen = await threeReplies(request, INSTRUMENT);
  expectConversation(seen);
  expect(seen.final.contextParts).toBeGreaterThanOrEqual(3);
  // Nothing went through the element but the tap's moment of silence.
  expect(seen.final.heard).toEqual([]);
  expect(seen.final.managedSources).toBe(0);
});

test("WebKit with iOS's autoplay rule and no running AudioContext: three spoken replies play on the one audio element, recording is mp4", async ({
  request,
}) => {
  const { final, bubbles } = await threeReplies(request, INSTRUMENT + CONTEXT_NOT_RUNNING);
  expectConversation({ final, bubbles });
  expect(final.contextParts).toBe(0);
  expect(final.elements).toBe(1);
  expect(final.heard).toEqual([1, 1, 1]);
  const sentences = bubbles
    .filter((b) => b.startsWith("ai: "))
    .flatMap((b) => b.slice(4).split(/(?<=[.?!])\s+/))
    .filter((sentence) => sentence.trim());
  // Every sentence streamed through ManagedMediaSource once (a sentence said again would play from
  // the cache, spec 1 §9).
  expect(final.managedSources).toBe(new Set(sentences).size);
});
