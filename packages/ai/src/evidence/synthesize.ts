/** Project synthesis, the reduce step: themes, conflicts and a summary from per-interview extractions. */

import { isContent, tokensOf } from "../text/nlp";
import { opposite } from "./text";
import { TopicIndex, topicTitle, topicWords } from "./topics";
import type { Conflict, Evidence, ExtractedItem, Extraction, Synthesis, Theme } from "./types";

const THEME_KINDS = new Set(["need", "pain", "goal", "constraint", "metric"]);
const STANCE_KINDS = new Set(["need", "constraint", "goal"]);
const MAX_THEMES = 12;
const MAX_EVIDENCE = 6;

const evidenceOf = (item: ExtractedItem): Evidence => ({
  interviewId: item.interviewId,
  turn: item.turn,
  quote: item.quote,
});

/** A theme as the engine or a model names it: a title and the words that mark its statements. */
export interface ThemeTopic {
  title: string;
  /** Stemmed words; a statement belongs to the theme when its topic words hold all of one entry's. */
  keywords: string[][];
}

/**
 * Themes from topics, in the given order: each item counts in the first theme it matches, a theme
 * needs two interviews, its count is the number of interviews and its stakeholder types who
 * raised it; evidence shows one quote per interview first.
 */
export function themesFor(extractions: Extraction[], topics: ThemeTopic[]): Theme[] {
  const items = extractions
    .flatMap((e) => e.items)
    .filter((i) => THEME_KINDS.has(i.kind) && i.readBack !== "rejected");
  const used = new Set<string>();
  const themes: Theme[] = [];
  for (const topic of topics) {
    if (themes.length >= MAX_THEMES) break;
    const matches = (item: ExtractedItem) =>
      topic.keywords.some((stems) => stems.length > 0 && stems.every((w) => topicWords(item).includes(w)));
    const members = items.filter((i) => !used.has(i.id) && matches(i));
    const interviewIds = [...new Set(members.map((i) => i.interviewId))];
    if (interviewIds.length < 2) continue;
    for (const m of members) used.add(m.id);
    const firstPerInterview = interviewIds.map((id) => members.find((m) => m.interviewId === id)!);
    const rest = members.filter((m) => !firstPerInterview.includes(m));
    themes.push({
      title: topic.title,
      interviewIds,
      stakeholderTypes: [...new Set(members.map((m) => m.stakeholderType))],
      count: interviewIds.length,
      evidence: [...firstPerInterview, ...rest]
        .slice(0, Math.max(MAX_EVIDENCE, interviewIds.length))
        .map(evidenceOf),
    });
  }
  return themes;
}

/** The topics the rules pick: words raised in the most interviews first, each titled as people said it. */
export function themeTopics(extractions: Extraction[]): ThemeTopic[] {
  const items = extractions
    .flatMap((e) => e.items)
    .filter((i) => THEME_KINDS.has(i.kind) && i.readBack !== "rejected");
  const index = new TopicIndex(items);
  return index
    .words()
    .filter((w) => index.interviews(w) >= 2)
    .sort(
      (a, b) =>
        index.interviews(b) - index.interviews(a) || index.weight(a) - index.weight(b) || (a < b ? -1 : 1),
    )
    .map((word) => ({
      title: topicTitle(
        word,
        items.filter((i) => topicWords(i).includes(word)).map((i) => i.quote),
      ),
      keywords: [[word]],
    }));
}

/** Themes by rules: topics raised in at least two interviews, largest first. */
export function buildThemes(extractions: Extraction[]): Theme[] {
  return themesFor(extractions, themeTopics(extractions));
}

/**
 * Conflicts: the same topic with opposite stances (wants against does not want or must never) in
 * different interviews. The topic is the most telling word the two statements share.
 */
