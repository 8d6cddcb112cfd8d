/**
 * Trees written for a reader who judges them by ../shared/JUDGING.md, and the reader's labels read
 * back. Every story is numbered S1, S2 … and every criterion C1, C2 … in the order the owner sees
 * them; a labels file beside the tree (NAME.labels.json) says, per number, what the reader decided.
 */
import { existsSync, readFileSync } from "node:fs";
import type { EvidenceTree } from "../../packages/ai/src/evidence/types";
import { renderStory } from "../../packages/ai/src/quality";

const quoted = (e: { quote: string; translation?: string }) =>
  `"${e.quote}"${e.translation ? ` (translated: "${e.translation}")` : ""}`;

/** The tree as the owner's page shows it, numbered for labelling. */
export function treeMarkdown(title: string, tree: EvidenceTree, note = ""): string {
  const lines = [`# ${title}`, ""];
  if (note) lines.push(note, "");
  let s = 0;
  let c = 0;
  for (const epic of tree.epics) {
    lines.push(`## Epic: ${epic.name}`, "");
    for (const feature of epic.features) {
      lines.push(`### Feature: ${feature.name}`, "");
      for (const story of feature.stories) {
        s += 1;
        lines.push(
          `- S${s}. ${renderStory(story)}${story.assumption ? " _(benefit: assumption)_" : ""}`,
          ...story.evidence.map((e) => `  - said: ${quoted(e)}`),
        );
      }
      if (feature.acceptanceCriteria.length) lines.push("", "Acceptance criteria:");
      for (const criterion of feature.acceptanceCriteria) {
        c += 1;
        lines.push(`- C${c}. ${criterion.text}`, ...criterion.evidence.map((e) => `  - said: ${quoted(e)}`));
      }
      lines.push("");
    }
  }
  if (!s && !c) lines.push("(no stories and no criteria)");
  return lines.join("\n");
}

export type StoryLabel = "USABLE" | "FIXABLE" | "JUNK";
export type CriterionLabel = "CHECKABLE" | "NOT CHECKABLE" | "TO WRITE";

export interface Labels {
  /** Distinct needs a careful product owner would record for this interview or project. */
  needs: number;
  missing?: string[];
  stories: Array<{ n: number; label: StoryLabel; why?: string }>;
  criteria: Array<{ n: number; label: CriterionLabel; why?: string }>;
  /** Salon interviews: which of the study's requirements labelled Elicited a story or criterion covers. */
  covered?: string[];
  elicited?: string[];
}

export function readLabels(file: string): Labels | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as Labels;
}

export interface Judged {
  trees: number;
  stories: number;
  usable: number;
  fixable: number;
  junk: number;
  criteria: number;
  checkable: number;
  toWrite: number;
  needs: number;
  elicited: number;
  covered: number;
  worst: Array<{ tree: string; n: string; label: string; why: string }>;
}

export function tally(entries: Array<{ name: string; labels: Labels | null }>): Judged {
  const t: Judged = {
    trees: 0,
    stories: 0,
    usable: 0,
    fixable: 0,
    junk: 0,
    criteria: 0,
    checkable: 0,
    toWrite: 0,
    needs: 0,
    elicited: 0,
    covered: 0,
    worst: [],
  };
  for (const { name, labels } of entries) {
    if (!labels) continue;
    t.trees += 1;
    t.needs += labels.needs;
    t.stories += labels.stories.length;
    for (const s of labels.stories) {
      if (s.label === "USABLE") t.usable += 1;
      else if (s.label === "FIXABLE") t.fixable += 1;
      else {
        t.junk += 1;
        t.worst.push({ tree: name, n: `S${s.n}`, label: s.label, why: s.why ?? "" });
      }
    }
    t.criteria += labels.criteria.length;
    for (const c of labels.criteria) {
      if (c.label === "CHECKABLE") t.checkable += 1;
      else if (c.label === "TO WRITE") t.toWrite += 1;
      else t.worst.push({ tree: name, n: `C${c.n}`, label: c.label, why: c.why ?? "" });
    }
    t.elicited += labels.elicited?.length ?? 0;
    t.covered += labels.covered?.length ?? 0;
  }
  return t;
}

const pct = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(0)}%` : "–");

export function judgedLines(title: string, t: Judged, offline: boolean): string[] {
  if (!t.trees) return [`${title}: not judged yet (no labels files)`];
  return [
    `${title}: ${t.trees} trees judged, ${t.stories} stories, ${t.criteria} criteria`,
    `  stories USABLE ${pct(t.usable, t.stories)} (target ≥ ${offline ? 50 : 85}%), FIXABLE ${pct(t.fixable, t.stories)}, JUNK ${pct(t.junk, t.stories)} (target ≤ ${offline ? 5 : 2}%)`,
    // A criterion that says plainly it is still to be written (and why) counts as neither (JUDGING.md).
    `  criteria CHECKABLE ${pct(t.checkable, t.criteria)}${offline ? `, said plainly to be written ${pct(t.toWrite, t.criteria)}, together ${pct(t.checkable + t.toWrite, t.criteria)} (target ≥ 90%)` : `; of those not said to be still open (${t.toWrite} are): ${pct(t.checkable, t.criteria - t.toWrite)} (target ≥ 85%)`}`,
    `  stories vs distinct needs a product owner would record: ${t.stories} vs ${t.needs} (${t.needs ? `${(((t.stories - t.needs) / t.needs) * 100).toFixed(0)}%` : "–"}; target within ±${offline ? 30 : 25}%)`,
    ...(t.elicited
      ? [
          `  salon requirements labelled Elicited that the tree covers (read): ${t.covered}/${t.elicited} = ${pct(t.covered, t.elicited)} (target ≥ ${offline ? 75 : 90}%)`,
        ]
      : []),
  ];
}
