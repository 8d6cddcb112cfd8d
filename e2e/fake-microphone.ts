import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { Page, Request, Route } from "@playwright/test";
import { BASE_LAUNCH_ARGS } from "./support";

const FIXTURES = path.resolve("test-results/fixtures");
/** sox's output options for what Chromium's fake microphone plays: 48 kHz mono, 16-bit signed. */
const MICROPHONE_FORMAT = ["-r", "48000", "-c", "1", "-b", "16", "-e", "signed-integer"];

/**
 * A WAV for the fake microphone: espeak-ng's sentences at 48 kHz mono, 4 s of silence first, `gapS`
 * seconds between them and 3 s after (TESTING-NOTES.md). Made once, when the test file loads.
 */
export function twoUtterances(name: string, first: string, second: string, gapS: number): string {
  const out = path.join(FIXTURES, `${name}.wav`);
  if (existsSync(out)) return out;
  mkdirSync(FIXTURES, { recursive: true });
  const parts = [first, second].map((text, i) =>
    spokenWav(text, path.join(FIXTURES, `${name}-${i}.wav`), i === 0 ? [4, gapS] : [0, 3]),
  );
  execFileSync("sox", [...parts, out]);
  return out;
}

/**
 * `text` said by espeak-ng, resampled by sox to the 48 kHz mono 16-bit WAV Chromium's fake
 * microphone plays, with `pad` seconds of silence before and after (TESTING-NOTES.md).
 */
export function spokenWav(text: string, out: string, [before, after]: [number, number]): string {
  const raw = out.replace(/\.wav$/, "-raw.wav");
  execFileSync("espeak-ng", ["-w", raw, text]);
  execFileSync("sox", [raw, ...MICROPHONE_FORMAT, out, "pad", String(before), String(after)]);
  return out;
}

/** Launch options for Debian's Chromium with this WAV as the microphone, played once. */
export const fakeMicrophone = (wav: string) => ({
  executablePath: "/usr/bin/chromium",
  args: [
    ...BASE_LAUNCH_ARGS,
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
    `--use-file-for-fake-audio-capture=${wav}%noloop`,
    "--autoplay-policy=no-user-gesture-required",
  ],
});

/**
 * Answers the page's recordings (POST /api/ai/voice-turn, issue 34) with these texts in turn (then
 * ""), each after `delayMs` (a slow speech service), as transcripts only (`turn: false`: the page
 * then sends what it takes as the answer as a turn of its own), and POST /api/ai/transcribe (a
 * recording after a barge-in) the same; the uploads, as they come.
 */
export async function transcribeAs(page: Page, texts: string[], { delayMs = 0 } = {}) {
  const uploads: Request[] = [];
  const answer = (lines: boolean) => async (route: Route) => {
    uploads.push(route.request());
    const text = texts[uploads.length - 1] ?? "";
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fulfill(
      lines
        ? {
            status: 200,
            contentType: "application/x-ndjson",
            body: `${JSON.stringify({ text, turn: false })}\n`,
          }
        : { status: 200, contentType: "application/json", body: JSON.stringify({ text }) },
    );
  };
  await page.route("**/api/ai/voice-turn", answer(true));
  // A recording right after a barge-in is transcribed alone.
  await page.route("**/api/ai/transcribe", answer(false));
  return uploads;
}

/** Switches the voice server's fake OpenAI (E2E_PORT + 2) to a timing profile and a reply. */
export async function configureFakeOpenAi(settings: { profile?: "realistic"; reply?: string }) {
  const port = Number(process.env.E2E_PORT ?? 4173) + 2;
  const res = await fetch(`http://127.0.0.1:${port}/__configure`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(settings),
  });
  if (res.status !== 204) throw new Error(`The fake OpenAI answered ${res.status}`);
}

/** A WAV of digital silence: what a muted or dead microphone gives. */
export function silence(name: string, seconds: number): string {
  const out = path.join(FIXTURES, `${name}.wav`);
  if (existsSync(out)) return out;
  mkdirSync(FIXTURES, { recursive: true });
  execFileSync("sox", ["-n", ...MICROPHONE_FORMAT, out, "trim", "0", String(seconds)]);
  return out;
}
