import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { spokenWav } from "./fake-microphone";

export const SPEECH_WAV = path.resolve("test-results/fixtures/speech.wav");

/**
 * The fake microphone's input: a sentence spoken by espeak-ng, resampled by sox to 48 kHz mono
 * with 3 s of silence before and after (TESTING-NOTES.md).
 */
export default function globalSetup() {
  if (existsSync(SPEECH_WAV)) return;
  mkdirSync(path.dirname(SPEECH_WAV), { recursive: true });
  spokenWav("We plan every route by hand each morning and it takes two hours.", SPEECH_WAV, [3, 3]);
}
