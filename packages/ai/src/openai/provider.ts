import OpenAI, { APIConnectionTimeoutError, APIError, toFile } from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { AiError } from "../errors";
import type { ModelChoice } from "../models";

export interface TokenUsage {
  model: string;
  inputTokens: number;
  outputTokens: number;
}

/** Maps what the SDK throws to a message people can act on. */
export function toAiError(error: unknown): AiError {
  if (error instanceof AiError) return error;
  if (error instanceof APIConnectionTimeoutError) {
    return new AiError(504, "The AI service took too long to answer. Please try again.");
  }
  if (error instanceof APIError) {
    if (error.status === 429)
      return new AiError(503, "The AI service is busy right now. Please try again in a moment.");
    if (error.status === 401 || error.status === 403) {
      return new AiError(
        502,
        "The AI service refused the configured API key. Ask an administrator to check it.",
      );
    }
    if (error.status === 400) return new AiError(502, "The AI service could not process this request.");
    return new AiError(502, "The AI service had a problem. Please try again.");
  }
  return new AiError(502, "The AI service could not be reached. Please try again.");
}

const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** The official SDK against OpenAI or any compatible server; one retry on 429/5xx, bounded time. */
export class OpenAiProvider {
  readonly client: OpenAI;

  constructor(options: { apiKey: string; baseURL?: string | undefined; timeoutMs?: number }) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
      timeout: options.timeoutMs ?? 60_000,
      maxRetries: 1,
    });
  }

  async complete(
    choice: ModelChoice,
    messages: ChatCompletionMessageParam[],
    extra: { json?: boolean } = {},
  ): Promise<{ text: string; usage: TokenUsage }> {
    try {
      const response = await this.client.chat.completions.create({
        model: choice.model,
        messages,
        ...choice.options,
        ...(extra.json ? { response_format: { type: "json_object" as const } } : {}),
      });
      const text = response.choices[0]?.message?.content ?? "";
      return {
        text,
        usage: {
          model: response.model || choice.model,
          inputTokens: response.usage?.prompt_tokens ?? estimateTokens(JSON.stringify(messages)),
          outputTokens: response.usage?.completion_tokens ?? estimateTokens(text),
        },
      };
    } catch (error) {
      throw toAiError(error);
    }
  }

  /** Text as it is generated; `done` resolves with the usage once the stream ends. */
  async *stream(
    choice: ModelChoice,
    messages: ChatCompletionMessageParam[],
    onUsage: (usage: TokenUsage) => void,
  ): AsyncGenerator<string> {
    let text = "";
    let usage: TokenUsage | undefined;
    try {
      const stream = await this.client.chat.completions.create({
        model: choice.model,
        messages,
        ...choice.options,
        stream: true,
        stream_options: { include_usage: true },
      });
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta?.content;
        if (delta) {
          text += delta;
          yield delta;
        }
        if (chunk.usage) {
          usage = {
            model: chunk.model || choice.model,
            inputTokens: chunk.usage.prompt_tokens,
            outputTokens: chunk.usage.completion_tokens,
          };
        }
      }
    } catch (error) {
      throw toAiError(error);
    }
    onUsage(
      usage ?? {
        model: choice.model,
        inputTokens: estimateTokens(JSON.stringify(messages)),
        outputTokens: estimateTokens(text),
      },
    );
  }

  async transcribe(audio: Buffer, mimeType: string): Promise<string> {
    try {
      const extension = mimeType.includes("wav")
        ? "wav"
        : mimeType.includes("mp4")
          ? "mp4"
          : mimeType.includes("mpeg")
            ? "mp3"
            : "webm";
      const file = await toFile(audio, `speech.${extension}`, { type: mimeType });
      const result = await this.client.audio.transcriptions.create({ file, model: "whisper-1" });
      return result.text;
    } catch (error) {
      throw toAiError(error);
    }
  }

  async speak(text: string): Promise<Buffer> {
    try {
      const response = await this.client.audio.speech.create({ model: "tts-1", voice: "alloy", input: text });
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw toAiError(error);
    }
  }
}
