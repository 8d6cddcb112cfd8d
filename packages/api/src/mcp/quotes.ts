import type { Caller } from "../root";
import { named, type QuotedEvidence } from "./format";
import { interviewNames, loadRequirements } from "./requirements";

/** Every verified quote of a project: its requirements' evidence, then its themes' and conflicts'. */
async function verifiedQuotes(caller: Caller, projectId: number): Promise<QuotedEvidence[]> {
  const names = await interviewNames(caller, projectId);
  const [requirements, synthesis] = await Promise.all([
    loadRequirements(caller, projectId, names),
    caller.evidence.synthesis({ projectId }),
  ]);
  const fromTree = requirements.epics.flatMap((epic) =>
    epic.features.flatMap((feature) => [
      ...feature.stories.flatMap((story) => story.evidence),
      ...feature.acceptanceCriteria.flatMap((criterion) => criterion.evidence),
    ]),
  );
  return [
    ...fromTree,
    ...synthesis.themes.flatMap((theme) => named(names, theme.evidence)),
    ...synthesis.conflicts.flatMap((conflict) => named(names, conflict.positions)),
  ];
}

/**
 * The verified quotes of these projects that contain every word of `query` (any letter case), each
 * once, at most `limit`. Quotes are what the evidence engine checked against the participant's own
 * turns, so a search never returns words nobody said.
 */
export async function searchQuotes(
  caller: Caller,
  projectIds: number[],
  query: string,
  limit: number,
): Promise<Array<QuotedEvidence & { projectId: number }>> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found: Array<QuotedEvidence & { projectId: number }> = [];
  const seen = new Set<string>();
  for (const projectId of projectIds) {
    for (const evidence of await verifiedQuotes(caller, projectId)) {
      const key = `${evidence.interviewId}:${evidence.turn}:${evidence.quote}`;
      const text = evidence.quote.toLowerCase();
      if (seen.has(key) || !words.every((word) => text.includes(word))) continue;
      seen.add(key);
      found.push({ projectId, ...evidence });
      if (found.length >= limit) return found;
    }
  }
  return found;
}
