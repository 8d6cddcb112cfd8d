import type { Db } from "@parley/db/client";
import type { StakeholderType } from "@parley/db/schema";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { partnerMessages, promptMessages, requirementsMessages, summaryMessages } from "./agent-messages";
import { AiError, SPEECH_UNAVAILABLE, TTS_UNAVAILABLE } from "./errors";
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
import {
  type BillTo,
  DEFAULT_INTERVIEW_CEILING,
  type InterviewCeiling,
  type Reservation,
  recordUsage,
  reserveAiCall,
} from "./metering";
import { ModelResolver } from "./models";
import { extractRequirements } from "./offline/requirements";
import { summarizeTranscripts } from "./offline/summarizer";
import { answerFromSummary, assemblePrompt } from "./offline/writer";
import type { SpeechModels } from "./openai/provider";
import { reveal } from "./privacy/placeholders";
import { memoryStore, PrivacyScope } from "./privacy/scope";
import { projectDetailStore } from "./privacy/store";
import { OFFLINE_MODEL, offlineProvider } from "./providers/offline";
import { openAiProvider } from "./providers/openai";
import type {
  AiProvider,
  CallUsage,
  Capability,
  ChatRequest,
  ImageRequest,
  Metered,
} from "./providers/types";
import { parseRequirements, renderRequirements } from "./requirements/markdown";
import { parseTree } from "./requirements/parse";
import { verifyQuotes } from "./requirements/quotes";
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

export interface RequirementsInput {
  transcripts: string[];
  title: string;
  content?: string | null;
  existingRequirements?: string | null;
  isRefresh?: boolean;
  role?: string | null;
}

export { OFFLINE_MODEL } from "./providers/offline";

const MERGE_PREFIX = 200;

/** What a call is, for the usage record and the plan check. */
interface CallSpec {
  component: string;
  operation: string;
  /** Whether it adds one to the plan's call counter (text-to-speech does not, spec 1 §9). */
  countsAsCall?: boolean;
  /** A capability the provider must have, and the 503 message when it has not (nothing is reserved). */
  needs?: { capability: Capability; unavailable: string };
}

/**
 * The AI engine: the five agents, speech and vision, over one provider interface. Every call goes
 * through `#metered` (or `#meteredStream`): the payer's plan, budget and the interview's ceiling are
 * checked and the call reserved before it is made, given back when it fails before costing
 * anything, and recorded after.
 */
export class AiEngine {
  readonly provider: "offline" | "openai";
  readonly models: ModelResolver;
  /** Extraction, synthesis and requirements from interviews, over this engine's provider and metering. */
  readonly evidence: EvidenceFacade;
  readonly #provider: AiProvider;
  readonly #db: Db;
  readonly #afterUsage: AiEngineOptions["afterUsage"];
  readonly #ceiling: InterviewCeiling;
  readonly #scopes = new WeakMap<BillTo, PrivacyScope>();

  constructor(options: AiEngineOptions) {
    this.#db = options.db;
    this.#afterUsage = options.afterUsage;
    this.#ceiling = options.interviewCeiling ?? DEFAULT_INTERVIEW_CEILING;
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
    this.evidence = this.#evidenceFacade();
  }

