import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

export const SPEECH_WAV = path.resolve("test-results/fixtures/speech.wav");

/**
 * The fake microphone's input: a sentence spoken by espeak-ng, resampled by sox to 48 kHz mono
 * with 3 s of silence before and after (TESTING-NOTES.md).
 */
export default function globalSetup() {
  if (existsSync(SPEECH_WAV)) return;
  mkdirSync(path.dirname(SPEECH_WAV), { recursive: true });
  const raw = SPEECH_WAV.replace(/\.wav$/, "-raw.wav");
  execFileSync("espeak-ng", ["-w", raw, "We plan every route by hand each morning and it takes two hours."]);
  execFileSync("sox", [
    raw,
    "-r",
    "48000",
    "-c",
    "1",
    "-b",
    "16",
    "-e",
    "signed-integer",
    SPEECH_WAV,
    "pad",
    "3",
    "3",
  ]);
}
