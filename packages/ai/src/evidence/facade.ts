/**
 * The evidence facade (issue 22): the one entry through which interviews become extractions, a
 * synthesis and a requirements tree, whichever provider answers. It owns the prompts (./prompts.ts,
 * inside the engine's hardened fence), the choice between the model and the offline rules, the
 * languages, and the gate every tree passes before it is saved. The engine gives it the provider
 * and metering (`AiEngine.evidence`): every model call is reserved, recorded and followed by the
 * usage alerts exactly like the engine's other calls. The API only loads inputs and saves results.
 */
import type { AiComponent } from "@parley/db/schema";
import { z } from "zod";
import type { BillTo } from "../metering";
import { detectLanguage } from "../text/language";
import { extractInterview } from "./extract";
import { extractWithModel } from "./model-extract";
import {
  ENGLISH,
  type OutputLanguage,
  requirementChunks,
  requirementItems,
  requirementsWithModel,
  synthesizeWithModel,
  writingOf,
} from "./model-merge";
import { buildRequirements, gatedTree, verifyTree } from "./requirements";
import type { StructuredProvider, StructuredRequest } from "./structured";
import { openQuestions, renderSummary, synthesize } from "./synthesize";
import type { Turn } from "./turns";
import type { EvidenceTree, Extraction, InterviewSource, Synthesis } from "./types";
import { verifyItems } from "./verify";

export { ENGLISH, type OutputLanguage };

/** What a job is, for the usage record and the plan check. */
export interface EvidenceSpec {
  component: AiComponent;
  operation: string;
}

/** What the engine lends the facade: its provider and its metering. */
export interface EvidencePort {
  /**
   * One strict structured call through the engine's provider, reserved before, recorded after and
   * followed by the usage alerts (as every engine call); null when no model is configured.
   */
  structured: ((billTo: BillTo, spec: EvidenceSpec, request: StructuredRequest) => Promise<string>) | null;
  /** The model a component resolves to (the admin's configuration): extractions are kept per model. */
  modelName(component: AiComponent): Promise<string>;
  /** The offline rules' one call per job: reserved (limits checked), recorded and alerted. */
  meterOffline(billTo: BillTo, spec: EvidenceSpec): Promise<void>;
}

export interface EvidenceJob extends EvidenceSpec {
  billTo: BillTo;
  signal?: AbortSignal | undefined;
  /** The language the project's requirements and summary are written in (English by default). */
  language?: OutputLanguage | undefined;
}

/**
 * Something the owner must be told about a result. `language`: the offline rules read English
 * only, so these interviews (in `language`, ISO 639-1, named `languageName`) gave nothing; a model
 * reads them.
 */
export const ZEvidenceNotice = z.object({
  kind: z.literal("language"),
  language: z.string(),
  languageName: z.string(),
  interviewIds: z.array(z.number().int()),
});
export type EvidenceNotice = z.infer<typeof ZEvidenceNotice>;

/** The quality gate's account of a tree: how many stories and criteria it checked, repaired, dropped, and why. */
export interface QualityReport {
  checked: number;
  repaired: number;
  dropped: number;
  reasons: Array<{ reason: string; count: number }>;
}

export interface GateContext {
  /** Every interview's turns by id: the words each quote must stand in. */
  turnsById: Map<number, Turn[]>;
  extractions: Extraction[];
  language: OutputLanguage;
  /** Who wrote the tree: a model's is checked and reported, and changed only in its mechanics. */
  writtenBy?: "rules" | "model";
}

export interface RequirementsResult {
  tree: EvidenceTree;
  quality: QualityReport;
  notices: EvidenceNotice[];
}

export interface SynthesisResult {
  synthesis: Synthesis;
  notices: EvidenceNotice[];
}

const OFFLINE = "offline";
/** Model calls in flight at once in one job. */
export const EVIDENCE_CONCURRENCY = 4;
/** The requirements calls a project usually takes (one, unless its items outgrow ITEMS_PER_CALL). */
export const REQUIREMENT_PARTS = 1;

