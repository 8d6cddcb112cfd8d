/** The map step through a model: one interview, its participant clauses numbered, answered by reference. */
import { z } from "zod";
import { clauses, priorityOf, roleOf } from "./classify";
import { extractInterview, itemText, markReadBack } from "./extract";
import { EXTRACTION_PROMPT, fence } from "./prompts";
import { type StructuredProvider, structuredCall } from "./structured";
import { sentenceSpans } from "./text";
import type { Turn } from "./turns";
import { type ExtractedItem, type Extraction, type InterviewSource, ZConstraintKind } from "./types";
import { verifyItems } from "./verify";

/**
 * References to the numbered clauses, by what they are. Answers are short on purpose: a model
 * writes no quotes (they are the participant's clauses), so an interview costs few output tokens.
 */
const Refs = z.array(z.number().int());
export const ZModelExtraction = z.object({
  needs: Refs,
  pains: Refs,
  goals: Refs,
  metrics: Refs,
  openQuestions: Refs,
  constraints: z.array(z.object({ ref: z.number().int(), type: ZConstraintKind })),
  doesNotWant: Refs,
  mustNever: Refs,
});
export type ModelExtraction = z.infer<typeof ZModelExtraction>;

export interface NumberedClause {
  turn: Turn;
  text: string;
  /** The sentence it belongs to: a question asked in passing is never evidence. */
  sentence: string;
}

/** The interview as the model sees it: participant clauses numbered [1], [2] …, interviewer lines plain. */
export function numberedTranscript(turns: Turn[]): { text: string; clauses: Map<number, NumberedClause> } {
  const numbered = new Map<number, NumberedClause>();
  const lines: string[] = [];
  for (const turn of turns) {
    if (turn.speaker === "interviewer") {
      lines.push(`Interviewer: ${turn.text.replace(/\s+/g, " ")}`);
      continue;
    }
    for (const span of sentenceSpans(turn.text)) {
      const parts = clauses(span.text);
      // The sentence's own ending stays visible, so a question still reads as one.
      const ending = /[.!?…]+["'”’)\]]*$/.exec(span.text)?.[0] ?? "";
      parts.forEach((clause, i) => {
        const ref = numbered.size + 1;
        numbered.set(ref, { turn, text: clause, sentence: span.text });
        lines.push(`[${ref}] ${clause}${i === parts.length - 1 ? ending : ""}`);
      });
    }
  }
  return { text: lines.join("\n"), clauses: numbered };
}

type Kind = ExtractedItem["kind"];

/** Each referenced clause once, with its kind (open question, constraint, need, metric, goal, pain first) and stance. */
function readAnswer(answer: ModelExtraction) {
  const found = new Map<
    number,
    { kind: Kind; constraint: ExtractedItem["constraint"]; polarity: ExtractedItem["polarity"] }
  >();
  const add = (ref: number, kind: Kind) => {
    if (!found.has(ref)) found.set(ref, { kind, constraint: null, polarity: "wants" });
  };
  for (const ref of answer.openQuestions) add(ref, "open_question");
  for (const { ref, type } of answer.constraints) {
    add(ref, "constraint");
    const item = found.get(ref)!;
    if (item.kind === "constraint") item.constraint = type;
  }
  for (const ref of [...answer.needs, ...answer.doesNotWant, ...answer.mustNever]) add(ref, "need");
  for (const ref of answer.metrics) add(ref, "metric");
  for (const ref of answer.goals) add(ref, "goal");
  for (const ref of answer.pains) add(ref, "pain");
  for (const ref of answer.doesNotWant)
    if (found.get(ref)!.kind !== "open_question") found.get(ref)!.polarity = "does_not_want";
  for (const ref of answer.mustNever)
    if (found.get(ref)!.kind !== "open_question") found.get(ref)!.polarity = "must_never";
  return found;
}

/** The interviewer's questions just before a participant's turn: what it answers. */
export function questionBefore(turns: Turn[], turn: Turn): string | undefined {
  const before = turns.filter((t) => t.index < turn.index && t.speaker === "interviewer").at(-1);
  if (!before) return undefined;
  const sentences = sentenceSpans(before.text).map((s) => s.text.trim());
  // Every question of the turn (an interviewer often asks two at once), up to the last three.
  const questions = sentences.filter((s) => s.endsWith("?")).slice(-3);
  const asked = questions.length ? questions.join(" ") : (sentences.at(-1) ?? before.text);
  return asked.replace(/\s+/g, " ").trim() || undefined;
}

/** One interview through the model, its items only ever the participant's own numbered clauses. */
export async function extractWithModel(
  provider: StructuredProvider,
  source: InterviewSource,
  turns: Turn[],
  signal?: AbortSignal,
): Promise<Extraction> {
  const { text, clauses: numbered } = numberedTranscript(turns);
  const answer = await structuredCall(provider, {
    name: "interview_extraction",
    schema: ZModelExtraction,
    signal,
    messages: [
      { role: "system", content: EXTRACTION_PROMPT },
      { role: "user", content: fence("interview", text) },
    ],
  });
  const items: ExtractedItem[] = [];
  // In the order they were said.
  for (const [ref, read] of [...readAnswer(answer)].sort(([a], [b]) => a - b)) {
    const clause = numbered.get(ref);
    // Only the participant's own numbered clauses; what the model read them as (a need asked as a
    // question, "without paper" as a wish) is its reading, kept as it gave it.
    if (!clause) continue;
    const quote = clause.text;
    const question = questionBefore(turns, clause.turn);
    items.push({
      id: `${source.interviewId}-${items.length + 1}`,
      kind: read.kind,
      constraint: read.constraint,
      polarity: read.polarity,
      text: itemText(quote, {
        kind: read.kind,
        polarity: read.polarity,
        constraint: read.constraint,
        priority: "medium",
      }),
      quote,
      turn: clause.turn.index,
      interviewId: source.interviewId,
      stakeholderType: source.stakeholderType,
      priority: priorityOf(quote),
      readBack: null,
      correction: null,
      ...(question ? { question } : {}),
    });
  }
  items.sort((a, b) => a.turn - b.turn);
  const participant = turns.filter((t) => t.speaker === "participant").map((t) => t.text);
  return {
    ...extractInterview(source, turns),
    role: roleOf(participant.join("\n")),
    items: markReadBack(verifyItems(items, turns), source.readBack),
  };
}
