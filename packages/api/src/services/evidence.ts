/**
 * Evidence over a project's interviews (issue 15), as the jobs run it: per-interview extraction
 * (kept, and reused while the transcript is unchanged), then synthesis or requirements. Without a
 * model configured the engine's offline rules answer; with one, strict structured output through
 * an OpenAI-compatible server, each call reserved and recorded against the project owner.
 */
import { createHash } from "node:crypto";
import { AiError } from "@parley/ai/errors";
import { extractInterview, interviewTurns } from "@parley/ai/evidence/extract";
import { extractWithModel } from "@parley/ai/evidence/model";
import {
  requirementChunks,
  requirementItems,
  requirementsWithModel,
  synthesizeWithModel,
} from "@parley/ai/evidence/model-merge";
import { openAiCompatibleProvider } from "@parley/ai/evidence/openai";
import { buildRequirements, gatedTree, verifyTree } from "@parley/ai/evidence/requirements";
import type { StructuredProvider } from "@parley/ai/evidence/structured";
import { openQuestions, renderSummary, synthesize } from "@parley/ai/evidence/synthesize";
import type { Turn } from "@parley/ai/evidence/turns";
import type {
  EvidenceTree,
  Extraction,
  InterviewSource,
  ReadBack,
  Synthesis,
} from "@parley/ai/evidence/types";
import { verifyItems } from "@parley/ai/evidence/verify";
import { type BillTo, recordUsage, reserveAiCall } from "@parley/ai/metering";
import { tokenCostCents } from "@parley/ai/pricing";
import {
  completedInterviews,
  getExtractions,
  type InterviewRecord,
  saveExtraction,
} from "@parley/db/queries/evidence";
import type { AiComponent } from "@parley/db/schema";
import type { Services } from "../context";
import { AppError } from "../errors";
import { parseReview } from "./interviewer";

/** Bumped when the extraction rules change, so stored extractions are read again. */
export const EXTRACTION_VERSION = 1;
const OFFLINE = "offline";
const CONCURRENCY = 4;

export interface EvidenceRun {
  services: Services;
  projectId: number;
  ownerId: string;
  progress(done: number, total: number, step: string): Promise<void>;
  signal?: AbortSignal;
}

export const NO_INTERVIEWS = "There are no completed interviews to work from yet";

/**
 * The stored read-back (points, the indexes the participant confirmed, their corrections) as the
 * extraction reads it: only points the participant answered mark items; an unanswered point marks none.
 */
export function readBackOf(stored: unknown): ReadBack | null {
  const review = parseReview(stored);
  if (!review) return null;
  const points = review.points.flatMap((text, index) => {
    if (review.confirmations.includes(index)) return [{ text, confirmed: true }];
    const correction = review.corrections.find((c) => c.point === index);
    return correction ? [{ text, confirmed: false, correction: correction.text }] : [];
  });
  return points.length ? { points } : null;
}

const sourceOf = (record: InterviewRecord): InterviewSource => ({
  interviewId: record.interviewId,
  name: record.name,
  stakeholderType: record.stakeholderType,
  transcript: record.transcript,
  messages: record.messages?.map((m) => ({ role: m.role, content: m.content, type: m.type })) ?? null,
  readBack: readBackOf(record.readBack),
  correctedBy: record.correctedBy,
});

const hashOf = (source: InterviewSource) =>
  createHash("sha256")
    .update(
      JSON.stringify([
        source.transcript ?? "",
        source.messages ?? [],
        source.readBack ?? null,
        source.correctedBy ?? null,
      ]),
    )
    .digest("hex");

/**
 * The model the jobs call, as a StructuredProvider whose every call is reserved (plan, budget)
 * before it is made and recorded with its tokens after; null when no model is configured.
 */
export async function evidenceProvider(
  services: Services,
  billTo: BillTo,
  component: AiComponent,
  operation: string,
): Promise<{ provider: StructuredProvider; model: string } | null> {
  const config = services.config.evidenceModel;
  if (!config) return null;
  const { model } = await services.ai.models.resolve(component);
  const provider: StructuredProvider = {
    async structured(request) {
      const reservation = await reserveAiCall(services.db, billTo);
      let usage: { inputTokens: number; outputTokens: number; model: string } | undefined;
      try {
        const text = await openAiCompatibleProvider({
          baseURL: config.baseUrl || "https://api.openai.com/v1",
          apiKey: config.apiKey,
          model,
          timeoutMs: config.timeoutMs,
          onUsage: (u) => {
            usage = u;
          },
        }).structured(request);
        const used = usage ?? { inputTokens: 0, outputTokens: 0, model };
        await recordUsage(
          services.db,
          billTo,
          {
            component,
            model: used.model,
            operation,
            inputTokens: used.inputTokens,
            outputTokens: used.outputTokens,
            costCents: tokenCostCents(used.model, used.inputTokens, used.outputTokens),
          },
          { reserved: true },
        );
        return text;
      } catch (error) {
        await reservation.release().catch(() => undefined);
        throw error;
      }
    },
  };
  return { provider, model };
}

/** The offline rules count as one call per job: reserved (limits checked) and recorded at once. */
async function meterOffline(services: Services, billTo: BillTo, component: AiComponent, operation: string) {
  await reserveAiCall(services.db, billTo);
  await recordUsage(
    services.db,
    billTo,
    { component, model: OFFLINE, operation, costCents: 0 },
    { reserved: true },
  );
}

