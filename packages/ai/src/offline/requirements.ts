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
  // Without transcripts, the summary's statements are what the stories come from.
  const said = transcripts.filter((t) => t.trim());
  const texts = said.length ? said : options.summary?.trim() ? [options.summary] : [];
  const sources = texts.map((transcript, index) => ({
    interviewId: index + 1,
    stakeholderType: "user" as const,
    transcript,
  }));
  const { requirements } = analyzeProject(sources, { role: options.role ?? null });
  return toMarkdownTree(requirements);
}