const storiesAndCriteria = (tree: EvidenceTree) =>
  tree.epics.reduce(
    (n, epic) => n + epic.features.reduce((m, f) => m + f.stories.length + f.acceptanceCriteria.length, 0),
    0,
  );

/**
 * THE QUALITY GATE's call site: every tree, from the rules or from a model, passes here before it
 * is saved. For now it is today's check (each quote stands in that participant's own turns, an
 * unstated benefit is an assumption); the gate of issue 22 item 3 takes its place, same signature.
 */
export function gate(
  tree: EvidenceTree,
  context: GateContext,
): { tree: EvidenceTree; quality: QualityReport } {
  // The quote check first (a quote not in the participant's words drops its item), then the
  // Quality User Story checks, repairing or dropping; every repair and drop is counted with its reason.
  const checked = storiesAndCriteria(tree);
  const types = new Map(context.extractions.map((e) => [e.interviewId, e.stakeholderType]));
  const byModel = context.writtenBy === "model";
  const verifiedCount = storiesAndCriteria(verifyTree(tree, context.turnsById, byModel));
  const unverified = checked - verifiedCount;
  const { tree: gated, quality } = gatedTree(tree, context.turnsById, types, context.writtenBy);
  const reasons = Object.entries(quality.reasons).map(([reason, count]) => ({ reason, count }));
  if (unverified)
    reasons.unshift({
      reason: "dropped: its quote is not in the participant's own words",
      count: unverified,
    });
  return {
    tree: gated,
    quality: { checked, repaired: quality.repaired, dropped: unverified + quality.dropped, reasons },
  };
}

/** The participant's language, from their own words only (short interviews read as English). */
export function interviewLanguage(turns: Turn[]) {
  return detectLanguage(
    turns
      .filter((t) => t.speaker === "participant")
      .map((t) => t.text)
      .join("\n"),
    ENGLISH.code,
  );
}

/** The interviews the offline rules could not read, by language. */
export function languageNotices(
  extractions: Array<Pick<Extraction, "interviewId" | "language">>,
): EvidenceNotice[] {
  const byLanguage = new Map<string, EvidenceNotice>();
  for (const e of extractions) {
    const code = e.language ?? ENGLISH.code;
    if (code === ENGLISH.code) continue;
    const notice = byLanguage.get(code) ?? {
      kind: "language" as const,
      language: code,
      languageName: languageName(code),
      interviewIds: [],
    };
    notice.interviewIds.push(e.interviewId);
    byLanguage.set(code, notice);
  }
  return [...byLanguage.values()];
}

/** A language's English name by its ISO code ("de" → "German"), from the runtime's CLDR data. */
const ENGLISH_NAMES = new Intl.DisplayNames(["en"], { type: "language", fallback: "code" });
export const languageName = (code: string) => ENGLISH_NAMES.of(code) ?? code;

/** The summary's closing section on the interviews offline writing could not read, in plain words. */
function withNotRead(summary: string, notices: EvidenceNotice[], extractions: Extraction[]): string {
  const names = new Map(extractions.map((e) => [e.interviewId, e.name]));
  const lines = notices.flatMap((n) =>
    n.interviewIds.map((id) => `- ${names.get(id) ?? `Interview ${id}`} (${n.languageName})`),
  );
  return [
    summary.trimEnd(),
    "",
    "## Not read",
    "Without an AI model, Parley writes from interviews in English only. These interviews are kept but were not read:",
    ...lines,
    "",
    "To include them, set OPENAI_API_KEY on the server, or point OPENAI_BASE_URL at any OpenAI-compatible server, then summarize again.",
    "",
  ].join("\n");
}

/** One job's way through the evidence: opened once per job, it knows its payer and its provider. */
export interface EvidenceSession {
  /** "offline", or the model the job's component resolves to (extractions are kept per model). */
  readonly model: string;
  readonly usesModel: boolean;
  /** One interview: what matters in it, each quote verified against the participant's turns. */
  extract(source: InterviewSource, turns: Turn[]): Promise<Extraction>;
  /** Themes, conflicts, open questions and the markdown summary. */
  synthesize(extractions: Extraction[], options: { title: string }): Promise<SynthesisResult>;
  /** The tree with evidence, through the gate; `onPart` after each model call (done of total). */
  requirements(
    extractions: Extraction[],
    turnsById: Map<number, Turn[]>,
    options: { title: string; onPart?: (done: number, total: number) => void },
  ): Promise<RequirementsResult>;
}

