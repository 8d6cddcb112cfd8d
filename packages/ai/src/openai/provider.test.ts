import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakeOpenAi, REALISTIC_PROFILE } from "../../test/fake-openai";
import { AiError, SPEECH_UNAVAILABLE } from "../errors";
import { AI_BUSY, AI_STALLED, OpenAiProvider, SPEECH_BUSY, type TokenUsage } from "./provider";

const REPLY = "What is the hardest part of planning routes today?";
const choice = { model: "gpt-4o-mini", options: {} };
const messages = [{ role: "user" as const, content: "Hello" }];

/** Runs a stream to its end (or failure) and tells what came out and what was reported as usage. */
async function drain(provider: OpenAiProvider, signal?: AbortSignal) {
  const usages: TokenUsage[] = [];
  let text = "";
  let error: unknown;
  try {
    for await (const chunk of provider.stream(choice, messages, (u) => usages.push(u), { signal }))
      text += chunk;
  } catch (caught) {
    error = caught;
  }
  return { text, usages, error };
}

describe("OpenAI provider streaming against the fake server", () => {
  const fake = new FakeOpenAi({ reply: REPLY });
  let provider: OpenAiProvider;
  beforeAll(async () => {
    const url = await fake.start();
    provider = new OpenAiProvider({ apiKey: "test-key", baseURL: url, timeoutMs: 400 });
  });
  afterEach(() => {
    fake.options.tokenDelayMs = 0;
    fake.interruptNext = [];
    fake.failNext = [];
    fake.failAudioNext = [];
  });
  afterAll(async () => {
    await fake.stop();
  });

  it("reports the server's usage once for a stream that finishes", async () => {
    const { text, usages, error } = await drain(provider);
    expect(error).toBeUndefined();
    expect(text).toBe(REPLY);
    expect(usages).toEqual([{ model: "gpt-4o-mini", inputTokens: 120, outputTokens: 13 }]);
  });

  it("aborts a stream that falls silent after the headers with a clear 504, and still reports usage", async () => {
    fake.interruptNext = [{ afterTokens: 2, mode: "stall" }];
    const started = Date.now();
    const { text, usages, error } = await drain(provider);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(text).toBe("What is ");
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({ status: 504, message: AI_STALLED });
    expect(usages).toHaveLength(1);
    expect(usages[0]!.outputTokens).toBe(Math.ceil("What is ".length / 4));
    expect(usages[0]!.inputTokens).toBeGreaterThan(0);
  });

  it("times out a stream that sends headers and then nothing at all", async () => {
    fake.interruptNext = [{ afterTokens: 0, mode: "stall" }];
    const { text, usages, error } = await drain(provider);
    expect(text).toBe("");
    expect(error).toMatchObject({ status: 504, message: AI_STALLED });
    expect(usages).toHaveLength(1);
  });

  it("does not time out a slow consumer while the server keeps sending", async () => {
    const usages: TokenUsage[] = [];
    let text = "";
    for await (const chunk of provider.stream(choice, messages, (u) => usages.push(u))) {
      text += chunk;
      await new Promise((r) => setTimeout(r, 150)); // 9 chunks × 150 ms is well over the 400 ms idle limit
    }
    expect(text).toBe(REPLY);
    expect(usages).toHaveLength(1);
  });

  it("reports estimated usage once when the connection drops midway", async () => {
    fake.interruptNext = [{ afterTokens: 3, mode: "drop" }];
    const { text, usages, error } = await drain(provider);
    expect(text).toBe("What is the ");
    expect(error).toBeInstanceOf(AiError);
    expect(usages).toEqual([
      expect.objectContaining({ model: "gpt-4o-mini", outputTokens: Math.ceil(text.length / 4) }),
    ]);
  });

  it("reports usage once when the caller stops reading (return)", async () => {
    fake.options.tokenDelayMs = 20;
    const usages: TokenUsage[] = [];
    const stream = provider.stream(choice, messages, (u) => usages.push(u));
    expect((await stream.next()).value).toBe("What ");
    await stream.return(undefined);
    expect(usages).toEqual([expect.objectContaining({ outputTokens: 2 })]);
  });

  it("ends quietly and reports usage once when the caller's signal aborts", async () => {
    fake.options.tokenDelayMs = 50;
    const controller = new AbortController();
    const usages: TokenUsage[] = [];
    let text = "";
    for await (const chunk of provider.stream(choice, messages, (u) => usages.push(u), {
      signal: controller.signal,
    })) {
      text += chunk;
      if (text.startsWith("What is")) controller.abort();
    }
    expect(text).toBe("What is ");
    expect(usages).toHaveLength(1);
  });

  it("reports nothing when the request fails before a stream opens", async () => {
    fake.failNext = [500, 500];
    const { usages, error } = await drain(provider);
    expect(error).toMatchObject({ status: 502 });
    expect(usages).toEqual([]);
  });

  it("answers 429 with a busy message (never the no-key wording) when the service stays busy", async () => {
    fake.failNext = [429, 429];
    const { error } = await drain(provider);
    expect(error).toMatchObject({ status: 429, message: AI_BUSY });
    fake.failAudioNext = [429, 429];
    const speech = await provider.speak("Hello").catch((e: unknown) => e);
    expect(speech).toMatchObject({ status: 429, message: SPEECH_BUSY });
    fake.failAudioNext = [429, 429];
    const heard = await provider.transcribe(Buffer.alloc(500), "audio/webm").catch((e: unknown) => e);
    expect(heard).toMatchObject({ status: 429, message: "The speech service is busy. Please try again." });
    expect((heard as AiError).message).not.toBe(SPEECH_UNAVAILABLE);
    expect((heard as AiError).message).not.toMatch(/api key/i);
  });

  it("sends a recording to the transcription service under a name that says its real format", async () => {
    const sent = async (mimeType: string) => {
      await provider.transcribe(Buffer.alloc(500, 1), mimeType);
      const raw = fake.requests.filter((r) => r.path.endsWith("/audio/transcriptions")).at(-1)?.raw;
      const part = /filename="([^"]+)"\r\nContent-Type: ([^\r]+)/i.exec(raw?.toString("latin1") ?? "");
      return { name: part?.[1], type: part?.[2] };
    };
    expect(await sent("audio/webm;codecs=opus")).toEqual({
      name: "speech.webm",
      type: "audio/webm;codecs=opus",
    });
    expect(await sent("audio/mp4")).toEqual({ name: "speech.mp4", type: "audio/mp4" });
    expect(await sent("audio/x-m4a")).toEqual({ name: "speech.m4a", type: "audio/x-m4a" });
    expect(await sent("audio/aac")).toEqual({ name: "speech.m4a", type: "audio/aac" });
    expect(await sent("audio/ogg;codecs=opus")).toEqual({
      name: "speech.ogg",
      type: "audio/ogg;codecs=opus",
    });
  });

  it("hands speech on as its first bytes arrive, long before the whole audio has come", async () => {
    fake.options.profile = REALISTIC_PROFILE;
    try {
      const sentence = "Thanks, that helps a lot. Which part of the morning takes the longest for you?";
      const started = performance.now();
      const reader = (await provider.speakStream(sentence)).getReader();
      const first = await reader.read();
      const firstAt = performance.now() - started;
      let bytes = first.value?.length ?? 0;
      for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.length;
      const allAt = performance.now() - started;
      // MPEG audio frames (sync word 0xFFE), about 5 s of it streamed at four times real time.
      expect(first.value?.[0]).toBe(0xff);
      expect(bytes).toBeGreaterThan(30_000);
      expect(firstAt).toBeLessThan(allAt - 700);
    } finally {
      fake.options.profile = undefined;
    }
  });

  it("asks an OpenAI-compatible speech server for the models and voice it was configured with", async () => {
    const local = new OpenAiProvider({
      apiKey: "local",
      baseURL: fake.url,
      speech: { transcriptionModel: "Systran/faster-whisper-small", speechModel: "kokoro", voice: "af_sky" },
    });
    await local.transcribe(Buffer.alloc(500), "audio/webm");
    await local.speak("Hello");
    const heard = fake.requests.filter((r) => r.path.endsWith("/audio/transcriptions")).at(-1);
    expect(heard?.raw.toString("latin1")).toContain("Systran/faster-whisper-small");
    const spoken = fake.requests.filter((r) => r.path.endsWith("/audio/speech")).at(-1);
    expect(spoken?.body).toMatchObject({ model: "kokoro", voice: "af_sky", input: "Hello" });
    // Unset, OpenAI's own names.
    expect(provider.speech).toEqual({
      transcriptionModel: "whisper-1",
      speechModel: "tts-1",
      voice: "alloy",
    });
  });
});
