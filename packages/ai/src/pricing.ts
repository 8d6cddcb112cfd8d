/**
 * The price table metering uses: what one call costs us, in cents. Figures follow OpenAI's public
 * list prices (per 1M tokens, per minute of audio, per 1M characters of speech); unknown models
 * are priced as gpt-4o. The offline provider costs nothing: its calls are counted, not charged.
 */
export interface ModelPrice {
  /** cents per 1M input tokens */
  input: number;
  /** cents per 1M output tokens */
  output: number;
}

export const TOKEN_PRICES: Record<string, ModelPrice> = {
  "gpt-4o": { input: 250, output: 1000 },
  "gpt-4o-mini": { input: 15, output: 60 },
  "gpt-4": { input: 3000, output: 6000 },
  "gpt-4-mini": { input: 15, output: 60 },
  "gpt-3.5-turbo": { input: 50, output: 150 },
};

/** whisper-1: 0.6 cents per minute of audio. */
export const TRANSCRIPTION_CENTS_PER_MINUTE = 0.6;
/** tts-1: 1500 cents per 1M characters. */
export const SPEECH_CENTS_PER_MILLION_CHARS = 1500;

export function tokenCostCents(model: string, inputTokens: number, outputTokens: number): number {
  const price =
    TOKEN_PRICES[model] ?? TOKEN_PRICES[model.replace(/-\d{4}-\d{2}-\d{2}$/, "")] ?? TOKEN_PRICES["gpt-4o"]!;
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}

export function transcriptionCostCents(seconds: number): number {
  return (seconds / 60) * TRANSCRIPTION_CENTS_PER_MINUTE;
}

export function speechCostCents(characters: number): number {
  return (characters * SPEECH_CENTS_PER_MILLION_CHARS) / 1_000_000;
}
