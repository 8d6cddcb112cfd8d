import type { Db } from "@parley/db/client";
import type { AiComponent, StakeholderType } from "@parley/db/schema";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { AiError, SPEECH_UNAVAILABLE, TTS_UNAVAILABLE } from "./errors";
import { CONTEXT_CAP, capHistory } from "./history";
import {
  type BillTo,
  DEFAULT_INTERVIEW_CEILING,
  type InterviewCeiling,
  type Reservation,
  recordUsage,
  reserveAiCall,
} from "./metering";
import { ModelResolver } from "./models";
import { type InterviewTurn, nextInterviewMessage } from "./offline/interviewer";
import { extractRequirements } from "./offline/requirements";
import { summarizeTranscripts } from "./offline/summarizer";
import { answerFromSummary, assemblePrompt, describeImageOffline } from "./offline/writer";
import { OpenAiProvider, type SpeechModels, type TokenUsage } from "./openai/provider";
import { speechCostCents, tokenCostCents, transcriptionCostCents } from "./pricing";
import {
  fence,
  interviewHistoryMessage,
  interviewSystemPrompt,
  PARTNER_PROMPT,
  PROMPT_CREATOR_PROMPT,
  REQUIREMENTS_PROMPT,
  REQUIREMENTS_REFRESH_RULE,
  SUMMARY_PROMPT,
  VISION_PROMPT,
} from "./prompts";
import { parseRequirements, renderRequirements } from "./requirements/markdown";
import { verifyQuotes } from "./requirements/quotes";
import { type RequirementsTree, ZRequirementsTree } from "./requirements/types";
import { sanitizeForSpeech } from "./speech";

export interface AiEngineOptions {
  db: Db;
  openaiApiKey?: string | undefined;
  openaiBaseUrl?: string | undefined;
  /** Speech models and voice for an OpenAI-compatible speech server (OpenAI's when unset). */
  speech?: Partial<SpeechModels> | undefined;
  timeoutMs?: number;
  /** How long a model configuration is cached (ms). */
  modelCacheMs?: number;
  /** Called after each metered call (usage alerts); its failures never fail the call. */
  afterUsage?: (userId: string) => Promise<void>;
  /** The most AI calls and tokens one interview may use. */
  interviewCeiling?: InterviewCeiling;
}

export interface InterviewInput extends InterviewTurn {
  targetAudience?: string | null;
  /** Aborted when the caller goes away (client disconnect); the call is still metered. */
  signal?: AbortSignal | undefined;
}

export interface RequirementsInput {
  transcripts: string[];
  title: string;
  content?: string | null;
  existingRequirements?: string | null;
  isRefresh?: boolean;
  role?: string | null;
}

export const OFFLINE_MODEL = "offline";

const MERGE_PREFIX = 200;

/**
 * The AI engine: the five agents, speech and vision. Every call checks the payer's plan and budget
 * first and records a usage event after; without an API key the offline provider answers.
 */
export class AiEngine {
  readonly provider: "offline" | "openai";
  readonly models: ModelResolver;
  readonly #openai: OpenAiProvider | undefined;
  readonly #db: Db;
  readonly #afterUsage: AiEngineOptions["afterUsage"];
  readonly #ceiling: InterviewCeiling;

  constructor(options: AiEngineOptions) {
    this.#db = options.db;
    this.#afterUsage = options.afterUsage;
    this.#ceiling = options.interviewCeiling ?? DEFAULT_INTERVIEW_CEILING;
    this.provider = options.openaiApiKey ? "openai" : "offline";
    this.models = new ModelResolver(options.db, options.modelCacheMs);
    this.#openai = options.openaiApiKey
      ? new OpenAiProvider({
          apiKey: options.openaiApiKey,
          baseURL: options.openaiBaseUrl,
          timeoutMs: options.timeoutMs,
          speech: options.speech,
        })
      : undefined;
  }

  /** Every call is reserved (plan, budget, interview ceiling) before it is made, so its record adds cost only. */
  async #record(billTo: BillTo, usage: Parameters<typeof recordUsage>[2]) {
    await recordUsage(this.#db, billTo, usage, { reserved: true });
    await this.#afterUsage?.(billTo.userId).catch(() => undefined);
  }

  #reserve(billTo: BillTo, countsAsCall = true): Promise<Reservation> {
    return reserveAiCall(this.#db, billTo, { countsAsCall, ceiling: this.#ceiling });
  }

