import type { Db } from "@parley/db/client";
import type { StakeholderType } from "@parley/db/schema";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { partnerMessages } from "./agent-messages";
import {
  buildPrompt,
  type DocumentWriters,
  type PromptInput,
  type RequirementsInput,
  requirements,
  type SummaryInput,
  summarize,
} from "./engine/documents";
import { type CallSpec, MeteredCalls, type ReservationAhead } from "./engine/metered-calls";
import { Redaction } from "./engine/redaction";
import { SPEECH_UNAVAILABLE, TTS_UNAVAILABLE } from "./errors";
import { EvidenceFacade } from "./evidence/facade";
import type { ChatMessage } from "./interview/prompts";
import {
  type InterviewProvider,
  interviewTurn,
  planInterview,
  type TurnInput,
  type TurnResult,
} from "./interview/turn";
import type { ProjectBrief, Topic } from "./interview/types";
import { type BillTo, DEFAULT_INTERVIEW_CEILING, type InterviewCeiling } from "./metering";
import { ModelResolver } from "./models";
import { answerFromSummary } from "./offline/writer";
import type { SpeechModels } from "./openai/provider";
import { reveal } from "./privacy/placeholders";
import type { PrivacyScope } from "./privacy/scope";
import { OFFLINE_MODEL, offlineProvider } from "./providers/offline";
import { openAiProvider } from "./providers/openai";
import type { AiProvider, Capability, ChatRequest, SpeechFormat } from "./providers/types";
import type { RequirementsTree } from "./requirements/types";

export interface AiEngineOptions {
  db: Db;
  openaiApiKey?: string | undefined;
  /** AI_MODEL: the model of every component an admin has not set to another one. */
  defaultModel?: string | undefined;
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
  /** Another provider (tests); default: OpenAI with a key, else the offline rules. */
  provider?: AiProvider;
}

export type { ReservationAhead } from "./engine/metered-calls";
export { OFFLINE_MODEL } from "./providers/offline";

/** The interviewer's model calls, as metered and recorded. */
const INTERVIEW_TURN_CALL: CallSpec = { component: "interview_agent", operation: "interview_turn" };

export type { RequirementsInput };

/**
 * The AI engine: the five agents, speech and vision, over one provider interface. Every call is
 * metered (engine/metered-calls.ts) and what it sends is redacted (engine/redaction.ts).
 */
export class AiEngine {
  readonly provider: "offline" | "openai";
  readonly models: ModelResolver;
  /** Extraction, synthesis and requirements from interviews, over this engine's provider and metering. */
  readonly evidence: EvidenceFacade;
  readonly #provider: AiProvider;
  readonly #redaction: Redaction;
  readonly #calls: MeteredCalls;
  readonly #writers: DocumentWriters;

