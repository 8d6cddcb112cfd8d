import type { Db } from "@parley/db/client";
import { getActiveModelConfiguration } from "@parley/db/queries/model-configurations";
import type { AiComponent } from "@parley/db/schema";

export interface ModelChoice {
  model: string;
  /** Options from the configuration JSON that the chat API understands. */
  options: {
    temperature?: number;
    max_tokens?: number;
    top_p?: number;
    presence_penalty?: number;
    frequency_penalty?: number;
  };
}

export const DEFAULT_MODELS: Record<AiComponent, string> = {
  interview_agent: "gpt-4o",
  summary_agent: "gpt-4o",
  strategic_partner: "gpt-4o",
  requirements_creator: "gpt-4o",
  prompt_creator: "gpt-4o-mini",
};

const OPTION_KEYS = ["temperature", "max_tokens", "top_p", "presence_penalty", "frequency_penalty"] as const;

export function parseOptions(configuration: string | null | undefined): ModelChoice["options"] {
  try {
    const parsed = JSON.parse(configuration ?? "{}") as Record<string, unknown>;
    const options: ModelChoice["options"] = {};
    for (const key of OPTION_KEYS) {
      const value = parsed[key];
      if (typeof value === "number" && Number.isFinite(value)) options[key] = value;
    }
    return options;
  } catch {
    return {};
  }
}

/**
 * The model per component from model_configurations: the active row wins (the newest if several).
 * With a deployment default (AI_MODEL, for a server such as Ollama or vLLM that serves one model),
 * a component still on its seeded OpenAI model uses that default; a model an admin chose wins.
 * Cached briefly; an admin edit calls invalidate() so the next AI call sees it.
 */
export class ModelResolver {
  #cache = new Map<AiComponent, { choice: ModelChoice; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 30_000,
    private readonly defaultModel?: string | undefined,
  ) {}

  async resolve(component: AiComponent): Promise<ModelChoice> {
    const hit = this.#cache.get(component);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.choice;
    const row = await getActiveModelConfiguration(this.db, component);
    const seeded = DEFAULT_MODELS[component];
    const configured = row?.model_name ?? seeded;
    const model = this.defaultModel && configured === seeded ? this.defaultModel : configured;
    const choice = { model, options: row ? parseOptions(row.configuration) : {} };
    this.#cache.set(component, { choice, at: Date.now() });
    return choice;
  }

  invalidate(): void {
    this.#cache.clear();
  }
}
