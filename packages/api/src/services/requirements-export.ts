/**
 * The requirements tree as files for other tools: Jira's and Linear's CSV import, JSON with
 * evidence, Markdown. One issue per feature (its user stories, acceptance criteria and quotes in
 * the description); Jira also gets one Epic per epic, which its features name as parent.
 */
import type { EvidenceTree } from "@parley/ai/evidence/types";
import { isUnstated, storySentence } from "@parley/ai/requirements/story";

export const EXPORT_FORMATS = ["jira-csv", "linear-csv", "json", "markdown"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportFile {
  fileName: string;
  contentType: string;
  content: string;
}

type Feature = EvidenceTree["epics"][number]["features"][number];
type Evidence = Feature["stories"][number]["evidence"][number];

/**
 * One CSV cell: a cell a spreadsheet would run as a formula (= + - @, tab, carriage return first)
 * gets a leading apostrophe; cells with a comma, quote or line break are quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvRows = (rows: string[][]) => `${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;

const RANK = { high: 0, medium: 1, low: 2 } as const;

/** A feature's priority: its most urgent story's, else high when it forbids something (a "must never"). */
function featurePriority(feature: Feature): "high" | "medium" | "low" {
  const ranked = feature.stories.map((s) => s.priority).sort((a, b) => RANK[a] - RANK[b]);
  return ranked[0] ?? "medium";
}

/** The participant's words, their translation when they spoke another language, and where they said them. */
function citation(e: Evidence, names: Map<number, string>) {
  const translated = e.translation ? ` (translated: “${e.translation.replace(/\s+/g, " ")}”)` : "";
  return `“${e.quote.replace(/\s+/g, " ")}”${translated} (${names.get(e.interviewId) ?? `Interview ${e.interviewId}`}, turn ${e.turn + 1})`;
}

/** A feature's description for an issue tracker: what it is, its stories, its criteria, the quotes. */
function featureDescription(feature: Feature, names: Map<number, string>): string {
  const lines: string[] = [];
  if (feature.description.trim()) lines.push(feature.description.trim(), "");
  if (feature.stories.length) {
    lines.push("User stories:");
    for (const s of feature.stories) {
      lines.push(
        `- ${storySentence(s)}${s.assumption ? ` (${isUnstated(s.benefit) ? "Reason not stated" : "Assumption"})` : ""}`,
      );
      for (const e of s.evidence) lines.push(`  ${citation(e, names)}`);
    }
    lines.push("");
  }
  if (feature.acceptanceCriteria.length) {
    lines.push("Acceptance criteria:");
    for (const c of feature.acceptanceCriteria) {
      lines.push(`- ${c.text}`);
      for (const e of c.evidence) lines.push(`  ${citation(e, names)}`);
    }
  }
  return lines.join("\n").trim();
}

const CAPITAL = { high: "High", medium: "Medium", low: "Low" } as const;

function jiraCsv(tree: EvidenceTree, names: Map<number, string>): string {
  const rows = [
    ["Issue ID", "Parent", "Summary", "Issue Type", "Epic Name", "Epic Link", "Description", "Priority"],
  ];
  let id = 0;
  for (const epic of tree.epics) {
    id += 1;
    const epicId = String(id);
    rows.push([epicId, "", epic.name, "Epic", epic.name, "", epic.description, "Medium"]);
    for (const feature of epic.features) {
      id += 1;
      rows.push([
        String(id),
        epicId,
        feature.name,
        "Story",
        "",
        epic.name,
        featureDescription(feature, names),
        CAPITAL[featurePriority(feature)],
      ]);
    }
  }
  return csvRows(rows);
}

function linearCsv(tree: EvidenceTree, names: Map<number, string>): string {
  const rows = [["Title", "Description", "Priority", "Labels"]];
  for (const epic of tree.epics) {
    for (const feature of epic.features) {
      const labels = [epic.name, ...(feature.stories.some((s) => s.assumption) ? ["Assumption"] : [])];
      rows.push([
        feature.name,
        featureDescription(feature, names),
        CAPITAL[featurePriority(feature)],
        labels.join(","),
      ]);
    }
  }
  return csvRows(rows);
}

function markdown(title: string, tree: EvidenceTree, names: Map<number, string>): string {
  const lines = [`# ${title} - Requirements`, ""];
  if (!tree.epics.length) lines.push("No requirements yet.");
  for (const epic of tree.epics) {
    lines.push(`## Epic: ${epic.name}`, "");
    if (epic.description.trim()) lines.push(epic.description.trim(), "");
    for (const feature of epic.features) {
      lines.push(`### Feature: ${feature.name}`, "");
      if (feature.description.trim()) lines.push(feature.description.trim(), "");
      if (feature.stories.length) lines.push("#### User stories", "");
      for (const s of feature.stories) {
        lines.push(
          `- ${storySentence(s)}. Priority: ${s.priority}.${s.assumption ? ` **${isUnstated(s.benefit) ? "Reason not stated" : "Assumption"}**` : ""}`,
        );
        for (const e of s.evidence) lines.push(`  > ${citation(e, names)}`);
      }
      if (feature.stories.length) lines.push("");
      if (feature.acceptanceCriteria.length) lines.push("#### Acceptance criteria", "");
      for (const c of feature.acceptanceCriteria) {
        lines.push(`- ${c.text}`);
        for (const e of c.evidence) lines.push(`  > ${citation(e, names)}`);
      }
      if (feature.acceptanceCriteria.length) lines.push("");
    }
  }
  return `${lines.join("\n").trimEnd()}\n`;
}

/** A file name from the project title: letters, digits and dashes only. */
export function exportFileName(title: string, format: ExportFormat): string {
  const base =
    title
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "project";
  const extension = format === "json" ? "json" : format === "markdown" ? "md" : "csv";
  const suffix = format === "jira-csv" ? "-jira" : format === "linear-csv" ? "-linear" : "";
  return `${base}-requirements${suffix}.${extension}`;
}

export function exportRequirements(
  format: ExportFormat,
  project: { id: number; title: string },
  tree: EvidenceTree,
  names: Map<number, string>,
): ExportFile {
  const fileName = exportFileName(project.title, format);
  switch (format) {
    case "jira-csv":
      return { fileName, contentType: "text/csv; charset=utf-8", content: jiraCsv(tree, names) };
    case "linear-csv":
      return { fileName, contentType: "text/csv; charset=utf-8", content: linearCsv(tree, names) };
    case "json": {
      const interviews = [...names].map(([id, name]) => ({ id, name }));
      const body = { project: { id: project.id, title: project.title }, interviews, ...tree };
      return {
        fileName,
        contentType: "application/json; charset=utf-8",
        content: `${JSON.stringify(body, null, 2)}\n`,
      };
    }
    case "markdown":
      return {
        fileName,
        contentType: "text/markdown; charset=utf-8",
        content: markdown(project.title, tree, names),
      };
  }
}