  constructor(options: AiEngineOptions) {
    this.models = new ModelResolver(options.db, options.modelCacheMs, options.defaultModel);
    this.#provider =
      options.provider ??
      (options.openaiApiKey
        ? openAiProvider({
            apiKey: options.openaiApiKey,
            baseURL: options.openaiBaseUrl,
            timeoutMs: options.timeoutMs,
            speech: options.speech,
            models: this.models,
          })
        : offlineProvider);
    this.provider = this.#provider.kind;
    this.#redaction = new Redaction(options.db, this.#provider);
    this.#calls = new MeteredCalls({
      db: options.db,
      provider: this.#provider,
      redaction: this.#redaction,
      ceiling: options.interviewCeiling ?? DEFAULT_INTERVIEW_CEILING,
      afterUsage: options.afterUsage,
    });
    this.#writers = { calls: this.#calls, redaction: this.#redaction };
    this.evidence = this.#evidenceFacade();
  }

  /** The evidence facade's provider: strict structured calls, metered as every other call here. */
  #evidenceFacade(): EvidenceFacade {
    const withModel = this.#provider.supports("structured");
    return new EvidenceFacade({
      structured: withModel
        ? (billTo, spec, request) =>
            this.#calls.call(billTo, spec, (p) =>
              p.structured(
                {
                  component: spec.component,
                  messages: request.messages,
                  offline: () => "",
                  signal: request.signal,
                },
                {
                  type: "json_schema",
                  json_schema: { name: request.name, strict: true, schema: request.schema },
                },
              ),
            )
        : null,
      modelName: async (component) =>
        withModel ? (await this.models.resolve(component)).model : OFFLINE_MODEL,
      meterOffline: (billTo, spec) =>
        this.#calls.call(billTo, spec, async () => ({
          value: undefined,
          usage: { model: OFFLINE_MODEL, costCents: 0 },
        })),
    });
  }

  /**
   * The privacy scope of one piece of work (issue 26), by its payer. Everything sent to a model on
   * that work's behalf is redacted with it; packages/api redacts what the offline rules write
   * documents from with the same scope.
   */
  privacy(billTo: BillTo): PrivacyScope {
    return this.#redaction.scope(billTo);
  }

  /** Whether the provider can do this at all (no key: no speech service, no structured calls). */
  supports(capability: Capability): boolean {
    return this.#provider.supports(capability);
  }

  /** Called after an admin edits model configurations, so the next call uses them. */
  invalidateModelCache(): void {
    this.models.invalidate();
  }

  /** The interviewer's view of the provider, each call metered to the interview's payer. */
  #interviewProvider(billTo: BillTo, ahead?: ReservationAhead): InterviewProvider {
    const spec = INTERVIEW_TURN_CALL;
    const request = (messages: ChatMessage[], signal?: AbortSignal): ChatRequest => ({
      component: "interview_agent",
      messages: messages as ChatCompletionMessageParam[],
      offline: () => "",
      signal,
    });
    return {
      complete: (messages, signal) =>
        this.#calls.call(billTo, spec, (p) => p.complete(request(messages, signal))),
      structured: (messages, format, signal) =>
        this.#calls.call(billTo, { ...spec, operation: format.json_schema.name }, (p) =>
          p.structured(request(messages, signal), format),
        ),
      stream: (messages, signal) => this.#calls.stream(billTo, spec, request(messages, signal), ahead),
    };
  }

  /**
   * What an interview turn's model call waits for, started before the turn is decided (issue 34):
   * the call's reservation (the payer's plan and budget, the interview's ceiling) and the read of
   * the project's privacy vault, so both run beside the turn's own reads and the rules' decision
   * rather than after them. Pass it to `interviewTurn` with the same `billTo`; a turn that makes no
   * call must `release` it. Offline there is nothing to start (the rules' turn is metered as made).
   */
  prepareInterviewTurn(billTo: BillTo): ReservationAhead | undefined {
    if (!this.#provider.supports("structured")) return undefined;
    this.#redaction.prefetch(billTo);
    // The model's name is read now (it is cached for a while; a turn every 12 s found it expired
    // on every third turn, a database read on the way to the first word).
    this.models.resolve("interview_agent").catch(() => undefined);
    return this.#calls.reserveAhead(billTo, INTERVIEW_TURN_CALL);
  }

  /**
   * The topic guide for a new interview. Offline it is the rules' (no call, nothing metered); with a
   * model, a structured call metered to the owner, falling back to the rules when it fails or the
   * owner's plan refuses it.
   */
  async planInterview(input: {
    project: ProjectBrief;
    stakeholderType: StakeholderType;
    timeLimitMinutes: number;
    thinTopics?: Array<Pick<Topic, "title"> & Partial<Topic>>;
    billTo: BillTo;
  }) {
    const provider = this.#provider.supports("structured") ? this.#interviewProvider(input.billTo) : null;
    return planInterview(input, provider);
  }

  /**
   * One interview turn: the rules' decision, then one message, streamed. Offline the whole turn is
   * one metered call of the rules; with a model, the message is the one call (issue 24).
   */
  async interviewTurn(input: TurnInput & { billTo: BillTo; ahead?: ReservationAhead }): Promise<TurnResult> {
    if (!this.#provider.supports("structured")) {
      await this.#calls.call(
        input.billTo,
        { component: "interview_agent", operation: "interview_turn" },
        async () => ({
          value: null,
          usage: { model: "offline", costCents: 0 },
        }),
      );
      return interviewTurn(input, null);
    }
    const turn = await interviewTurn(input, this.#interviewProvider(input.billTo, input.ahead));
    // The model wrote placeholders where the participant named someone or gave a number: they read
    // their own words back (only details of this interview's own texts: the scope's).
    return { ...turn, stream: this.privacy(input.billTo).revealUsed(turn.stream) };
  }

  summarize(input: SummaryInput): Promise<string> {
    return summarize(this.#writers, input);
  }

  requirements(
    input: RequirementsInput & { billTo: BillTo },
  ): Promise<{ tree: RequirementsTree; markdown: string }> {
    return requirements(this.#writers, input);
  }

  buildPrompt(input: PromptInput): Promise<string> {
    return buildPrompt(this.#writers, input);
  }

  /** The strategic partner's answer about the project summary, streamed. */
  partnerReply(input: {
    message: string;
    summary?: string | null;
    history: Array<{ role: "user" | "ai"; content: string }>;
    billTo: BillTo;
    signal?: AbortSignal | undefined;
  }): AsyncGenerator<string> {
    return this.#calls.stream(
      input.billTo,
      { component: "strategic_partner", operation: "chat" },
      {
        component: "strategic_partner",
        signal: input.signal,
        offline: () => answerFromSummary(input.message, input.summary),
        messages: partnerMessages(input),
      },
    );
  }

  /** An image's description; the participant's own details the model kept as placeholders are put back. */
  async describeImage(input: { base64: string; mimeType: string; context?: string | null; billTo: BillTo }) {
    const description = await this.#calls.call(
      input.billTo,
      { component: "vision", operation: "image_analysis" },
      (p) => p.describeImage(input),
    );
    return reveal(description, this.privacy(input.billTo).used);
  }

  transcribe(input: {
    audio: Buffer;
    mimeType: string;
    billTo: BillTo;
    /** Told once the call is reserved, as it is made (a voice turn reserves its reply's call after). */
    onReserved?: () => void;
  }): Promise<string> {
    const spec: CallSpec = {
      component: "transcription",
      operation: "transcription",
      needs: { capability: "speech", unavailable: SPEECH_UNAVAILABLE },
    };
    const run = (p: AiProvider) => {
      input.onReserved?.();
      return p.transcribe(input.audio, input.mimeType);
    };
    const known = this.#provider.transcriptionUsage?.(input.audio);
    return known
      ? this.#calls.knownCall(input.billTo, spec, known, run)
      : this.#calls.call(input.billTo, spec, run);
  }

  /**
   * Speech streamed through as the service sends it (the browser plays it as it arrives). Its cost
   * is known from the text, so it is recorded while the first bytes go out rather than before them
   * (on the way to the interviewer's first word, issue 24): the stream ends only once the usage is
   * recorded, and is cut off if it cannot be.
   */
  async speak(input: {
    text: string;
    billTo: BillTo;
    format?: SpeechFormat;
  }): Promise<ReadableStream<Uint8Array>> {
    // Spec 1 §9 does not count text-to-speech as an API call: its cost is recorded, not the call.
    const spec: CallSpec = {
      component: "speech",
      operation: "speech",
      countsAsCall: false,
      needs: { capability: "speech", unavailable: TTS_UNAVAILABLE },
    };
    return this.#calls.byteStream(input.billTo, spec, (p) => p.speak(input.text, input.format));
  }
}

export function createAiEngine(options: AiEngineOptions): AiEngine {
  return new AiEngine(options);
}

export type { BillTo, StakeholderType };
