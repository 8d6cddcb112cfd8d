/**
 * A local fake of the OpenAI HTTP API for tests: chat completions (plain and streamed as SSE),
 * transcriptions and speech. It records every request, and can be told to fail or stall, so the
 * real `openai` SDK is exercised over real HTTP. Run alone: `npx tsx packages/ai/test/fake-openai.ts --port 4010`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { LoopbackFake } from "./loopback";

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage["headers"];
  body: any;
  raw: Buffer;
  /** When it arrived (performance.now() of this process). */
  at: number;
}

export interface FakeOpenAiOptions {
  /** Text of chat answers; a function sees the request body. */
  reply?: string | ((body: any) => string);
  /** Delay between streamed tokens (ms). */
  tokenDelayMs?: number;
  transcript?: string;
  /** Answer with realistic timings and playable, streamed speech (see REALISTIC_PROFILE). */
  profile?: TimingProfile;
}

/** How long each kind of answer takes; unset, the fake answers at once with a token of fake audio. */
export interface TimingProfile {
  transcriptionMs: number;
  /** Time to the first token of a chat answer, streamed or not. */
  chatFirstTokenMs: number;
  /** Time per further token; a non-streamed answer (a structured call) arrives after all of them. */
  chatTokenMs: number;
  speechFirstByteMs: number;
  /** The speech body streams this many times faster than it plays. */
  speechSpeedup: number;
  /** Length of the spoken audio per character of text. */
  speechMsPerChar: number;
}

/** The timings issue 16 measured against: a hosted transcription, chat and speech service. */
export const REALISTIC_PROFILE: TimingProfile = {
  transcriptionMs: 300,
  chatFirstTokenMs: 300,
  chatTokenMs: 25,
  speechFirstByteMs: 250,
  speechSpeedup: 4,
  speechMsPerChar: 65,
};

/** MPEG-1 Layer III, 64 kbit/s, 44.1 kHz, mono: one frame of silence (1152 samples, 26.1 ms). */
const MP3_FRAME_MS = (1152 / 44100) * 1000;
const MP3_SILENT_FRAME = (() => {
  const frame = Buffer.alloc(Math.floor((144 * 64000) / 44100));
  frame.set([0xff, 0xfb, 0x50, 0xc0]);
  return frame;
})();

/** Playable MP3 audio of silence lasting about `ms`, as a list of frames. */
export function silentMp3Frames(ms: number): Buffer[] {
  return Array.from({ length: Math.max(1, Math.round(ms / MP3_FRAME_MS)) }, () => MP3_SILENT_FRAME);
}

/** OpenAI's `response_format: "pcm"`: 24 kHz, 16-bit signed little-endian, mono, no header. */
const PCM_BYTES_PER_MS = (24000 * 2) / 1000;

