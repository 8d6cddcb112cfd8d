import { formatStory } from "../requirements/markdown";
import type { RequirementsTree } from "../requirements/types";
import { clean, keywords, sentences } from "./text";

const OFFLINE_NOTE =
  "_Assembled by Parley's offline assistant from your project and requirements. Connect an OpenAI API key for an AI-optimized prompt._";

interface PromptInput {
  title: string;
  objective?: string | null;
  targetAudience?: string | null;
  requirements?: RequirementsTree | null;
  requirementsText?: string | null;
  documentation?: string | null;
}

/** A build prompt for an AI app builder, assembled from the project, requirements and summary. */
export function assemblePrompt(input: PromptInput): string {
  const lines = [`# Build: ${input.title || "New app"}`, "", OFFLINE_NOTE, "", "## Goal"];
  lines.push(input.objective?.trim() || "Build the application described by the requirements below.");
  if (input.targetAudience?.trim()) lines.push("", "## Who it is for", input.targetAudience.trim());
  const tree = input.requirements;
  if (tree?.epics.length) {
    lines.push("", "## What to build");
    for (const epic of tree.epics) {
      lines.push("", `### ${epic.name}`);
      if (epic.description) lines.push(epic.description);
      for (const feature of epic.features) {
        lines.push("", `**${feature.name}**${feature.description ? `: ${feature.description}` : ""}`);
        for (const story of feature.stories) lines.push(`- ${formatStory(story)}`);
        if (feature.acceptanceCriteria.length) {
          lines.push("  Acceptance criteria:");
          for (const c of feature.acceptanceCriteria) lines.push(`  - [ ] ${c.text}`);
        }
      }
    }
  } else if (input.requirementsText?.trim()) {
    lines.push("", "## What to build", input.requirementsText.trim());
  }
  if (input.documentation?.trim()) {
    lines.push("", "## Background from stakeholder interviews", input.documentation.trim());
  }
  lines.push(
    "",
    "## How to build it",
    "- Start with the smallest version that covers the first epic end to end, then add the rest.",
    "- Use a relational database for persistent data and validate every input on the server.",
    "- Make every screen usable on a phone and with a keyboard; show loading, empty and error states.",
    "- Add sign-in only where the requirements need accounts; never store passwords in plain text.",
    "- Write a short README explaining how to run the app and seed example data.",
    "",
    "## Definition of done",
    "- Every acceptance criterion above can be demonstrated in the running app.",
    "- The app starts with one command and shows realistic sample data.",
  );
  return `${lines.join("\n")}\n`;
}

/** The partner's answer: the summary passages most related to the question, plainly offline. */
export function answerFromSummary(message: string, summary: string | null | undefined): string {
  const text = summary?.trim();
  if (!text) {
    return "There's no summary for this project yet. Summarize your completed interviews first, and I'll answer from what your stakeholders said. (I'm Parley's offline assistant; connect an OpenAI API key for open-ended research.)";
  }
  const asked = new Set(keywords(message));
  const passages = text
    .split("\n")
    .map((line) => line.replace(/^[-*#>\s]+/, "").trim())
    .filter((line) => line.length > 20 && !line.startsWith("_"))
    .flatMap((line) => sentences(line))
    .map((sentence, index) => ({
      sentence,
      index,
      score: keywords(sentence).filter((w) => asked.has(w)).length,
    }))
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 4);
  if (!passages.length) {
    return `I couldn't find anything in the summary about that. The summary covers: ${
      [...new Set(text.match(/^## (.+)$/gm)?.map((h) => h.slice(3)) ?? [])].join(", ") ||
      "the interviews so far"
    }. Try asking about one of those. (I'm Parley's offline assistant, so I only answer from your summary.)`;
  }
  return [
    "Here's what the summary says that relates to your question:",
    "",
    ...passages.map((p) => `- ${clean(p.sentence)}.`),
    "",
    "(I'm Parley's offline assistant, so I answer only from your summary. Connect an OpenAI API key for deeper research.)",
  ].join("\n");
}

export function describeImageOffline(context: string | null | undefined, mimeType: string): string {
  const text = context
    ?.trim()
    .slice(0, 300)
    .replace(/[.!?]+$/, "");
  const note = text ? ` The participant's note about it: “${text}”.` : "";
  return `An image (${mimeType}) shared by the participant. Parley's offline assistant cannot look inside images, so it is kept for the team to view.${note}`;
}
