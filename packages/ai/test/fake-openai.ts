/**
 * A local fake of the OpenAI HTTP API for tests: chat completions (plain and streamed as SSE),
 * transcriptions and speech. It records every request, and can be told to fail or stall, so the
 * real `openai` SDK is exercised over real HTTP. Run alone: `npx tsx packages/ai/test/fake-openai.ts --port 4010`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage["headers"];
  body: any;
  raw: Buffer;
}

export interface FakeOpenAiOptions {
  /** Text of chat answers; a function sees the request body. */
  reply?: string | ((body: any) => string);
  /** Delay between streamed tokens (ms). */
  tokenDelayMs?: number;
  transcript?: string;
}

export class FakeOpenAi {
  readonly requests: RecordedRequest[] = [];
  /** Statuses to answer the next chat requests with (consumed one per request), e.g. [429]. */
  failNext: number[] = [];
  /** Hang this many of the next chat requests (to test timeouts). */
  stallNext = 0;
  /**
   * Streamed chat requests to break after the headers and `afterTokens` tokens (consumed one per
   * streamed request): `stall` keeps the connection open and silent (idle time-outs), `drop`
   * destroys it (failures midway). Neither sends the final usage chunk.
   */
  interruptNext: Array<{ afterTokens: number; mode: "stall" | "drop" }> = [];
  /** Statuses to answer the next audio requests (transcriptions, speech) with, e.g. [429, 429]. */
  failAudioNext: number[] = [];
  options: FakeOpenAiOptions;
  #server: Server | undefined;
  url = "";

  constructor(options: FakeOpenAiOptions = {}) {
    this.options = options;
  }

  async start(port = 0): Promise<string> {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(port, "127.0.0.1", resolve));
    const address = this.#server.address();
    this.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/v1`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }

  chatRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path.endsWith("/chat/completions"));
  }

  #reply(body: any): string {
    const { reply } = this.options;
    if (typeof reply === "function") return reply(body);
    return reply ?? "What is the hardest part of your day?";
  }

  async #handle(req: IncomingMessage, res: ServerResponse) {
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
    this.requests.push({ path, headers: req.headers, body, raw });

    if (path.endsWith("/chat/completions")) {
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
          if (this.options.tokenDelayMs) await new Promise((r) => setTimeout(r, this.options.tokenDelayMs));
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
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ text: this.options.transcript ?? "We plan every route by hand each morning." }),
      );
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
  const fake = new FakeOpenAi({ tokenDelayMs: Number(process.env.FAKE_TOKEN_DELAY_MS ?? 0) });
  fake.start(port).then((url) => console.log(`fake OpenAI listening at ${url}`));
}
