/**
 * Evidence over a project's interviews (issue 15), as the jobs run it: per-interview extraction
 * (kept, and reused while the transcript is unchanged), then synthesis or requirements. Everything
 * AI goes through the engine's evidence facade (`services.ai.evidence`: the provider, the model or
 * the offline rules, metering with usage alerts, the prompts, the quality gate); this file only
 * loads the inputs and keeps the extractions.
 */
import { createHash } from "node:crypto";
import { AiError } from "@parley/ai/errors";
import { interviewTurns } from "@parley/ai/evidence/extract";
import {
  type EvidenceNotice,
  type EvidenceSession,
  languageName,
  type OutputLanguage,
  type QualityReport,
  REQUIREMENT_PARTS,
} from "@parley/ai/evidence/facade";
import type { Turn } from "@parley/ai/evidence/turns";
import type {
  EvidenceTree,
  Extraction,
  InterviewSource,
  ReadBack,
  Synthesis,
} from "@parley/ai/evidence/types";
import type { PrivacyScope } from "@parley/ai/privacy/scope";
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

/**
 * Bumped when the extraction rules change, so stored extractions are read again (3: read from the
 * redacted record, issue 26).
 */
export const EXTRACTION_VERSION = 3;
/** Interviews read at once when a model reads them (the rules read one at a time). */
const CONCURRENCY = 4;

export interface EvidenceRun {
  services: Services;
  projectId: number;
  ownerId: string;
  progress(done: number, total: number, step: string): Promise<void>;
  signal?: AbortSignal;
  /** The project's language for written output (its `outputLanguage`), "en" when unset. */
  outputLanguage?: string;
}

/** The project's setting as the facade takes it: a code and its English name. */
export const outputLanguageOf = (code: string | null | undefined): OutputLanguage => {
  const language = code?.trim() || "en";
  return { code: language, name: languageName(language) };
};

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
  // The server's turns with their revisions (issue 23): what evidence reads first.
  turns:
    record.turns?.map((t) => ({
      speaker: t.speaker,
      text: t.text,
      original: t.original,
      revisedBy: t.revisedBy,
    })) ?? null,
});

/**
 * An interview as evidence reads it, its personal details replaced by the project's placeholders
 * (issue 26): extractions, quotes, themes and stories are written from this, by the model or the
 * rules alike, and quotes are checked against it.
 */
export async function redactedSource(scope: PrivacyScope, source: InterviewSource): Promise<InterviewSource> {
  const messages = source.messages ?? [];
  const turns = source.turns ?? [];
  const points = source.readBack?.points ?? [];
  const texts = [
    source.transcript ?? "",
    ...messages.map((m) => m.content),
    ...turns.flatMap((t) => [t.text, t.original ?? ""]),
    ...points.flatMap((p) => [p.text, p.correction ?? ""]),
  ];
  const clean = await scope.redactAll(texts, { interviewId: source.interviewId });
  let at = 0;
  const next = () => clean[at++]!;
  const transcript = next();
  return {
    ...source,
    transcript: source.transcript == null ? source.transcript : transcript,
    messages: source.messages ? messages.map((m) => ({ ...m, content: next() })) : source.messages,
    turns: source.turns
      ? turns.map((t) => {
          const text = next();
          const original = next();
          return { ...t, text, original: t.original == null ? t.original : original };
        })
      : source.turns,
    readBack: source.readBack
      ? {
          points: points.map((p) => {
            const text = next();
            const correction = next();
            return { ...p, text, ...(p.correction == null ? {} : { correction }) };
          }),
        }
      : source.readBack,
  };
}

const hashOf = (source: InterviewSource) =>
  createHash("sha256")
    .update(
      JSON.stringify([
        source.transcript ?? "",
        source.messages ?? [],
        source.readBack ?? null,
        source.correctedBy ?? null,
        source.turns ?? null,
      ]),
    )
    .digest("hex");

export interface ProjectExtractions {
  extractions: Extraction[];
  turnsById: Map<number, Turn[]>;
  /** The job's way through the facade, to write the synthesis or the requirements with. */
  session: EvidenceSession;
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
  const records = await completedInterviews(services.db, projectId, options.interviewIds);
  if (!records.length) throw new AppError("BAD_REQUEST", NO_INTERVIEWS);
  // One payer object for the whole job: its privacy scope (the project's vault) is shared by the
  // redaction of the sources here and every model call the facade makes.
  const billTo = { userId: run.ownerId, projectId };
  const session = await services.ai.evidence.open({
    component: options.component,
    operation: options.operation,
    billTo,
    signal: run.signal,
    language: outputLanguageOf(run.outputLanguage),
  });
  const modelName = session.model;
  const stored = new Map(
    (
      await getExtractions(
        services.db,
        records.map((r) => r.interviewId),
      )
    ).map((e) => [e.interviewId, e]),
  );
  const scope = services.ai.privacy(billTo);
  const sources = await Promise.all(records.map((record) => redactedSource(scope, sourceOf(record))));
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
        extraction = await session.extract(source, turns);
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
  await Promise.all(
    Array.from({ length: Math.min(session.usesModel ? CONCURRENCY : 1, sources.length) }, worker),
  );
  return { extractions, turnsById, session };
}

/** Themes, conflicts, open questions and the markdown summary over the project's interviews. */
export async function runSynthesis(
  run: EvidenceRun,
  title: string,
): Promise<{ synthesis: Synthesis; interviewIds: number[]; notices: EvidenceNotice[] }> {
  const { extractions, session } = await projectExtractions(run, {
    component: "summary_agent",
    operation: "synthesis",
    totalSteps: 1,
  });
  await run.progress(extractions.length, extractions.length + 1, "Comparing interviews");
  const { synthesis, notices } = await session.synthesize(extractions, { title });
  return { synthesis, interviewIds: extractions.map((e) => e.interviewId), notices };
}

/** The requirements tree with evidence over the project's interviews, with the gate's report. */
export async function runRequirements(
  run: EvidenceRun,
  title: string,
): Promise<{ tree: EvidenceTree; quality: QualityReport; notices: EvidenceNotice[] }> {
  const parts = REQUIREMENT_PARTS;
  const { extractions, turnsById, session } = await projectExtractions(run, {
    component: "requirements_creator",
    operation: "requirements",
    totalSteps: parts,
  });
  const steps = extractions.length + parts;
  await run.progress(extractions.length, steps, "Writing requirements");
  // Progress is written as each part comes back, and all of it before the job's end is recorded.
  const reports: Promise<void>[] = [];
  const result = await session.requirements(extractions, turnsById, {
    title,
    onPart: (done, total) => {
      reports.push(
        run
          .progress(extractions.length + done, extractions.length + total, `Wrote ${done} of ${total} parts`)
          .catch(() => undefined),
      );
    },
  });
  await Promise.all(reports);
  return result;
}

/**
 * A plan or budget refusal is final, not transient (its 429 would otherwise be retried): the job
 * fails at once with the refusal's words.
 */
export function finalIfRefused(error: unknown): never {
  if (error instanceof AiError && error.limit) throw new Error(error.message);
  throw error;
}