function extractOffline(source: InterviewSource, turns: Turn[]): Extraction {
  const extraction = extractInterview(source, turns);
  return { ...extraction, items: verifyItems(extraction.items, turns) };
}

export interface ProjectExtractions {
  extractions: Extraction[];
  turnsById: Map<number, Turn[]>;
  model: { provider: StructuredProvider; model: string } | null;
}

/**
 * Every completed, non-excluded interview's extraction: the stored one while its transcript and
 * the rules are unchanged, else read again (and kept). Progress counts interviews.
 */
export async function projectExtractions(
  run: EvidenceRun,
  options: { component: AiComponent; operation: string; totalSteps: number; interviewIds?: number[] },
): Promise<ProjectExtractions> {
  const { services, projectId } = run;
  const billTo: BillTo = { userId: run.ownerId, projectId };
  const records = await completedInterviews(services.db, projectId, options.interviewIds);
  if (!records.length) throw new AppError("BAD_REQUEST", NO_INTERVIEWS);
  const model = await evidenceProvider(services, billTo, options.component, options.operation);
  if (!model) await meterOffline(services, billTo, options.component, options.operation);
  const modelName = model?.model ?? OFFLINE;
  const stored = new Map(
    (
      await getExtractions(
        services.db,
        records.map((r) => r.interviewId),
      )
    ).map((e) => [e.interviewId, e]),
  );
  const sources = records.map(sourceOf);
  const turnsById = new Map(sources.map((s) => [s.interviewId, interviewTurns(s)]));
  const total = sources.length + options.totalSteps;
  let done = 0;
  await run.progress(0, total, `Reading ${sources.length} interview${sources.length === 1 ? "" : "s"}`);
  const extractions: Extraction[] = new Array(sources.length);
  let next = 0;
  const worker = async () => {
    while (next < sources.length) {
      const index = next++;
      const source = sources[index]!;
      const hash = hashOf(source);
      const kept = stored.get(source.interviewId);
      let extraction: Extraction;
      if (
        kept &&
        kept.version === EXTRACTION_VERSION &&
        kept.sourceHash === hash &&
        kept.model === modelName
      ) {
        extraction = kept.extraction as Extraction;
      } else {
        const turns = turnsById.get(source.interviewId) ?? [];
        extraction = model
          ? await extractWithModel(model.provider, source, turns, run.signal)
          : extractOffline(source, turns);
        await saveExtraction(services.db, {
          interviewId: source.interviewId,
          projectId,
          version: EXTRACTION_VERSION,
          sourceHash: hash,
          model: modelName,
          extraction,
        });
      }
      extractions[index] = { ...extraction, name: source.name ?? extraction.name };
      done += 1;
      await run.progress(done, total, `Read ${done} of ${sources.length} interviews`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(model ? CONCURRENCY : 1, sources.length) }, worker));
  return { extractions, turnsById, model };
}

/** Themes, conflicts, open questions and the markdown summary over the project's interviews. */
export async function runSynthesis(
  run: EvidenceRun,
  title: string,
): Promise<{ synthesis: Synthesis; interviewIds: number[] }> {
  const { extractions, model } = await projectExtractions(run, {
    component: "summary_agent",
    operation: "synthesis",
    totalSteps: 1,
  });
  const steps = extractions.length + 1;
  await run.progress(extractions.length, steps, "Comparing interviews");
  let synthesis: Synthesis;
  if (model) {
    const parts = await synthesizeWithModel(model.provider, extractions, run.signal);
    const withQuestions = { ...parts, openQuestions: openQuestions(extractions) };
    synthesis = { ...withQuestions, summary: renderSummary(extractions, withQuestions, { title }) };
  } else {
    synthesis = synthesize(extractions, { title });
  }
  return { synthesis, interviewIds: extractions.map((e) => e.interviewId) };
}

/** The requirements tree with evidence over the project's interviews. */
export async function runRequirements(run: EvidenceRun, title: string): Promise<EvidenceTree> {
  const parts = 3;
  const { extractions, turnsById, model } = await projectExtractions(run, {
    component: "requirements_creator",
    operation: "requirements",
    totalSteps: parts,
  });
  const steps = extractions.length + parts;
  if (!model) {
    await run.progress(extractions.length, steps, "Writing requirements");
    const types = new Map(extractions.map((e) => [e.interviewId, e.stakeholderType]));
    return gatedTree(buildRequirements(extractions), turnsById, types).tree;
  }
  const usable = requirementItems(extractions);
  const chunks = requirementChunks(usable, parts);
  let written = 0;
  await run.progress(extractions.length, steps, "Writing requirements");
  // Progress is written as each part comes back, and all of it before the job's end is recorded.
  const reports: Promise<void>[] = [];
  const epics = await requirementsWithModel(
    model.provider,
    extractions,
    { concurrency: CONCURRENCY, signal: run.signal, title },
    () => {
      written += 1;
      reports.push(
        run
          .progress(extractions.length + written, steps, `Wrote ${written} of ${chunks.length} parts`)
          .catch(() => undefined),
      );
    },
    chunks,
  );
  await Promise.all(reports);
  return verifyTree({ epics }, turnsById);
}

/**
 * A plan or budget refusal is final, not transient (its 429 would otherwise be retried): the job
 * fails at once with the refusal's words.
 */
export function finalIfRefused(error: unknown): never {
  if (error instanceof AiError && error.limit) throw new Error(error.message);
  throw error;
}
