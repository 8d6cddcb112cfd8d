import { isToWrite, storySentence } from "@parley/ai/requirements/story";
import { z } from "zod";
import type { Caller } from "../root";
import { fenceQuotes, type InterviewNames, named, QUOTES_ARE_DATA, ZQuotedEvidence } from "./format";

/** The requirements tree as the MCP door gives it: every story and criterion with its quoted evidence. */

const ZCriterionOut = z.object({
  text: z.string(),
  assumption: z.boolean(),
  evidence: z.array(ZQuotedEvidence),
});
const ZStoryOut = z.object({
  id: z.number(),
  story: z.string(),
  userType: z.string(),
  action: z.string(),
  benefit: z.string(),
  priority: z.enum(["high", "medium", "low"]).nullable(),
  /** The benefit was not stated by anyone: an assumption to check. */
  assumption: z.boolean(),
  evidence: z.array(ZQuotedEvidence),
});
export const ZFeatureOut = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  acceptanceCriteria: z.array(ZCriterionOut),
  stories: z.array(ZStoryOut),
});
export type FeatureOut = z.infer<typeof ZFeatureOut>;
const ZEpicOut = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  features: z.array(ZFeatureOut),
});

export const ZRequirementsOut = z.object({
  projectId: z.number(),
  projectTitle: z.string(),
  epics: z.array(ZEpicOut),
});
export type RequirementsOut = z.infer<typeof ZRequirementsOut>;

/** The interviews' names of a project, to name every quote's interview. */
export async function interviewNames(caller: Caller, projectId: number): Promise<InterviewNames> {
  const interviews = await caller.interviews.listByProject({ projectId });
  return new Map(interviews.map((interview) => [interview.id, interview.name]));
}

export async function loadRequirements(
  caller: Caller,
  projectId: number,
  knownNames?: InterviewNames,
): Promise<RequirementsOut> {
  const [project, view, names] = await Promise.all([
    caller.projects.get({ id: projectId }),
    caller.requirements.get({ projectId }),
    knownNames ?? interviewNames(caller, projectId),
  ]);
  return {
    projectId: project.id,
    projectTitle: project.title,
    epics: view.epics.map((epic) => ({
      id: epic.id,
      name: epic.name,
      description: epic.description,
      features: epic.features.map((feature) => ({
        id: feature.id,
        name: feature.name,
        description: feature.description,
        acceptanceCriteria: feature.acceptanceCriteria.map((criterion) => ({
          text: criterion.text,
          assumption: criterion.assumption,
          evidence: named(names, criterion.evidence),
        })),
        stories: feature.stories.map((story) => ({
          id: story.id,
          // A need the offline rules could not write as a story says so, never "I want to <title>".
          story: isToWrite(story.benefit)
            ? storySentence(story)
            : `As a ${story.userType}, I want to ${story.action} so that ${story.benefit}`,
          userType: story.userType,
          action: story.action,
          benefit: story.benefit,
          priority: story.priority,
          assumption: story.assumption,
          evidence: named(names, story.evidence),
        })),
      })),
    })),
  };
}

/** One feature as markdown: description, criteria and stories, each followed by its fenced quotes. */
export function featureMarkdown(feature: FeatureOut, heading = "###"): string {
  const lines = [`${heading} Feature: ${feature.name} (feature id ${feature.id})`];
  if (feature.description) lines.push("", feature.description);
  if (feature.acceptanceCriteria.length) {
    lines.push("", "Acceptance criteria:");
    for (const criterion of feature.acceptanceCriteria) {
      lines.push(`- ${criterion.text}${criterion.assumption ? " (assumption: nobody said this)" : ""}`);
      if (criterion.evidence.length) lines.push(fenceQuotes(criterion.evidence, "  "));
    }
  }
  if (feature.stories.length) {
    lines.push("", "User stories:");
    for (const story of feature.stories) {
      const notes = [
        story.priority ? `priority ${story.priority}` : null,
        story.assumption ? "benefit assumed" : null,
      ]
        .filter(Boolean)
        .join(", ");
      lines.push(`- ${story.story} (story id ${story.id}${notes ? `; ${notes}` : ""})`);
      if (story.evidence.length) lines.push(fenceQuotes(story.evidence, "  "));
    }
  }
  return lines.join("\n");
}

export function requirementsMarkdown(requirements: RequirementsOut): string {
  const lines = [`# Requirements: ${requirements.projectTitle}`, "", QUOTES_ARE_DATA];
  if (!requirements.epics.length) lines.push("", "No requirements yet.");
  for (const epic of requirements.epics) {
    lines.push("", `## Epic: ${epic.name}`);
    if (epic.description) lines.push("", epic.description);
    for (const feature of epic.features) lines.push("", featureMarkdown(feature));
  }
  return lines.join("\n");
}