/** Raw PCM of silence lasting about `ms`. */
export function silentPcm(ms: number): Buffer {
  return Buffer.alloc(Math.max(1, Math.round(ms * (PCM_BYTES_PER_MS / 2))) * 2);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class FakeOpenAi extends LoopbackFake {
  readonly requests: RecordedRequest[] = [];
  /** Statuses to answer the next chat requests with (consumed one per request), e.g. [429]. */
  failNext: number[] = [];
  /** Hang this many of the next chat requests (to test timeouts). */
  stallNext = 0;
  /** Hang the next chat request this matches (once), e.g. one of a job's structured calls. */
  stallWhen: ((body: any) => boolean) | undefined;
  /**
   * Streamed chat requests to break after the headers and `afterTokens` tokens (consumed one per
   * streamed request): `stall` keeps the connection open and silent (idle time-outs), `drop`
   * destroys it (failures midway). Neither sends the final usage chunk.
   */
  interruptNext: Array<{ afterTokens: number; mode: "stall" | "drop" }> = [];
  /** Statuses to answer the next audio requests (transcriptions, speech) with, e.g. [429, 429]. */
  failAudioNext: number[] = [];
  options: FakeOpenAiOptions;

  constructor(options: FakeOpenAiOptions = {}) {
    super("/v1");
    this.options = options;
  }

  chatRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path.endsWith("/chat/completions"));
  }

  #reply(body: any): string {
    const { reply } = this.options;
    if (typeof reply === "function") return reply(body);
    return reply ?? "What is the hardest part of your day?";
  }

  protected async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    let body: any = null;
    if ((req.headers["content-type"] ?? "").includes("application/json")) {
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        body = null;
      }
    }
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (path === "/__requests") {
      // For browser tests, whose fake runs in its own process: what the chat calls asked for.
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify(
          this.chatRequests().map((r) => ({ model: r.body?.model, temperature: r.body?.temperature })),
        ),
      );
      return;
    }
    if (path === "/__configure") {
      // For browser tests and the voice bench: switch the timing profile and the reply at run time.
      this.options = {
        ...this.options,
        profile: body?.profile === "realistic" ? REALISTIC_PROFILE : undefined,
        reply: typeof body?.reply === "string" ? body.reply : undefined,
      };
      res.writeHead(204);
      res.end();
      return;
    }
    this.requests.push({ path, headers: req.headers, body, raw, at: performance.now() });
    const profile = this.options.profile;

    if (path.endsWith("/chat/completions")) {
      if (this.stallWhen?.(body)) {
        this.stallWhen = undefined;
        return; // never answers
      }
      if (this.stallNext > 0) {
        this.stallNext -= 1;
        return; // never answers
      }
      const status = this.failNext.shift();
      if (status) {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: `fake failure ${status}`, type: "server_error" } }));
        return;
      }
      const text = this.#reply(body);
      const model = body?.model ?? "gpt-4o";
      const usage = {
        prompt_tokens: 120,
        completion_tokens: Math.max(1, Math.ceil(text.length / 4)),
        total_tokens: 0,
      };
      if (body?.stream) {
        res.writeHead(200, {
          "content-type": "text/event-stream",
          "cache-control": "no-cache",
          connection: "keep-alive",
        });
        res.flushHeaders();
        if (profile) await sleep(profile.chatFirstTokenMs);
        const tokens = text.match(/\S+\s*/g) ?? [];
        const interrupt = this.interruptNext.shift();
        for (const [index, token] of tokens.entries()) {
          if (interrupt && index >= interrupt.afterTokens) {
            if (interrupt.mode === "drop") {
              // Let the tokens already written reach the client before the connection breaks.
              await new Promise((r) => setTimeout(r, 50));
              res.destroy();
            }
            return; // stall: headers sent, then silence until the client gives up
          }
          res.write(
            `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 1, model, choices: [{ index: 0, delta: { content: token }, finish_reason: null }] })}\n\n`,
          );
          const delay = profile?.chatTokenMs ?? this.options.tokenDelayMs;
          if (delay) await sleep(delay);
        }
        res.write(
          `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 1, model, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`,
        );
        res.write(
          `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 1, model, choices: [], usage })}\n\n`,
        );
        res.end("data: [DONE]\n\n");
        return;
      }
      // A whole answer comes once the model has written all of it, as a hosted model's does.
      if (profile)
        await sleep(profile.chatFirstTokenMs + (usage.completion_tokens - 1) * profile.chatTokenMs);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "chatcmpl-fake",
          object: "chat.completion",
          created: 1,
          model,
          choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
          usage,
        }),
      );
      return;
    }
    if (path.includes("/audio/")) {
      const status = this.failAudioNext.shift();
      if (status) {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: `fake failure ${status}`, type: "server_error" } }));
        return;
      }
    }
    if (path.endsWith("/audio/transcriptions")) {
      if (profile) await sleep(profile.transcriptionMs);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ text: this.options.transcript ?? "We plan every route by hand each morning." }),
      );
      return;
    }
    const pcm = path.endsWith("/audio/speech") && body?.response_format === "pcm";
    if (pcm && profile) {
      await sleep(profile.speechFirstByteMs);
      res.writeHead(200, { "content-type": "audio/pcm" });
      res.flushHeaders();
      // Slices of about 200 ms, each after a quarter of its playing time, cut one byte past the
      // sample as a network may cut them (so a sample's two bytes come in two slices).
      const audio = silentPcm(String(body?.input ?? "").length * profile.speechMsPerChar);
      const perSlice = 200 * PCM_BYTES_PER_MS + 1;
      for (let at = 0; at < audio.length; at += perSlice) {
        if (res.destroyed) return;
        res.write(audio.subarray(at, at + perSlice));
        if (at + perSlice < audio.length) await sleep(200 / profile.speechSpeedup);
      }
      res.end();
      return;
    }
    if (pcm) {
      // No audio at all (as the MP3 answer below is not playable): the page falls back to the browser's voice.
      res.writeHead(200, { "content-type": "audio/pcm" });
      res.end();
      return;
    }
    if (path.endsWith("/audio/speech") && profile) {
      await sleep(profile.speechFirstByteMs);
      res.writeHead(200, { "content-type": "audio/mpeg" });
      res.flushHeaders();
      // Sent in slices of about 200 ms of audio, each after a quarter of its playing time.
      const frames = silentMp3Frames(String(body?.input ?? "").length * profile.speechMsPerChar);
      const perSlice = Math.max(1, Math.round(200 / MP3_FRAME_MS));
      for (let i = 0; i < frames.length; i += perSlice) {
        if (res.destroyed) return;
        const slice = frames.slice(i, i + perSlice);
        res.write(Buffer.concat(slice));
        if (i + perSlice < frames.length) await sleep((slice.length * MP3_FRAME_MS) / profile.speechSpeedup);
      }
      res.end();
      return;
    }
    if (path.endsWith("/audio/speech")) {
      res.writeHead(200, { "content-type": "audio/mpeg" });
      res.end(Buffer.from("ID3fake-mp3-audio"));
      return;
    }
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: "not found" } }));
  }
}

if (process.argv[1]?.endsWith("fake-openai.ts")) {
  const portArg = process.argv.indexOf("--port");
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 4010;
  const fake = new FakeOpenAi({
    tokenDelayMs: Number(process.env.FAKE_TOKEN_DELAY_MS ?? 0),
    profile: process.argv.includes("--realistic") ? REALISTIC_PROFILE : undefined,
  });
  fake.start(port).then((url) => console.log(`fake OpenAI listening at ${url}`));
}
