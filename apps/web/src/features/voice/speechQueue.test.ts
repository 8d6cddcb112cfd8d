import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PlayOutcome } from "../../lib/voice/player";
import { MOST_CACHED_SENTENCES, SpeechQueue } from "./speechQueue";

const player = vi.hoisted(() => ({ outcomes: [] as string[], played: [] as string[] }));
const browserVoice = vi.hoisted(() => ({ result: "failed" as "spoken" | "failed", said: [] as string[] }));
const server = vi.hoisted(() => ({ requested: [] as string[] }));

vi.mock("../../lib/voice/streaming", () => ({ streamingPath: () => "whole-file", SpeechDownload: class {} }));
vi.mock("../../lib/voice/player", () => ({
  speechPlayer: {
    stop() {},
    async play(source: { url: string }, onPlaying: () => void): Promise<PlayOutcome> {
      player.played.push(source.url);
      const outcome = (player.outcomes.shift() ?? "ended") as PlayOutcome;
      if (outcome === "ended") onPlaying();
      return outcome;
    },
  },
}));
vi.mock("../../lib/voice/speech", () => ({
  requestSpeech: async (text: string) => {
    server.requested.push(text);
    return new Response(new Blob([`mp3 of ${text}`]));
  },
  async speakWithBrowser(text: string, onStart: () => void) {
    browserVoice.said.push(text);
    if (browserVoice.result === "spoken") onStart();
    return browserVoice.result;
  },
}));

beforeEach(() => {
  player.outcomes = [];
  player.played = [];
  browserVoice.result = "failed";
  browserVoice.said = [];
});
afterEach(() => vi.restoreAllMocks());

async function speak(sentences: string[]) {
  const queue = new SpeechQueue({ engine: "server", interviewId: 1 });
  const events: string[] = [];
  queue.onFirstAudio = () => events.push("first audio");
  queue.onRefused = () => events.push("refused");
  for (const sentence of sentences) queue.add(sentence);
  queue.close();
  await queue.finished;
  return { queue, events };
}

describe("SpeechQueue", () => {
  it("keeps the audio of the latest sentences only, giving back the oldest file", async () => {
    const revoked = vi.spyOn(URL, "revokeObjectURL");
    const sentences = Array.from({ length: MOST_CACHED_SENTENCES + 2 }, (_, i) => `Cached sentence ${i}. `);
    await speak(sentences);
    server.requested = [];
    // The latest is still held; the first, the least recently spoken, was let go.
    await speak([sentences.at(-1)!, sentences[0]!]);
    expect(server.requested).toEqual(["Cached sentence 0."]);
    expect(revoked).toHaveBeenCalled();
  });

  it("plays every sentence of a reply on the one player, and the reply is heard", async () => {
    const { queue, events } = await speak(["What is the hardest part of your day? ", "Take your time. "]);
    expect(player.played).toHaveLength(2);
    expect(events).toEqual(["first audio"]);
    expect(queue.heard).toBe(true);
    expect(queue.saidText()).toBe("What is the hardest part of your day? Take your time. ");
  });

  it("reports a refusal, never a silent 'speaking', when the browser refuses sound and has no voice", async () => {
    player.outcomes = ["refused"];
    const { queue, events } = await speak(["What is the hardest part of your day? ", "Take your time. "]);
    expect(events).toEqual(["refused"]);
    expect(queue.heard).toBe(false);
    expect(queue.refused).toBe(true);
    // Refused once, the rest of the reply is not offered to the player again.
    expect(player.played).toHaveLength(1);
    expect(browserVoice.said).toHaveLength(1);
  });

  it("lets the browser's own voice say the reply when the audio is refused but the voice works", async () => {
    player.outcomes = ["refused"];
    browserVoice.result = "spoken";
    const { queue, events } = await speak(["What is the hardest part of your day? ", "Take your time. "]);
    expect(events).toEqual(["first audio"]);
    expect(queue.refused).toBe(false);
    expect(browserVoice.said).toEqual(["What is the hardest part of your day?", "Take your time."]);
  });

  it("falls back to the browser's voice for a sentence the player cannot play", async () => {
    player.outcomes = ["failed", "ended"];
    const { queue, events } = await speak(["What is the hardest part of your day? ", "Take your time. "]);
    expect(browserVoice.said).toEqual(["What is the hardest part of your day?"]);
    expect(events).toEqual(["first audio"]);
    expect(queue.refused).toBe(false);
  });
});