export class EvidenceFacade {
  readonly #port: EvidencePort;

  constructor(port: EvidencePort) {
    this.#port = port;
  }

  /** Whether a model answers (else the offline rules). */
  get usesModel(): boolean {
    return this.#port.structured !== null;
  }

  /**
   * A job's session. Offline, the job counts as one call, reserved and recorded here (a refused
   * plan stops it before any work); with a model, each call is metered as it is made.
   */
  async open(job: EvidenceJob): Promise<EvidenceSession> {
    const call = this.#port.structured;
    const language = job.language ?? ENGLISH;
    if (!call) {
      await this.#port.meterOffline(job.billTo, job);
      return offlineSession(language);
    }
    const provider: StructuredProvider = {
      structured: (request) => call(job.billTo, job, { ...request, signal: request.signal ?? job.signal }),
    };
    return modelSession(provider, await this.#port.modelName(job.component), language, job.signal);
  }
}

function offlineSession(language: OutputLanguage): EvidenceSession {
  return {
    model: OFFLINE,
    usesModel: false,
    async extract(source, turns) {
      const detected = interviewLanguage(turns);
      // The rules read English only: another language is kept as an interview that gave nothing,
      // and the owner is told (languageNotices), never given a tree of misread fragments.
      if (detected.code !== ENGLISH.code) {
        return {
          interviewId: source.interviewId,
          name: source.name ?? `Interview ${source.interviewId}`,
          stakeholderType: source.stakeholderType,
          role: null,
          items: [],
          context: [],
          language: detected.code,
        };
      }
      const extraction = extractInterview(source, turns);
      return { ...extraction, items: verifyItems(extraction.items, turns), language: detected.code };
    },
    async synthesize(extractions, { title }) {
      const notices = languageNotices(extractions);
      if (!notices.length) return { synthesis: synthesize(extractions, { title }), notices };
      // The summary is drawn from the interviews the rules read, and says which ones they could not.
      const readable = extractions.filter((e) => (e.language ?? ENGLISH.code) === ENGLISH.code);
      const base: Synthesis = readable.length
        ? synthesize(readable, { title })
        : { summary: `# ${title} Summary\n`, themes: [], conflicts: [], openQuestions: [] };
      return { synthesis: { ...base, summary: withNotRead(base.summary, notices, extractions) }, notices };
    },
    async requirements(extractions, turnsById) {
      const { tree, quality } = gate(buildRequirements(extractions), { turnsById, extractions, language });
      return { tree, quality, notices: languageNotices(extractions) };
    },
  };
}

function modelSession(
  provider: StructuredProvider,
  model: string,
  language: OutputLanguage,
  signal: AbortSignal | undefined,
): EvidenceSession {
  return {
    model,
    usesModel: true,
    async extract(source, turns) {
      const extraction = await extractWithModel(provider, source, turns, signal);
      return { ...extraction, language: interviewLanguage(turns).code };
    },
    async synthesize(extractions, { title }) {
      const parts = await synthesizeWithModel(
        provider,
        extractions,
        signal,
        writingOf(extractions, language),
      );
      const withQuestions = { ...parts, openQuestions: openQuestions(extractions) };
      return {
        synthesis: { ...withQuestions, summary: renderSummary(extractions, withQuestions, { title }) },
        notices: [],
      };
    },
    async requirements(extractions, turnsById, { title, onPart }) {
      const chunks = requirementChunks(requirementItems(extractions));
      let done = 0;
      const epics = await requirementsWithModel(
        provider,
        extractions,
        { concurrency: EVIDENCE_CONCURRENCY, signal, title, language },
        () => {
          done += 1;
          onPart?.(done, chunks.length);
        },
        chunks,
      );
      const { tree, quality } = gate({ epics }, { turnsById, extractions, language, writtenBy: "model" });
      return { tree, quality, notices: [] };
    },
  };
}
