/** A StructuredProvider over any OpenAI-compatible server (keyless local ones too), for tests and phase 2. */
import OpenAI from "openai";
import type { StructuredProvider, StructuredRequest } from "./structured";

export interface OpenAiStructuredOptions {
  client: OpenAI;
  model: string;
  /** Called with each answer's token usage, so the caller can meter it. */
  onUsage?: (usage: { inputTokens: number; outputTokens: number; model: string }) => void;
}

export function openAiStructuredProvider(options: OpenAiStructuredOptions): StructuredProvider {
  return {
    async structured(request: StructuredRequest): Promise<string> {
      const response = await options.client.chat.completions.create(
        {
          model: options.model,
          messages: request.messages,
          response_format: {
            type: "json_schema",
            json_schema: { name: request.name, schema: request.schema, strict: true },
          },
        },
        { signal: request.signal },
      );
      options.onUsage?.({
        model: response.model || options.model,
        inputTokens: response.usage?.prompt_tokens ?? 0,
        outputTokens: response.usage?.completion_tokens ?? 0,
      });
      return response.choices[0]?.message?.content ?? "";
    },
  };
}

/** A provider for a server by address (keyless local servers take any key). */
export function openAiCompatibleProvider(options: {
  baseURL: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
  onUsage?: OpenAiStructuredOptions["onUsage"];
}): StructuredProvider {
  const client = new OpenAI({
    apiKey: options.apiKey || "unused",
    baseURL: options.baseURL,
    maxRetries: 0,
    timeout: options.timeoutMs ?? 120_000,
  });
  return openAiStructuredProvider({ client, model: options.model, onUsage: options.onUsage });
}
