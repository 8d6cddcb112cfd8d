/**
 * What the prompt generator and the strategic partner read beside the summary: the themes,
 * conflicts and open questions of the latest synthesis, each with its quotes and the interview
 * (name and turn) they come from, so answers can cite interviews.
 */
import type { Conflict, Evidence, Theme } from "@parley/ai/evidence/types";
import type { Db } from "@parley/db/client";
import { interviewNames, latestSynthesis } from "@parley/db/queries/evidence";

const STANCE = {
  wants: "wants",
  does_not_want: "does not want",
  must_never: "says it must never happen",
} as const;

export function renderEvidenceContext(
  synthesis: {
    themes?: Theme[];
    conflicts?: Conflict[];
    openQuestions?: Array<Evidence & { text?: string }>;
  },
  names: Map<number, string>,
): string {
  const name = (id: number) => names.get(id) ?? `Interview ${id}`;
  const cite = (e: { interviewId: number; turn: number; quote: string; translation?: string }) =>
    `“${e.quote.replace(/\s+/g, " ")}”${e.translation ? ` (translated: “${e.translation}”)` : ""} (${name(e.interviewId)}, turn ${e.turn + 1})`;
  const lines = ["## Evidence from the interviews (cite the interview and turn when you use it)"];
  if (synthesis.themes?.length) {
    lines.push("", "### Themes");
    for (const t of synthesis.themes) {
      lines.push(
        `- ${t.title}: raised in ${t.count} interviews (${t.interviewIds.map(name).join(", ")}). ${t.evidence.map(cite).join("; ")}`,
      );
    }
  }
  if (synthesis.conflicts?.length) {
    lines.push("", "### Conflicts");
    for (const c of synthesis.conflicts) {
      const positions = c.positions.map((p) => `${name(p.interviewId)} ${STANCE[p.stance]}: ${cite(p)}`);
      lines.push(`- ${c.topic}: ${positions.join("; ")}`);
    }
  }
  if (synthesis.openQuestions?.length) {
    lines.push("", "### Open questions");
    for (const q of synthesis.openQuestions) lines.push(`- ${cite(q)}`);
  }
  return lines.length > 1 ? lines.join("\n") : "";
}

/** The project's evidence context, or "" when no summary was synthesized yet. */
export async function evidenceContext(db: Db, projectId: number): Promise<string> {
  const row = await latestSynthesis(db, projectId);
  if (!row?.synthesis) return "";
  return renderEvidenceContext(
    row.synthesis as Parameters<typeof renderEvidenceContext>[0],
    await interviewNames(db, projectId),
  );
}

/** The summary with the evidence context after it (either may be empty). */
export const withEvidence = (summary: string | null | undefined, context: string) =>
  [summary?.trim() ?? "", context].filter(Boolean).join("\n\n");
