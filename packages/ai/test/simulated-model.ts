/**
 * A scripted stand-in for a model, used to author the recorded responses and to drive the bench:
 * it reads the same request a model would (numbered sentences, item lines) and answers in the
 * strict schemas with the offline rules. No model is reachable here; this is not one.
 */
import { classify } from "../src/evidence/classify";
import { buildRequirements } from "../src/evidence/requirements";
import { buildThemes, findConflicts } from "../src/evidence/synthesize";
import type { Evidence, ExtractedItem, Extraction, StakeholderType } from "../src/evidence/types";

const userContent = (body: any): string => body.messages.find((m: any) => m.role === "user")?.content ?? "";

function extractionAnswer(content: string) {
  const answer = {
    needs: [] as string[],
    pains: [] as string[],
    goals: [] as string[],
    metrics: [] as string[],
    openQuestions: [] as string[],
    constraints: [] as Array<{ ref: string; type: string }>,
    doesNotWant: [] as string[],
    mustNever: [] as string[],
  };
  const lists = {
    need: answer.needs,
    pain: answer.pains,
    goal: answer.goals,
    metric: answer.metrics,
    open_question: answer.openQuestions,
  };
  for (const line of content.split("\n")) {
    const match = /^\[(\d+\.\d+)\] (.*)$/.exec(line);
    if (!match) continue;
    const [, ref, clause] = match as unknown as [string, string, string];
    // The simulator sees clauses, not sentences: a clause that is a question counts as one.
    const c = classify(clause, clause);
    if (!c) continue;
    if (c.kind === "constraint") answer.constraints.push({ ref, type: c.constraint ?? "integration" });
    else lists[c.kind].push(ref);
    if (c.polarity === "does_not_want") answer.doesNotWant.push(ref);
    if (c.polarity === "must_never") answer.mustNever.push(ref);
  }
  return answer;
}

/** Items and extractions back from the "id | interview | type, role | kind/polarity | quote" lines. */
export function parseItemLines(content: string): { items: ExtractedItem[]; extractions: Extraction[] } {
  const items: ExtractedItem[] = [];
  const extractions = new Map<number, Extraction>();
  for (const line of content.split("\n")) {
    const parts = line.split(" | ");
    if (parts.length < 5 || !/^\d+-\d+$/.test(parts[0]!)) continue;
    const [id, name, who, stance] = parts as [string, string, string, string];
    const quote = parts.slice(4).join(" | ");
    const [kind, polarity] = stance.split("/") as [ExtractedItem["kind"], ExtractedItem["polarity"]];
    const [type, role] = who.split(", ") as [StakeholderType, string | undefined];
    const interviewId = Number(id.split("-")[0]);
    const item: ExtractedItem = {
      id,
      kind,
      constraint: null,
      polarity,
      text: quote,
      quote,
      turn: 0,
      interviewId,
      stakeholderType: type,
      priority: "medium",
      readBack: null,
      correction: null,
    };
    items.push(item);
    const extraction = extractions.get(interviewId) ?? {
      interviewId,
      name,
      stakeholderType: type,
      role: role ?? null,
      items: [],
      context: [],
    };
    extraction.items.push(item);
    extractions.set(interviewId, extraction);
  }
  return { items, extractions: [...extractions.values()] };
}

function idsOf(evidence: Evidence[], items: ExtractedItem[]): string[] {
  return evidence
    .map((e) => items.find((i) => i.interviewId === e.interviewId && i.quote === e.quote)?.id)
    .filter((id): id is string => !!id);
}

function synthesisAnswer(content: string) {
  const { items, extractions } = parseItemLines(content);
  return {
    themes: buildThemes(extractions).map((t) => ({ title: t.title, itemIds: idsOf(t.evidence, items) })),
    conflicts: findConflicts(extractions).map((c) => ({
      topic: c.topic,
      itemIds: idsOf(
        c.positions.map((p) => ({ interviewId: p.interviewId, turn: p.turn, quote: p.quote })),
        items,
      ),
    })),
  };
}

function requirementsAnswer(content: string) {
  const { items, extractions } = parseItemLines(content);
  const tree = buildRequirements(extractions);
  return {
    epics: tree.epics.map((epic) => ({
      name: epic.name,
      description: epic.description,
      features: epic.features.map((f) => ({
        name: f.name,
        description: f.description,
        criteria: f.acceptanceCriteria.map((c) => ({ text: c.text, itemIds: idsOf(c.evidence, items) })),
        stories: f.stories.map((s) => ({
          userType: s.userType,
          action: s.action,
          benefit: s.benefit,
          priority: s.priority,
          itemIds: idsOf(s.evidence, items),
        })),
      })),
    })),
  };
}

/** The simulated answer to a structured chat request, as JSON text. */
export function simulatedAnswer(body: any): string {
  const name = body.response_format?.json_schema?.name;
  const content = userContent(body);
  if (name === "interview_extraction") return JSON.stringify(extractionAnswer(content));
  if (name === "project_synthesis") return JSON.stringify(synthesisAnswer(content));
  if (name === "requirements") return JSON.stringify(requirementsAnswer(content));
  return JSON.stringify({});
}