  /** Runs one call under a reservation, released when the call fails (it cost nothing then). */
  async #reserved<T>(billTo: BillTo, run: () => Promise<T>, countsAsCall = true): Promise<T> {
    const reservation = await this.#reserve(billTo, countsAsCall);
    try {
      return await run();
    } catch (error) {
      await reservation.release().catch(() => undefined);
      throw error;
    }
  }

  /** Called after an admin edits model configurations, so the next call uses them. */
  invalidateModelCache(): void {
    this.models.invalidate();
  }

  async #meterTokens(billTo: BillTo, component: AiComponent, operation: string, usage: TokenUsage) {
    await this.#record(billTo, {
      component,
      model: usage.model,
      operation,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      costCents: tokenCostCents(usage.model, usage.inputTokens, usage.outputTokens),
    });
  }

  /** The offline provider cannot fail midway: its call is reserved (limits checked) and recorded at once. */
  async #meterOffline(billTo: BillTo, component: string, operation: string) {
    await this.#reserve(billTo);
    await this.#record(billTo, { component, model: OFFLINE_MODEL, operation, costCents: 0 });
  }

  async #complete(
    billTo: BillTo,
    component: AiComponent,
    operation: string,
    messages: ChatCompletionMessageParam[],
    json = false,
  ): Promise<string> {
    const openai = this.#openai!;
    const { text, usage } = await this.#reserved(billTo, async () =>
      openai.complete(await this.models.resolve(component), messages, { json }),
    );
    await this.#meterTokens(billTo, component, operation, usage);
    return text;
  }

  /**
   * Streams a chat answer and meters it once, however the stream ends: finished, failed midway,
   * timed out, or abandoned by a client that disconnected (the provider then reports an estimate).
   */
  async *#stream(
    billTo: BillTo,
    component: AiComponent,
    operation: string,
    messages: ChatCompletionMessageParam[],
    reservation: Reservation,
    signal?: AbortSignal,
  ) {
    let usage: TokenUsage | undefined;
    let finished = false;
    try {
      const choice = await this.models.resolve(component);
      yield* this.#openai!.stream(
        choice,
        messages,
        (u) => {
          usage = u;
        },
        { signal },
      );
      finished = true;
    } finally {
      if (usage) {
        const metering = this.#meterTokens(billTo, component, operation, usage);
        // On a failed or abandoned stream, a metering failure must not hide what happened.
        await (finished ? metering : metering.catch(() => undefined));
      } else if (!finished) {
        // Failed before the model produced anything: the reserved call is given back.
        await reservation.release().catch(() => undefined);
      }
    }
  }

  /** The interview agent's next message, streamed as it is generated. */
  async *interviewReply(input: InterviewInput & { billTo: BillTo }): AsyncGenerator<string> {
    if (!this.#openai) {
      await this.#meterOffline(input.billTo, "interview_agent", "interview_turn");
      yield* chunkWords(nextInterviewMessage(input));
      return;
    }
    const reservation = await this.#reserve(input.billTo);
    const messages = capHistory(input.messages);
    const turnInput = {
      ...input,
      messages,
      notesContext: input.notesContext?.slice(0, CONTEXT_CAP),
      imageContext: input.imageContext?.slice(0, CONTEXT_CAP),
    };
    // The history comes from the participant's browser, "ai" lines included, and the stored
    // conversation is written by that same browser, so rebuilding from it would prove nothing.
    // Sending those lines as real assistant turns would let a participant put words in the
    // agent's mouth; the whole history therefore travels as one fenced record of data.
    const turn = messages.length
      ? interviewHistoryMessage(messages)
      : "(The participant has just joined. Greet them and ask your first question.)";
    yield* this.#stream(
      input.billTo,
      "interview_agent",
      "interview_turn",
      [
        { role: "system", content: interviewSystemPrompt(turnInput) },
        { role: "user", content: turn },
      ],
      reservation,
      input.signal,
    );
  }

  async interviewResponse(input: InterviewInput & { billTo: BillTo }): Promise<string> {
    let text = "";
    for await (const chunk of this.interviewReply(input)) text += chunk;
    return text.trim();
  }

  async summarize(input: { transcripts: string[]; title: string; billTo: BillTo }): Promise<string> {
    if (!this.#openai) {
      await this.#meterOffline(input.billTo, "summary_agent", "documentation");
      return summarizeTranscripts(input.transcripts, input.title);
    }
    return this.#complete(input.billTo, "summary_agent", "documentation", [
      { role: "system", content: SUMMARY_PROMPT },
      {
        role: "user",
        content: `Title: ${input.title}\n${fence("transcripts", input.transcripts.join("\n\n---\n\n"))}`,
      },
    ]);
  }

  async requirements(
    input: RequirementsInput & { billTo: BillTo },
  ): Promise<{ tree: RequirementsTree; markdown: string }> {
    const transcripts = input.transcripts.filter((t) => t.trim());
    const sources = transcripts.length ? transcripts : [input.content ?? ""];
    let tree: RequirementsTree;
    if (!this.#openai) {
      await this.#meterOffline(input.billTo, "requirements_creator", "requirements");
      tree = extractRequirements(sources, { role: input.role ?? undefined, summary: input.content });
    } else {
      const text = await this.#complete(
        input.billTo,
        "requirements_creator",
        "requirements",
        [
          {
            role: "system",
            content: input.isRefresh
              ? `${REQUIREMENTS_PROMPT}\n${REQUIREMENTS_REFRESH_RULE}`
              : REQUIREMENTS_PROMPT,
          },
          {
            role: "user",
            content: [
              `Project: ${input.title}`,
              fence("summary", input.content),
              fence("transcripts", input.transcripts.join("\n\n---\n\n")),
              input.isRefresh ? fence("requirements", input.existingRequirements) : "",
            ].join("\n"),
          },
        ],
        true,
      );
      tree = parseTree(text);
    }
    // Quotes count only when found in a transcript: a summary is already someone's reading, so
    // without transcripts every item is an assumption.
    tree = verifyQuotes(tree, transcripts);
    let markdown = renderRequirements(tree);
    const existing = input.existingRequirements?.trim();
    if (input.isRefresh && existing && !markdown.includes(existing.slice(0, MERGE_PREFIX))) {
      markdown = `${existing}\n\n${markdown}`;
      tree = parseRequirements(markdown);
    }
    return { tree, markdown };
  }

  async buildPrompt(input: {
    title: string;
    objective?: string | null;
    targetAudience?: string | null;
    requirements?: string | null;
    documentation?: string | null;
    billTo: BillTo;
  }): Promise<string> {
    if (!this.#openai) {
      await this.#meterOffline(input.billTo, "prompt_creator", "prompt");
      const tree = input.requirements ? parseRequirements(input.requirements) : null;
      return assemblePrompt({
        ...input,
        requirements: tree?.epics.length ? tree : null,
        requirementsText: tree?.epics.length ? null : input.requirements,
      });
    }
    return this.#complete(input.billTo, "prompt_creator", "prompt", [
      { role: "system", content: PROMPT_CREATOR_PROMPT },
      {
        role: "user",
        content: [
          `Title: ${input.title}`,
          `Objective: ${input.objective ?? ""}`,
          `Target audience: ${input.targetAudience ?? ""}`,
          fence("requirements", input.requirements),
          fence("summary", input.documentation),
        ].join("\n"),
      },
    ]);
  }

  /** The strategic partner's answer about the project summary, streamed. */
  async *partnerReply(input: {
    message: string;
    summary?: string | null;
    history: Array<{ role: "user" | "ai"; content: string }>;
    billTo: BillTo;
    signal?: AbortSignal | undefined;
  }): AsyncGenerator<string> {
    if (!this.#openai) {
      await this.#meterOffline(input.billTo, "strategic_partner", "chat");
      yield* chunkWords(answerFromSummary(input.message, input.summary));
      return;
    }
    const reservation = await this.#reserve(input.billTo);
    yield* this.#stream(
      input.billTo,
      "strategic_partner",
      "chat",
      [
        { role: "system", content: `${PARTNER_PROMPT}\n${fence("summary", input.summary)}` },
        ...input.history
          .slice(-20)
          .map(
            (m): ChatCompletionMessageParam =>
              m.role === "ai"
                ? { role: "assistant", content: m.content }
                : { role: "user", content: m.content },
          ),
        { role: "user", content: input.message },
      ],
      reservation,
      input.signal,
    );
  }

  async describeImage(input: {
    base64: string;
    mimeType: string;
    context?: string | null;
    billTo: BillTo;
  }): Promise<string> {
    if (!this.#openai) {
      await this.#meterOffline(input.billTo, "vision", "image_analysis");
      return describeImageOffline(input.context, input.mimeType);
    }
    const openai = this.#openai;
    const { text, usage } = await this.#reserved(input.billTo, async () =>
      openai.complete(await this.models.resolve("interview_agent"), [
        { role: "system", content: VISION_PROMPT },
        {
          role: "user",
          content: [
            { type: "text", text: fence("participant_data", input.context ?? "") },
            { type: "image_url", image_url: { url: `data:${input.mimeType};base64,${input.base64}` } },
          ],
        },
      ]),
    );
    await this.#record(input.billTo, {
      component: "vision",
      model: usage.model,
      operation: "image_analysis",
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      costCents: tokenCostCents(usage.model, usage.inputTokens, usage.outputTokens),
    });
    return text.trim();
  }

  async transcribe(input: { audio: Buffer; mimeType: string; billTo: BillTo }): Promise<string> {
    if (!this.#openai) throw new AiError(503, SPEECH_UNAVAILABLE);
    const openai = this.#openai;
    const text = await this.#reserved(input.billTo, () => openai.transcribe(input.audio, input.mimeType));
    // webm from the browser has no duration header; estimate from Opus at about 32 kbit/s.
    const seconds = Math.max(1, input.audio.length / 4000);
    await this.#record(input.billTo, {
      component: "transcription",
      model: this.#openai.speech.transcriptionModel,
      operation: "transcription",
      audioSeconds: seconds,
      costCents: transcriptionCostCents(seconds),
    });
    return text;
  }

  /** Speech streamed through as the service sends it (the browser plays it as it arrives). */
  async speak(input: { text: string; billTo: BillTo }): Promise<ReadableStream<Uint8Array>> {
    if (!this.#openai) throw new AiError(503, TTS_UNAVAILABLE);
    const openai = this.#openai;
    const text = sanitizeForSpeech(input.text);
    const audio = await this.#reserved(input.billTo, () => openai.speakStream(text), false);
    // Spec 1 §9 does not count text-to-speech as an API call: its cost is recorded, not the call.
    try {
      await this.#record(input.billTo, {
        component: "speech",
        model: openai.speech.speechModel,
        operation: "speech",
        costCents: speechCostCents(text.length),
        countsAsCall: false,
      });
    } catch (error) {
      void audio.cancel();
      throw error;
    }
    return audio;
  }
}

