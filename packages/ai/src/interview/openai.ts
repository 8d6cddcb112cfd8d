import OpenAI from "openai";
import type { ChatMessage } from "./prompts";
import type { InterviewProvider, ResponseFormat } from "./turn";

/**
 * The interviewer's provider over the official SDK (OpenAI or any compatible server). No metering
 * here: the engine wraps whichever provider it passes in with its plan checks and usage records.
 */
export function openAiInterviewProvider(
  client: OpenAI,
  model: string,
  options: Record<string, unknown> = {},
) {
  const provider: InterviewProvider = {
    async complete(messages: ChatMessage[], signal?: AbortSignal) {
      const response = await client.chat.completions.create({ model, messages, ...options }, { signal });
      return response.choices[0]?.message?.content ?? "";
    },
    async structured(messages: ChatMessage[], format: ResponseFormat, signal?: AbortSignal) {
      const response = await client.chat.completions.create(
        { model, messages, ...options, response_format: format },
        { signal },
      );
      return response.choices[0]?.message?.content ?? "";
    },
    async *stream(messages: ChatMessage[], signal?: AbortSignal) {
      const stream = await client.chat.completions.create(
        { model, messages, ...options, stream: true },
        { signal },
      );
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta?.content;
        if (delta) yield delta;
      }
    },
  };
  return provider;
}

/** The interviewer's provider for an OpenAI-compatible server at `baseURL` (benches, local servers). */
export function openAiCompatibleInterviewProvider(options: {
  baseURL: string;
  model: string;
  apiKey?: string;
}) {
  const client = new OpenAI({ apiKey: options.apiKey || "unused", baseURL: options.baseURL, maxRetries: 0 });
  return openAiInterviewProvider(client, options.model);
}
