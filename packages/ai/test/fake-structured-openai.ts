/**
 * A local OpenAI-compatible server for structured output (`response_format: json_schema`): answers
 * chat completions from a function (recorded responses, or a simulated model), paced per output
 * token like a real model, and records every request. Keyless, loopback only.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { LoopbackFake } from "./loopback";

export interface FakeStructuredOptions {
  /** The answer's text for a request body, or null when it has none (answered 404). */
  answer: (body: any) => string | null;
  /** Milliseconds per output token (see estimateTokens), to pace answers like a model. */
  tokenDelayMs?: number;
}

/** The key a request's answer is recorded under: its schema name and messages. */
export function requestKey(body: { response_format?: any; messages: unknown[] }): string {
  const name = body.response_format?.json_schema?.name ?? "text";
  return createHash("sha256")
    .update(JSON.stringify({ name, messages: body.messages }))
    .digest("hex")
    .slice(0, 24);
}

/**
 * The key ../shared/tools/model-relay.mjs files a request under: its messages and response format,
 * digit runs folded (new ids do not change it). Answers a capable model wrote for our own eval
 * projects through the relay are looked up by it (packages/ai/evals/model-answers.json).
 */
export const relayKey = (body: { messages: unknown; response_format?: unknown }) =>
  createHash("sha1")
    .update(JSON.stringify({ m: body.messages, f: body.response_format ?? null }).replace(/\d+/g, "#"))
    .digest("hex")
    .slice(0, 16);

/** Output tokens as a tokenizer would roughly count them: each word, number part or punctuation mark is one. */
export const estimateTokens = (text: string) =>
  Math.max(1, text.match(/[A-Za-z]+|\d{1,3}|[^\sA-Za-z\d]/g)?.length ?? 0);

export class FakeStructuredOpenAi extends LoopbackFake {
  readonly requests: any[] = [];

  constructor(readonly options: FakeStructuredOptions) {
    super("/v1");
  }

  protected async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (!req.url?.endsWith("/chat/completions")) return send(404, { error: { message: "not found" } });
    let body: any;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return send(400, { error: { message: "invalid JSON" } });
    }
    this.requests.push(body);
    const content = this.options.answer(body);
    if (content === null)
      return send(404, { error: { message: `no recorded answer for ${requestKey(body)}` } });
    const completionTokens = estimateTokens(content);
    const promptTokens = estimateTokens(JSON.stringify(body.messages));
    if (this.options.tokenDelayMs)
      await new Promise((r) => setTimeout(r, completionTokens * this.options.tokenDelayMs!));
    send(200, {
      id: `chatcmpl-${this.requests.length}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: "assistant", content, refusal: null },
          finish_reason: "stop",
          logprobs: null,
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    });
  }
}