/** Offline replies stream word by word, so both providers feel the same in the browser. */
async function* chunkWords(text: string): AsyncGenerator<string> {
  const parts = text.match(/\S+\s*/g) ?? [];
  for (const part of parts) yield part;
}

function parseTree(text: string): RequirementsTree {
  try {
    const json = JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, ""));
    const parsed = ZRequirementsTree.safeParse(normaliseTree(json));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw new AiError(502, "Failed to generate requirements structure");
}

/** Fills defaults the model may leave out (quote, assumption, empty lists). */
function normaliseTree(json: unknown): unknown {
  const epics = (json as { epics?: unknown[] })?.epics;
  if (!Array.isArray(epics)) return json;
  const evidence = (item: Record<string, unknown>) => ({
    ...item,
    quote: typeof item.quote === "string" && item.quote.trim() ? item.quote : null,
    assumption:
      typeof item.assumption === "boolean"
        ? item.assumption
        : !(typeof item.quote === "string" && item.quote.trim()),
  });
  return {
    epics: epics.map((epic) => {
      const e = epic as Record<string, unknown>;
      return {
        name: e.name,
        description: typeof e.description === "string" ? e.description : "",
        features: (Array.isArray(e.features) ? e.features : []).map((feature) => {
          const f = feature as Record<string, unknown>;
          return {
            name: f.name,
            description: typeof f.description === "string" ? f.description : "",
            acceptanceCriteria: (Array.isArray(f.acceptanceCriteria) ? f.acceptanceCriteria : []).map((c) =>
              typeof c === "string" ? evidence({ text: c }) : evidence(c as Record<string, unknown>),
            ),
            stories: (Array.isArray(f.stories) ? f.stories : []).map((s) =>
              evidence(s as Record<string, unknown>),
            ),
          };
        }),
      };
    }),
  };
}

export function createAiEngine(options: AiEngineOptions): AiEngine {
  return new AiEngine(options);
}

export type { BillTo, StakeholderType };
