import type { Db } from "@parley/db/client";

export interface AiEngineOptions {
  db: Db;
  openaiApiKey?: string | undefined;
  openaiBaseUrl?: string | undefined;
}

/**
 * The AI engine: the five agents, speech and vision, over the offline provider or OpenAI.
 * (Filled in by the AI engine issue; the foundation only wires it into the server.)
 */
export class AiEngine {
  readonly provider: "offline" | "openai";
  constructor(readonly options: AiEngineOptions) {
    this.provider = options.openaiApiKey ? "openai" : "offline";
  }
}

export function createAiEngine(options: AiEngineOptions): AiEngine {
  return new AiEngine(options);
}