  /** The evidence facade's provider: strict structured calls, metered as every other call here. */
  #evidenceFacade(): EvidenceFacade {
    const withModel = this.#provider.supports("structured");
    return new EvidenceFacade({
      structured: withModel
        ? (billTo, spec, request) =>
            this.#metered(billTo, spec, (p) =>
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
        this.#metered(billTo, spec, async () => ({
          value: undefined,
          usage: { model: OFFLINE_MODEL, costCents: 0 },
        })),
    });
  }

  /**
   * The privacy scope of one piece of work (issue 26), by its payer: the project's vault when it has a
   * project, else a vault of its own. Everything sent to a model on that work's behalf is redacted
   * with it; packages/api redacts what the offline rules write documents from with the same scope.
   */
  privacy(billTo: BillTo): PrivacyScope {
    let scope = this.#scopes.get(billTo);
    if (!scope) {
      scope = new PrivacyScope(
        billTo.projectId ? projectDetailStore(this.#db, billTo.projectId) : memoryStore(),
      );
      this.#scopes.set(billTo, scope);
    }
    return scope;
  }

  /**
   * The provider as a piece of work sees it: every text of every request (the system prompt, the
   * history, notes, image context) has its personal details replaced before it leaves.
   */
  #redacting(billTo: BillTo): AiProvider {
    const provider = this.#provider;
    if (provider.kind === "offline") return provider;
    const scope = this.privacy(billTo);
    const options = { interviewId: billTo.interviewId ?? null };
    const redacted = (request: ChatRequest) => this.#redactRequest(billTo, request);
    return {
      kind: provider.kind,
      supports: (capability) => provider.supports(capability),
      complete: async (request) => provider.complete(await redacted(request)),
      structured: async (request, format) => provider.structured(await redacted(request), format),
      stream: async function* (request, onUsage) {
        yield* provider.stream(await redacted(request), onUsage);
      },
      transcribe: (audio, mimeType) => provider.transcribe(audio, mimeType),
      ...(provider.transcriptionUsage
        ? { transcriptionUsage: provider.transcriptionUsage.bind(provider) }
        : {}),
      speak: (text) => provider.speak(text),
      describeImage: async (request: ImageRequest) =>
        provider.describeImage({
          ...request,
          context: request.context ? await scope.redact(request.context, options) : request.context,
        }),
    };
  }

  /** A request with every text's personal details replaced (the messages as the model will read them). */
  async #redactRequest(billTo: BillTo, request: ChatRequest): Promise<ChatRequest> {
    if (this.#provider.kind === "offline") return request;
    const scope = this.privacy(billTo);
    const options = { interviewId: billTo.interviewId ?? null };
    const texts = request.messages.map((m) => (typeof m.content === "string" ? m.content : ""));
    const clean = await scope.redactAll(texts, options);
    const messages = await Promise.all(
      request.messages.map(async (message, i) => {
        if (typeof message.content === "string") return { ...message, content: clean[i]! };
        if (!Array.isArray(message.content)) return message;
        const parts = await Promise.all(
          message.content.map(async (part) =>
            part.type === "text" ? { ...part, text: await scope.redact(part.text, options) } : part,
          ),
        );
        return { ...message, content: parts } as typeof message;
      }),
    );
    return { ...request, messages };
  }

  /** Whether the provider can do this at all (no key: no speech service, no structured calls). */
  supports(capability: Capability): boolean {
    return this.#provider.supports(capability);
  }

  /** Called after an admin edits model configurations, so the next call uses them. */
  invalidateModelCache(): void {
    this.models.invalidate();
  }

  /** `known`: the call's usage when it is known before it is made, recorded with the reservation. */
  #reserve(billTo: BillTo, spec: CallSpec, known?: CallUsage): Promise<Reservation> {
    if (spec.needs && !this.#provider.supports(spec.needs.capability)) {
      return Promise.reject(new AiError(503, spec.needs.unavailable));
    }
    return reserveAiCall(this.#db, billTo, {
      countsAsCall: spec.countsAsCall !== false,
      ceiling: this.#ceiling,
      ...(known
        ? {
            usage: {
              ...known,
              component: spec.component,
              operation: spec.operation,
              countsAsCall: spec.countsAsCall,
            },
          }
        : {}),
    });
  }

  /**
   * A call whose usage is known before it is made: recorded with its reservation, in one
   * transaction, and taken back with it if the call fails, so nothing is written between the
   * answer and its sender (a transcription, on the way to the interviewer's first word).
   */
  async #meteredKnown<T>(
    billTo: BillTo,
    spec: CallSpec,
    known: CallUsage,
    run: (p: AiProvider) => Promise<Metered<T>>,
  ): Promise<T> {
    const result = await this.#reserved(billTo, await this.#reserve(billTo, spec, known), run);
    await this.#afterUsage?.(billTo.userId).catch(() => undefined);
    return result.value;
  }

  /** A reserved call made; when it fails the reservation is given back (it cost nothing then). */
  async #reserved<T>(
    billTo: BillTo,
    reservation: Reservation,
    run: (p: AiProvider) => Promise<Metered<T>>,
  ): Promise<Metered<T>> {
    try {
      return await run(this.#redacting(billTo));
    } catch (error) {
      await reservation.release().catch(() => undefined);
      throw error;
    }
  }

  /** Every call is reserved first, so its record adds cost only. */
  async #record(billTo: BillTo, spec: CallSpec, usage: CallUsage) {
    await recordUsage(
      this.#db,
      billTo,
      { ...usage, component: spec.component, operation: spec.operation, countsAsCall: spec.countsAsCall },
      { reserved: true },
    );
    await this.#afterUsage?.(billTo.userId).catch(() => undefined);
  }

  /** One call: reserved, made, recorded; given back when it fails (it cost nothing then). */
  async #metered<T>(billTo: BillTo, spec: CallSpec, run: (p: AiProvider) => Promise<Metered<T>>): Promise<T> {
    const result = await this.#reserved(billTo, await this.#reserve(billTo, spec), run);
    try {
      await this.#record(billTo, spec, result.usage);
    } catch (error) {
      // A stream that cannot be recorded is not sent on.
      if (result.value instanceof ReadableStream) void result.value.cancel();
      throw error;
    }
    return result.value;
  }

  /**
   * A streamed call, metered once however the stream ends: finished, failed midway, timed out, or
   * abandoned by a client that disconnected (the provider then reports an estimate).
   */
  async *#meteredStream(billTo: BillTo, spec: CallSpec, request: ChatRequest): AsyncGenerator<string> {
    // The reservation and the redaction side by side: both are on the way to the first word.
    const [reserved, redacted] = await Promise.allSettled([
      this.#reserve(billTo, spec),
      this.#redactRequest(billTo, request),
    ]);
    if (reserved.status === "rejected") throw reserved.reason;
    const reservation = reserved.value;
    if (redacted.status === "rejected") {
      await reservation.release().catch(() => undefined);
      throw redacted.reason;
    }
    let usage: CallUsage | undefined;
    let finished = false;
    try {
      // Redacted above: the provider itself, not the redacting view, which would redact again.
      yield* this.#provider.stream(redacted.value, (u) => {
        usage = u;
      });
      finished = true;
    } finally {
      if (usage) {
        const metering = this.#record(billTo, spec, usage);
        // On a failed or abandoned stream, a metering failure must not hide what happened.
        await (finished ? metering : metering.catch(() => undefined));
      } else if (!finished) {
        // Failed before the model produced anything: the reserved call is given back.
        await reservation.release().catch(() => undefined);
      }
    }
  }

  /** The interviewer's view of the provider, each call metered to the interview's payer. */
  #interviewProvider(billTo: BillTo): InterviewProvider {
    const spec = { component: "interview_agent", operation: "interview_turn" };
    const request = (messages: ChatMessage[], signal?: AbortSignal): ChatRequest => ({
      component: "interview_agent",
      messages: messages as ChatCompletionMessageParam[],
      offline: () => "",
      signal,
    });
    return {
      complete: (messages, signal) =>
        this.#metered(billTo, spec, (p) => p.complete(request(messages, signal))),
      structured: (messages, format, signal) =>
        this.#metered(billTo, { ...spec, operation: format.json_schema.name }, (p) =>
          p.structured(request(messages, signal), format),
        ),
      stream: (messages, signal) => this.#meteredStream(billTo, spec, request(messages, signal)),
    };
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
  async interviewTurn(input: TurnInput & { billTo: BillTo }): Promise<TurnResult> {
    if (!this.#provider.supports("structured")) {
      await this.#metered(
        input.billTo,
        { component: "interview_agent", operation: "interview_turn" },
        async () => ({
          value: null,
          usage: { model: "offline", costCents: 0 },
        }),
      );
      return interviewTurn(input, null);
    }
    const turn = await interviewTurn(input, this.#interviewProvider(input.billTo));
    // The model wrote placeholders where the participant named someone or gave a number: they read
    // their own words back (only details of this interview's own texts: the scope's).
    return { ...turn, stream: this.privacy(input.billTo).revealUsed(turn.stream) };
  }

  /**
   * What a document is written from, redacted whichever provider writes it: offline documents
   * carry placeholders as the model's do (issue 26).
   */
  #redactSources(billTo: BillTo, texts: Array<string | null | undefined>) {
    return this.privacy(billTo).redactAll(texts.map((text) => text ?? ""));
  }

  async summarize(input: { transcripts: string[]; title: string; billTo: BillTo }): Promise<string> {
    const spec = { component: "summary_agent", operation: "documentation" };
    const transcripts = await this.#redactSources(input.billTo, input.transcripts);
    return this.#metered(input.billTo, spec, (p) =>
      p.complete({
        component: "summary_agent",
        offline: () => summarizeTranscripts(transcripts, input.title),
        messages: summaryMessages({ ...input, transcripts }),
      }),
    );
  }

  async requirements(
    raw: RequirementsInput & { billTo: BillTo },
  ): Promise<{ tree: RequirementsTree; markdown: string }> {
    const [content, existingRequirements, ...redacted] = await this.#redactSources(raw.billTo, [
      raw.content,
      raw.existingRequirements,
      ...raw.transcripts,
    ]);
    const input = {
      ...raw,
      content: raw.content == null ? raw.content : content,
      existingRequirements:
        raw.existingRequirements == null ? raw.existingRequirements : existingRequirements,
      transcripts: redacted as string[],
    };
    const transcripts = input.transcripts.filter((t) => t.trim());
    const sources = transcripts.length ? transcripts : [input.content ?? ""];
    let offlineTree: RequirementsTree | undefined;
    const text = await this.#metered(
      input.billTo,
      { component: "requirements_creator", operation: "requirements" },
      (p) =>
        p.complete({
          component: "requirements_creator",
          json: true,
          offline: () => {
            offlineTree = extractRequirements(sources, {
              role: input.role ?? undefined,
              summary: input.content,
            });
            return "";
          },
          messages: requirementsMessages(input),
        }),
    );
    // Quotes count only when found in a transcript: a summary is already someone's reading, so
    // without transcripts every item is an assumption.
    let tree = verifyQuotes(offlineTree ?? parseTree(text), transcripts);
    let markdown = renderRequirements(tree);
    const existing = input.existingRequirements?.trim();
    if (input.isRefresh && existing && !markdown.includes(existing.slice(0, MERGE_PREFIX))) {
      markdown = `${existing}\n\n${markdown}`;
      tree = parseRequirements(markdown);
    }
    return { tree, markdown };
  }

  async buildPrompt(raw: {
    title: string;
    objective?: string | null;
    targetAudience?: string | null;
    requirements?: string | null;
    documentation?: string | null;
    billTo: BillTo;
  }): Promise<string> {
    const [requirements, documentation] = await this.#redactSources(raw.billTo, [
      raw.requirements,
      raw.documentation,
    ]);
    const input = {
      ...raw,
      requirements: raw.requirements == null ? raw.requirements : requirements,
      documentation: raw.documentation == null ? raw.documentation : documentation,
    };
    return this.#metered(input.billTo, { component: "prompt_creator", operation: "prompt" }, (p) =>
      p.complete({
        component: "prompt_creator",
        offline: () => {
          const tree = input.requirements ? parseRequirements(input.requirements) : null;
          return assemblePrompt({
            ...input,
            requirements: tree?.epics.length ? tree : null,
            requirementsText: tree?.epics.length ? null : input.requirements,
          });
        },
        messages: promptMessages(input),
      }),
    );
  }

  /** The strategic partner's answer about the project summary, streamed. */
  partnerReply(input: {
    message: string;
    summary?: string | null;
    history: Array<{ role: "user" | "ai"; content: string }>;
    billTo: BillTo;
    signal?: AbortSignal | undefined;
  }): AsyncGenerator<string> {
    return this.#meteredStream(
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
    const description = await this.#metered(
      input.billTo,
      { component: "vision", operation: "image_analysis" },
      (p) => p.describeImage(input),
    );
    return reveal(description, this.privacy(input.billTo).used);
  }

  transcribe(input: { audio: Buffer; mimeType: string; billTo: BillTo }): Promise<string> {
    const spec: CallSpec = {
      component: "transcription",
      operation: "transcription",
      needs: { capability: "speech", unavailable: SPEECH_UNAVAILABLE },
    };
    const run = (p: AiProvider) => p.transcribe(input.audio, input.mimeType);
    const known = this.#provider.transcriptionUsage?.(input.audio);
    return known
      ? this.#meteredKnown(input.billTo, spec, known, run)
      : this.#metered(input.billTo, spec, run);
  }

  /**
   * Speech streamed through as the service sends it (the browser plays it as it arrives). Its cost
   * is known from the text, so it is recorded while the first bytes go out rather than before them
   * (on the way to the interviewer's first word, issue 24): the stream ends only once the usage is
   * recorded, and is cut off if it cannot be.
   */
  async speak(input: { text: string; billTo: BillTo }): Promise<ReadableStream<Uint8Array>> {
    // Spec 1 §9 does not count text-to-speech as an API call: its cost is recorded, not the call.
    const spec: CallSpec = {
      component: "speech",
      operation: "speech",
      countsAsCall: false,
      needs: { capability: "speech", unavailable: TTS_UNAVAILABLE },
    };
    const result = await this.#reserved(input.billTo, await this.#reserve(input.billTo, spec), (p) =>
      p.speak(input.text),
    );
    const recording = this.#record(input.billTo, spec, result.usage);
    return result.value.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        start(controller) {
          recording.catch((error) => controller.error(error));
        },
        async flush() {
          await recording;
        },
      }),
    );
  }
}

export function createAiEngine(options: AiEngineOptions): AiEngine {
  return new AiEngine(options);
}

export type { BillTo, StakeholderType };