export function findConflicts(extractions: Extraction[]): Conflict[] {
  const items = extractions
    .flatMap((e) => e.items)
    .filter((i) => STANCE_KINDS.has(i.kind) && i.readBack !== "rejected");
  const index = new TopicIndex(items);
  const byTopic = new Map<string, ExtractedItem[]>();
  for (let a = 0; a < items.length; a += 1) {
    for (let b = a + 1; b < items.length; b += 1) {
      const x = items[a]!;
      const y = items[b]!;
      if (x.interviewId === y.interviewId || !opposite(x.polarity, y.polarity)) continue;
      // A word both mention only in passing ("by text", "in a text message") is not what they disagree on.
      const shared = topicWords(x).filter(
        (w) => topicWords(y).includes(w) && !(inPassing(x.quote, w) && inPassing(y.quote, w)),
      );
      if (!shared.length) continue;
      const topic = shared.sort((p, q) => index.weight(q) - index.weight(p))[0]!;
      const list = byTopic.get(topic) ?? [];
      for (const item of [x, y]) if (!list.includes(item)) list.push(item);
      byTopic.set(topic, list);
    }
  }
  const conflicts: Conflict[] = [];
  const claimed = new Set<string>();
  for (const [topic, members] of [...byTopic.entries()].sort((a, b) => b[1].length - a[1].length)) {
    const fresh = members.filter((m) => !claimed.has(m.id));
    // One position per interview and stance; a pair already explained by another topic is not repeated.
    const positions = new Map<string, ExtractedItem>();
    for (const m of fresh) {
      const key = `${m.interviewId}:${m.polarity === "wants"}`;
      if (!positions.has(key)) positions.set(key, m);
    }
    const chosen = [...positions.values()];
    if (!chosen.some((m) => m.polarity === "wants") || !chosen.some((m) => m.polarity !== "wants")) continue;
    if (new Set(chosen.map((m) => m.interviewId)).size < 2) continue;
    for (const m of chosen) claimed.add(m.id);
    conflicts.push({
      topic: topicTitle(
        topic,
        chosen.map((m) => m.quote),
      ),
      positions: chosen.map((m) => ({
        interviewId: m.interviewId,
        stance: m.polarity,
        quote: m.quote,
        turn: m.turn,
      })),
    });
  }
  return conflicts;
}

const PASSING = /^(?:by|in|via|through|on|at|from|into|over|during)$/;

/** True when every mention of a topic word sits in a phrase like "by text" or "in a text message". */
function inPassing(quote: string, word: string): boolean {
  const ts = tokensOf(quote);
  const at = ts.flatMap((t, i) => (isContent(t) && t.lemma === word ? [i] : []));
  return (
    at.length > 0 && at.every((i) => ts.slice(Math.max(0, i - 3), i).some((t) => PASSING.test(t.normal)))
  );
}

/** What the interviews left open, in the participants' words (not questions asked in passing). */
export function openQuestions(extractions: Extraction[]): Synthesis["openQuestions"] {
  return extractions
    .flatMap((e) => e.items)
    .filter((i) => i.kind === "open_question")
    .map((i) => ({ ...evidenceOf(i), text: i.text }));
}

const STANCE: Record<string, string> = {
  wants: "wants",
  does_not_want: "does not want",
  must_never: "must never",
};
const KIND: Record<string, string> = {
  need: "Need",
  pain: "Pain",
  goal: "Goal",
  constraint: "Constraint",
  metric: "Metric",
  open_question: "Open",
};
const RANK: Record<string, number> = {
  need: 0,
  constraint: 1,
  pain: 2,
  goal: 3,
  metric: 4,
  open_question: 5,
};
const PER_INTERVIEW = 8;
const CONTEXT_PER_INTERVIEW = 3;

const cite = (quote: string) => `“${quote.replace(/\s+/g, " ")}”`;

