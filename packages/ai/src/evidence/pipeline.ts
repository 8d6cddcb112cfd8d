/** The offline engine end to end, and the bridge to the documented requirements markdown. */

import type { GateReport } from "../quality/gate";
import { mapTree } from "../requirements/map";
import { renderRequirements } from "../requirements/markdown";
import type { RequirementsTree } from "../requirements/types";
import { extractInterview, interviewTurns } from "./extract";
import { buildRequirements, gatedTree, type RequirementsOptions } from "./requirements";
import { synthesize } from "./synthesize";
import type { Turn } from "./turns";
import type { EvidenceTree, Extraction, InterviewSource, Synthesis } from "./types";
import { verifyItems } from "./verify";

export interface ProjectAnalysis {
  extractions: Extraction[];
  synthesis: Synthesis;
  requirements: EvidenceTree;
  /** What the quality gate checked, repaired and dropped, and why. */
  quality?: GateReport;
}

/** Each interview's turns, by id: what every quote is checked against. */
export function turnsByInterview(sources: InterviewSource[]): Map<number, Turn[]> {
  return new Map(sources.map((s) => [s.interviewId, interviewTurns(s)]));
}

/** Per-interview extraction by rules, each item verified against that participant's turns. */
export function extractAll(sources: InterviewSource[], turnsById = turnsByInterview(sources)): Extraction[] {
  return sources.map((source) => {
    const turns = turnsById.get(source.interviewId) ?? [];
    const extraction = extractInterview(source, turns);
    return { ...extraction, items: verifyItems(extraction.items, turns) };
  });
}

/** Offline map-reduce over a project's interviews: extraction, synthesis, requirements. */
export function analyzeProject(
  sources: InterviewSource[],
  options: RequirementsOptions & { title?: string; note?: string } = {},
): ProjectAnalysis {
  const turnsById = turnsByInterview(sources);
  const extractions = extractAll(sources, turnsById);
  const types = new Map(sources.map((s) => [s.interviewId, s.stakeholderType]));
  const { tree, quality } = gatedTree(buildRequirements(extractions, options), turnsById, types);
  return { extractions, synthesis: synthesize(extractions, options), requirements: tree, quality };
}

/** The evidence tree in the documented markdown's shape: one quote per item, the first piece of evidence. */
export function toMarkdownTree(tree: EvidenceTree): RequirementsTree {
  return mapTree(
    tree,
    (c) => ({ text: c.text, quote: c.evidence[0]?.quote ?? null, assumption: c.evidence.length === 0 }),
    (s) => ({
      userType: s.userType,
      action: s.action,
      benefit: s.benefit,
      quote: s.evidence[0]?.quote ?? null,
      assumption: s.assumption,
    }),
  );
}

/** The evidence tree as the markdown `POST /api/ai/generate-agile-requirements` answers with. */
export function renderEvidenceTree(tree: EvidenceTree): string {
  return renderRequirements(toMarkdownTree(tree));
}
