import type { ModelResolver } from "../models";
import { OpenAiProvider, type SpeechModels, type TokenUsage, toAiError } from "../openai/provider";
import { speechCostCents, tokenCostCents, transcriptionCostCents } from "../pricing";
import { fence, VISION_PROMPT } from "../prompts";
import { sanitizeForSpeech } from "../speech";
import type {
  AiProvider,
  CallUsage,
  ChatRequest,
  ImageRequest,
  SpeechFormat,
  StructuredFormat,
} from "./types";

const tokens = (usage: TokenUsage): CallUsage => ({
  model: usage.model,
  inputTokens: usage.inputTokens,
  outputTokens: usage.outputTokens,
  costCents: tokenCostCents(usage.model, usage.inputTokens, usage.outputTokens),
});

/** OpenAI or any compatible server through the official SDK; models per component from the admin's configurations. */
export function openAiProvider(options: {
  apiKey: string;
  baseURL?: string | undefined;
  timeoutMs?: number | undefined;
  speech?: Partial<SpeechModels> | undefined;
  models: ModelResolver;
}): AiProvider {
  const openai = new OpenAiProvider(options);
  const { models } = options;
  const transcriptionUsage = (audio: Buffer) => {
    // webm from the browser has no duration header; estimate from Opus at about 32 kbit/s.
    const seconds = Math.max(1, audio.length / 4000);
    return {
      model: openai.speech.transcriptionModel,
      audioSeconds: seconds,
      costCents: transcriptionCostCents(seconds),
    };
  };
  return {
    kind: "openai",
    supports: () => true,
    async complete(request: ChatRequest) {
      const { text, usage } = await openai.complete(
        await models.resolve(request.component),
        request.messages,
        {
          json: Boolean(request.json),
        },
      );
      return { value: text, usage: tokens(usage) };
    },
    async structured(request: ChatRequest, format: StructuredFormat) {
      const choice = await models.resolve(request.component);
      // A component's max_tokens sizes its spoken replies; a structured answer cut short is no
      // answer at all, so its schema bounds it instead (and the interview's token ceiling, its cost).
      const { max_tokens: _reply, ...options } = choice.options;
      try {
        const response = await openai.client.chat.completions.create(
          { model: choice.model, messages: request.messages, ...options, response_format: format },
          { signal: request.signal },
        );
        const text = response.choices[0]?.message?.content ?? "";
        return {
          value: text,
          usage: tokens({
            model: response.model || choice.model,
            inputTokens:
              response.usage?.prompt_tokens ?? Math.ceil(JSON.stringify(request.messages).length / 4),
            outputTokens: response.usage?.completion_tokens ?? Math.ceil(text.length / 4),
          }),
        };
      } catch (error) {
        throw toAiError(error);
      }
    },
    async *stream(request: ChatRequest, onUsage: (usage: CallUsage) => void) {
      const choice = await models.resolve(request.component);
      yield* openai.stream(choice, request.messages, (usage) => onUsage(tokens(usage)), {
        signal: request.signal,
      });
    },
    transcriptionUsage,
    async transcribe(audio: Buffer, mimeType: string) {
      const text = await openai.transcribe(audio, mimeType);
      return { value: text, usage: transcriptionUsage(audio) };
    },
    async speak(input: string, format?: SpeechFormat) {
      const text = sanitizeForSpeech(input);
      const audio = await openai.speakStream(text, format);
      return {
        value: audio,
        usage: { model: openai.speech.speechModel, costCents: speechCostCents(text.length) },
      };
    },
    async describeImage(request: ImageRequest) {
      const { text, usage } = await openai.complete(await models.resolve("interview_agent"), [
        { role: "system", content: VISION_PROMPT },
        {
          role: "user",
          content: [
            { type: "text", text: fence("participant_data", request.context ?? "") },
            { type: "image_url", image_url: { url: `data:${request.mimeType};base64,${request.base64}` } },
          ],
        },
      ]);
      return { value: text.trim(), usage: tokens(usage) };
    },
  };
}
