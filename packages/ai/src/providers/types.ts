import type { AiComponent } from "@parley/db/schema";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";

/**
 * One interface for every provider (offline rules, OpenAI or a compatible server): the engine
 * checks plans and meters in one place around whichever provider answers (engine.ts `#metered`).
 */

/** What a call cost, as the provider measured it; the engine adds who pays and why. */
export interface CallUsage {
  model: string;
  inputTokens?: number;
  outputTokens?: number;
  audioSeconds?: number;
  costCents: number;
}

/**
 * How speech's bytes come: MP3, or raw PCM as OpenAI's speech API sends it (24 kHz, 16-bit signed
 * little-endian, mono, no header), which a page can play on its AudioContext as the bytes arrive.
 */
export type SpeechFormat = "mp3" | "pcm";

export interface Metered<T> {
  value: T;
  usage: CallUsage;
}

export interface ChatRequest {
  component: AiComponent;
  /** What a model reads. */
  messages: ChatCompletionMessageParam[];
  /** What the offline provider answers instead (the rules need no prompt). */
  offline: () => string;
  /** JSON mode (`json_object`), for agents that answer JSON without a strict schema. */
  json?: boolean;
  signal?: AbortSignal | undefined;
}

export interface ImageRequest {
  base64: string;
  mimeType: string;
  context?: string | null | undefined;
}

/** A strict `json_schema` response format: the interviewer's plans and decisions, the evidence facade's answers. */
export interface StructuredFormat {
  type: "json_schema";
  json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
}

export type Capability = "speech" | "structured";

export interface AiProvider {
  readonly kind: "offline" | "openai";
  /** Whether a kind of call can be served at all; asked before anything is reserved. */
  supports(capability: Capability): boolean;
  complete(request: ChatRequest): Promise<Metered<string>>;
  /** A JSON answer held to a strict `json_schema` response format, as text. */
  structured(request: ChatRequest, format: StructuredFormat): Promise<Metered<string>>;
  /**
   * Text as it is generated. `onUsage` is called exactly once when the call cost something,
   * however the stream ends (finished, failed midway, abandoned); never when it failed first.
   */
  stream(request: ChatRequest, onUsage: (usage: CallUsage) => void): AsyncGenerator<string>;
  transcribe(audio: Buffer, mimeType: string): Promise<Metered<string>>;
  /** What transcribing this audio will cost, when that is known before the call (from its length). */
  transcriptionUsage?(audio: Buffer): CallUsage;
  /** Resolves once the service answered (refusals throw here), with the audio as it arrives. */
  speak(text: string, format?: SpeechFormat): Promise<Metered<ReadableStream<Uint8Array>>>;
  describeImage(request: ImageRequest): Promise<Metered<string>>;
}