/** The markdown summary: names the interviews, cites quotes; Themes, Conflicts, Open questions. */
export function renderSummary(
  extractions: Extraction[],
  parts: Omit<Synthesis, "summary">,
  options: { title?: string; note?: string } = {},
): string {
  const names = new Map(extractions.map((e) => [e.interviewId, e.name]));
  const name = (id: number) => names.get(id) ?? `Interview ${id}`;
  const at = (e: Evidence) => `${name(e.interviewId)}, turn ${e.turn + 1}`;
  const typeOf = new Map(extractions.map((e) => [e.interviewId, e.stakeholderType.replace("_", " ")]));
  // "2 user, 1 business": how many interviews of each stakeholder type raised it.
  const byType = (ids: number[]) => {
    const counts = new Map<string, number>();
    for (const id of ids)
      counts.set(typeOf.get(id) ?? "other", (counts.get(typeOf.get(id) ?? "other") ?? 0) + 1);
    return [...counts].map(([type, n]) => `${n} ${type}`).join(", ");
  };
  const lines = [`# ${options.title?.trim() || "Interview"} Summary`, ""];
  if (options.note) lines.push(options.note, "");
  lines.push(
    `Drawn from ${extractions.length} interview${extractions.length === 1 ? "" : "s"}: ${extractions
      .map((e) => `${e.name} (${e.stakeholderType.replace("_", " ")}${e.role ? `, ${e.role}` : ""})`)
      .join("; ")}.`,
    "",
    "## Themes",
  );
  if (!parts.themes.length) lines.push("- No topic came up in more than one interview.");
  for (const theme of parts.themes) {
    lines.push(
      "",
      `### ${theme.title}`,
      `Raised in ${theme.count} interviews (${byType(theme.interviewIds)}): ${theme.interviewIds.map(name).join(", ")}.`,
      ...theme.evidence.map((e) => `- ${cite(e.quote)} (${at(e)})`),
    );
  }
  lines.push("", "## Conflicts");
  if (!parts.conflicts.length) lines.push("- No two interviews took opposite stances on the same topic.");
  for (const conflict of parts.conflicts) {
    lines.push("", `### ${conflict.topic}`);
    for (const p of conflict.positions)
      lines.push(`- ${name(p.interviewId)} ${STANCE[p.stance]}: ${cite(p.quote)} (turn ${p.turn + 1})`);
  }
  lines.push("", "## Open questions");
  if (!parts.openQuestions.length) lines.push("- The interviews left nothing explicitly open.");
  for (const q of parts.openQuestions) lines.push(`- ${cite(q.quote)} (${at(q)})`);
  lines.push("", "## Interviews");
  for (const extraction of extractions) {
    const top = extraction.items
      .filter((i) => i.kind !== "open_question" && i.readBack !== "rejected")
      .map((item, order) => ({ item, order }))
      .sort(
        (a, b) =>
          Number(b.item.priority === "high") - Number(a.item.priority === "high") ||
          RANK[a.item.kind]! - RANK[b.item.kind]! ||
          a.order - b.order,
      )
      .slice(0, PER_INTERVIEW)
      .sort((a, b) => a.order - b.order)
      .map(({ item }) => item);
    lines.push("", `### ${extraction.name}`);
    if (!top.length && !extraction.context.length) lines.push("- Nothing product-related was said.");
    for (const item of top) {
      const mark =
        item.readBack === "confirmed"
          ? " (confirmed)"
          : item.readBack === "corrected"
            ? ` (corrected: ${item.correction})`
            : "";
      lines.push(`- ${KIND[item.kind]}: ${cite(item.quote)} (turn ${item.turn + 1})${mark}`);
    }
    for (const said of extraction.context.slice(0, CONTEXT_PER_INTERVIEW))
      lines.push(`- Context: ${cite(said.quote)} (turn ${said.turn + 1})`);
  }
  return `${lines.join("\n")}\n`;
}

/** Themes, conflicts, open questions and the summary, by rules, from extractions only. */
export function synthesize(
  extractions: Extraction[],
  options: { title?: string; note?: string } = {},
): Synthesis {
  const parts = {
    themes: buildThemes(extractions),
    conflicts: findConflicts(extractions),
    openQuestions: openQuestions(extractions),
  };
  return { ...parts, summary: renderSummary(extractions, parts, options) };
}
