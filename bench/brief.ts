import type { ProjectBrief } from "../packages/ai/src/interview/types";

/** The project brief as a reader sees it beside a conversation: one line per field given. */
export function briefText(project: ProjectBrief): string {
  const lines: Array<[string, string | null | undefined]> = [
    ["Title", project.title],
    ["Objective", project.objective],
    ["Audience", project.targetAudience],
    ["Key features", project.keyFeatures?.replace(/\n/g, "; ")],
    ["Constraints", project.constraints?.replace(/\n/g, "; ")],
    ["Domain", project.domain],
    ["References", project.references],
  ];
  return lines
    .filter(([, v]) => v?.trim())
    .map(([k, v]) => `- ${k}: ${v}`)
    .join("\n");
}
