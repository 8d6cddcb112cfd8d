import OpenAI, { APIConnectionTimeoutError, APIError, toFile } from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { audioFileName } from "../audioFormat";
import { AiError } from "../errors";
import type { ModelChoice } from "../models";
import type { SpeechFormat } from "../providers/types";

export interface TokenUsage {
  model: string;
  inputTokens: number;
  outputTokens: number;
}

/** Statuses and messages of the AI service's own failures, as people read them. */
export const AI_BUSY = "The AI service is busy right now. Please try again in a moment.";
export const SPEECH_BUSY = "The speech service is busy. Please try again.";
export const AI_TIMEOUT = "The AI service took too long to answer. Please try again.";
export const AI_STALLED = "The AI service stopped answering midway. Please try again.";

/**
 * Maps what the SDK throws to a message people can act on. A busy service (429 after the one
 * retry) answers 429, never 503: the participant page reads 503 on speech as "requires an API key".
 */
export function toAiError(error: unknown): AiError {
  if (error instanceof AiError) return error;
  if (error instanceof APIConnectionTimeoutError) return new AiError(504, AI_TIMEOUT);
  if (error instanceof APIError) {
    if (error.status === 429) return new AiError(429, AI_BUSY);
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

/** The same, for speech calls: a busy service says so in speech terms. */
function toSpeechError(error: unknown): AiError {
  const mapped = toAiError(error);
  return mapped.status === 429 && mapped.message === AI_BUSY ? new AiError(429, SPEECH_BUSY) : mapped;
}

export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** The official SDK against OpenAI or any compatible server; one retry on 429/5xx, bounded time. */
export interface SpeechModels {
  transcriptionModel: string;
  speechModel: string;
  voice: string;
}

export const DEFAULT_SPEECH_MODELS: SpeechModels = {
  transcriptionModel: "whisper-1",
  speechModel: "tts-1",
  voice: "alloy",
};

export class OpenAiProvider {
  readonly client: OpenAI;
  /** Longest silence allowed between two streamed chunks, once the response headers arrived. */
  readonly idleTimeoutMs: number;

  /** Speech models and voice: OpenAI's by default; a local OpenAI-compatible speech server names its own. */
  readonly speech: SpeechModels;

  constructor(options: {
    apiKey: string;
    baseURL?: string | undefined;
    timeoutMs?: number | undefined;
    speech?: Partial<SpeechModels> | undefined;
  }) {
    const timeoutMs = options.timeoutMs ?? 60_000;
    this.speech = {
      transcriptionModel: options.speech?.transcriptionModel || DEFAULT_SPEECH_MODELS.transcriptionModel,
      speechModel: options.speech?.speechModel || DEFAULT_SPEECH_MODELS.speechModel,
      voice: options.speech?.voice || DEFAULT_SPEECH_MODELS.voice,
    };
    this.client = new OpenAI({
      apiKey: options.apiKey,
      ...(options.baseURL ? { baseURL: options.baseURL } : {}),
      timeout: timeoutMs,
      maxRetries: 1,
    });
    this.idleTimeoutMs = timeoutMs;
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

  /**
   * Text as it is generated. Once the server has answered, `onUsage` is called exactly once however
   * the stream ends (finished, failed or stalled midway, or abandoned by the caller through
   * `signal` or `return()`): with the server's usage, or an estimate from the text so far when the
   * final usage chunk never came. The SDK's timeout only covers the wait for the headers, so a
   * silence longer than `idleTimeoutMs` between chunks aborts the stream with a 504.
   */
  async *stream(
    choice: ModelChoice,
    messages: ChatCompletionMessageParam[],
    onUsage: (usage: TokenUsage) => void,
    options: { signal?: AbortSignal | undefined } = {},
  ): AsyncGenerator<string> {
    const controller = new AbortController();
    const cancel = () => controller.abort();
    options.signal?.addEventListener("abort", cancel, { once: true });
    let opened = false;
    let stalled = false;
    let text = "";
    let usage: TokenUsage | undefined;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const watchForSilence = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        stalled = true;
        controller.abort();
      }, this.idleTimeoutMs);
    };
    try {
      if (options.signal?.aborted) return;
      const stream = await this.client.chat.completions
        .create(
          {
            model: choice.model,
            messages,
            ...choice.options,
            stream: true,
            stream_options: { include_usage: true },
          },
          { signal: controller.signal },
        )
        .catch((error: unknown) => {
          if (options.signal?.aborted) return null;
          throw toAiError(error);
        });
      if (!stream) return;
      opened = true;
      watchForSilence();
      try {
        // The SDK ends the iteration quietly when the request is aborted (silence or caller).
        for await (const chunk of stream) {
          watchForSilence();
          if (chunk.usage) {
            usage = {
              model: chunk.model || choice.model,
              inputTokens: chunk.usage.prompt_tokens,
              outputTokens: chunk.usage.completion_tokens,
            };
          }
          const delta = chunk.choices[0]?.delta?.content;
          if (delta) {
            text += delta;
            // The caller's own pace is not the server's silence.
            clearTimeout(idleTimer);
            yield delta;
            watchForSilence();
          }
        }
      } catch (error) {
        if (!stalled && !options.signal?.aborted) throw toAiError(error);
      }
      if (stalled) throw new AiError(504, AI_STALLED);
    } finally {
      clearTimeout(idleTimer);
      options.signal?.removeEventListener("abort", cancel);
      controller.abort();
      if (opened) {
        onUsage(
          usage ?? {
            model: choice.model,
            inputTokens: estimateTokens(JSON.stringify(messages)),
            outputTokens: estimateTokens(text),
          },
        );
      }
    }
  }

  async transcribe(audio: Buffer, mimeType: string): Promise<string> {
    try {
      // The service reads the format from the file's extension: a Safari recording (audio/mp4) or an
      // Ogg one must not arrive as speech.webm.
      const file = await toFile(audio, audioFileName(mimeType), { type: mimeType });
      const result = await this.client.audio.transcriptions.create({
        file,
        model: this.speech.transcriptionModel,
      });
      return result.text;
    } catch (error) {
      throw toSpeechError(error);
    }
  }

  /**
   * Speech as its bytes arrive: resolves once the service has answered (so refusals still throw
   * here, before anything is sent on), with the audio body as a stream.
   */
  async speakStream(text: string, format: SpeechFormat = "mp3"): Promise<ReadableStream<Uint8Array>> {
    try {
      const response = await this.client.audio.speech.create({
        model: this.speech.speechModel,
        voice: this.speech.voice,
        input: text,
        response_format: format,
      });
      if (!response.body) throw new AiError(502, "The speech service sent no audio");
      return response.body as ReadableStream<Uint8Array>;
    } catch (error) {
      throw toSpeechError(error);
    }
  }

  async speak(text: string): Promise<Buffer> {
    try {
      const response = await this.client.audio.speech.create({
        model: this.speech.speechModel,
        voice: this.speech.voice,
        input: text,
      });
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw toSpeechError(error);
    }
  }
}
