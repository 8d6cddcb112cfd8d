import { analyzeProject, toMarkdownTree } from "../evidence/pipeline";
import type { RequirementsTree } from "../requirements/types";

/**
 * Requirements from what participants said, for the documented markdown call: the evidence engine
 * over each transcript (stories only from wants, "must never" as a forbidding criterion, quotes
 * from the participant's own turns, unstated benefits marked as assumptions).
 */
export function extractRequirements(
  transcripts: string[],
  options: { role?: string | null | undefined; summary?: string | null } = {},
): RequirementsTree {
  const sources = transcripts
    .filter((t) => t.trim())
    .map((transcript, index) => ({
      interviewId: index + 1,
      stakeholderType: "user" as const,
      transcript,
    }));
  const { requirements } = analyzeProject(sources, { role: options.role ?? null });
  return toMarkdownTree(requirements);
}
