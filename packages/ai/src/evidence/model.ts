/**
 * The model path over a bare StructuredProvider (evals and the bench; the jobs go through the
 * facade, ./facade.ts, which meters), map-reduce: one structured call per interview (at most
 * `concurrency` at a time), then merges over extracted items only (never all transcripts). Whatever the model answers, quotes
 * are the participant's own clauses and the requirements rules are enforced after.
 */
import { ENGLISH, gate } from "./facade";
import { extractWithModel } from "./model-extract";
import {
  requirementChunks,
  requirementItems,
  requirementsWithModel,
  synthesizeWithModel,
} from "./model-merge";
import { type ProjectAnalysis, turnsByInterview } from "./pipeline";
import { mapWithLimit, type StructuredProvider } from "./structured";
import { openQuestions, renderSummary } from "./synthesize";
import type { InterviewSource } from "./types";

export { extractWithModel, numberedTranscript } from "./model-extract";
export { guardModelTree, mergeEpics } from "./model-merge";

export interface Progress {
  phase: "extraction" | "synthesis" | "requirements";
  done: number;
  total: number;
}

export interface ModelRunOptions {
  provider: StructuredProvider;
  /** Calls in flight at once (4). */
  concurrency?: number;
  onProgress?: (progress: Progress) => void;
  signal?: AbortSignal;
  title?: string;
  role?: string | null;
}

/** The whole project through the model: extraction per interview, then synthesis and requirements. */
export async function analyzeProjectWithModel(
  sources: InterviewSource[],
  options: ModelRunOptions,
): Promise<ProjectAnalysis> {
  const { provider } = options;
  const limit = options.concurrency ?? 4;
  const turnsById = turnsByInterview(sources);
  let done = 0;
  const extractions = await mapWithLimit(sources, limit, async (source) => {
    const extraction = await extractWithModel(
      provider,
      source,
      turnsById.get(source.interviewId) ?? [],
      options.signal,
    );
    done += 1;
    options.onProgress?.({ phase: "extraction", done, total: sources.length });
    return extraction;
  });
  const usable = requirementItems(extractions);
  const chunks = requirementChunks(usable);
  let requirementCalls = 0;
  // Synthesis and the requirement calls run side by side: neither needs the other.
  const [parts, epics] = await Promise.all([
    synthesizeWithModel(provider, extractions, options.signal).then((parts) => {
      options.onProgress?.({ phase: "synthesis", done: 1, total: 1 });
      return parts;
    }),
    requirementsWithModel(
      provider,
      extractions,
      options,
      () => {
        requirementCalls += 1;
        options.onProgress?.({ phase: "requirements", done: requirementCalls, total: chunks.length });
      },
      chunks,
    ),
  ]);
  const synthesisParts = { ...parts, openQuestions: openQuestions(extractions) };
  return {
    extractions,
    synthesis: {
      ...synthesisParts,
      summary: renderSummary(extractions, synthesisParts, { title: options.title }),
    },
    requirements: gate({ epics }, { turnsById, extractions, language: ENGLISH, writtenBy: "model" }).tree,
  };
}
