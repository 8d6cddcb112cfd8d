/**
 * A scripted stand-in for a model, used to author the recorded responses and to drive the bench:
 * it reads the same request a model would (numbered sentences, item lines) and answers in the
 * strict schemas with the offline rules (the extraction reads the numbered clauses back into turns
 * and answers with what the offline extraction finds). No model is reachable here; this is not one.
 * Given a glossary (the participant's sentences in another language → English), it reads those
 * sentences through their English and answers as a model asked for English output would: English
 * stories and criteria citing the participant's own items, and each cited item's translation.
 */
import { extractInterview } from "../src/evidence/extract";
import { buildRequirements } from "../src/evidence/requirements";
import { buildThemes, findConflicts, themeTopics } from "../src/evidence/synthesize";
import type { Turn } from "../src/evidence/turns";
import type { Evidence, ExtractedItem, Extraction, StakeholderType } from "../src/evidence/types";

const userContent = (body: any): string => body.messages.find((m: any) => m.role === "user")?.content ?? "";

/** Sentence pairs a scripted "model" understands: words in another language → their English. */
export type Glossary = Record<string, string>;

const folded = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[.!?]+$/, "")
    .trim();

/** The English of a clause the glossary holds (the clause is one of its sentences, or part of one). */
function translate(glossary: Glossary, clause: string): string | null {
  const needle = folded(clause);
  if (!needle) return null;
  for (const [said, english] of Object.entries(glossary)) {
    const key = folded(said);
    if (key === needle || key.includes(needle)) return english;
  }
  return null;
}

/** Items read through their English (same ids), and the translations a model would return for them. */
function throughEnglish(glossary: Glossary, parsed: { items: ExtractedItem[]; extractions: Extraction[] }) {
  const translations: Array<{ itemId: number; text: string }> = [];
  const english = new Map<ExtractedItem, ExtractedItem>();
  for (const item of parsed.items) {
    const text = translate(glossary, item.quote);
    if (!text) continue;
    translations.push({ itemId: Number(item.id), text });
    english.set(item, { ...item, text, quote: text });
  }
  const swap = (item: ExtractedItem) => english.get(item) ?? item;
  return {
    translations,
    items: parsed.items.map(swap),
    extractions: parsed.extractions.map((e) => ({ ...e, items: e.items.map(swap) })),
  };
}

function extractionAnswer(content: string, glossary: Glossary = {}) {
  const answer = {
    needs: [] as number[],
    pains: [] as number[],
    goals: [] as number[],
    metrics: [] as number[],
    openQuestions: [] as number[],
    constraints: [] as Array<{ ref: number; type: string }>,
    doesNotWant: [] as number[],
    mustNever: [] as number[],
  };
  const lists = {
    need: answer.needs,
    pain: answer.pains,
    goal: answer.goals,
    metric: answer.metrics,
    open_question: answer.openQuestions,
  };
  // The interview as the request shows it: interviewer lines, and the participant's numbered clauses
  // (read through their English), joined back into turns for the offline extraction to read.
  const turns: Turn[] = [];
  const refs: Array<{ ref: number; text: string; turn: number }> = [];
  for (const line of content.split("\n")) {
    const asked = /^Interviewer: (.*)$/.exec(line);
    if (asked) {
      turns.push({ index: turns.length, speaker: "interviewer", text: asked[1]! });
      continue;
    }
    const match = /^\[(\d+)\] (.*)$/.exec(line);
    if (!match) continue;
    const clause = translate(glossary, match[2]!) ?? match[2]!;
    if (turns.at(-1)?.speaker !== "participant")
      turns.push({ index: turns.length, speaker: "participant", text: "" });
    const turn = turns.at(-1)!;
    turn.text = `${turn.text} ${clause}`.trim();
    refs.push({ ref: Number(match[1]), text: folded(clause), turn: turn.index });
  }
  const extraction = extractInterview(
    { interviewId: 1, stakeholderType: "business", messages: null, transcript: null },
    turns,
  );
  const answered = new Set<number>();
  for (const item of extraction.items) {
    const quote = folded(item.quote);
    const ref = refs.find(
      (r) =>
        r.turn === item.turn && !answered.has(r.ref) && (r.text.includes(quote) || quote.includes(r.text)),
    )?.ref;
    if (ref === undefined) continue;
    answered.add(ref);
    if (item.kind === "constraint") answer.constraints.push({ ref, type: item.constraint ?? "integration" });
    else lists[item.kind].push(ref);
    if (item.polarity === "does_not_want") answer.doesNotWant.push(ref);
    if (item.polarity === "must_never") answer.mustNever.push(ref);
  }
  return answer;
}

/** Items and extractions back from the "n | interview | type, role | kind/polarity | quote" lines (ids are n). */
export function parseItemLines(content: string): { items: ExtractedItem[]; extractions: Extraction[] } {
  const items: ExtractedItem[] = [];
  const extractions = new Map<string, Extraction>();
  // Synthesis lines name their interview ("7 | name | who | kind | words"); requirements lines sit
  // under an "Interview: name" header ("7 | who | kind | words").
  let header = "";
  for (const line of content.split("\n")) {
    if (line.startsWith("Interview: ")) header = line.slice("Interview: ".length);
    const parts = line.split(" | ");
    if (!/^\d+$/.test(parts[0] ?? "")) continue;
    if (header) parts.splice(1, 0, header);
    if (parts.length < 5) continue;
    const [id, name, who, stance] = parts as [string, string, string, string];
    const quote = parts.slice(4).join(" | ");
    const [kind, polarity] = stance.split("/") as [ExtractedItem["kind"], ExtractedItem["polarity"]];
    const [type, role] = who.split(", ") as [StakeholderType, string | undefined];
    const interviewId = extractions.get(name)?.interviewId ?? extractions.size + 1;
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
    const extraction = extractions.get(name) ?? {
      interviewId,
      name,
      stakeholderType: type,
      role: role ?? null,
      items: [],
      context: [],
    };
    extraction.items.push(item);
    extractions.set(name, extraction);
  }
  return { items, extractions: [...extractions.values()] };
}

function idsOf(evidence: Evidence[], items: ExtractedItem[]): number[] {
  return evidence
    .map((e) => items.find((i) => i.interviewId === e.interviewId && i.quote === e.quote)?.id)
    .filter((id): id is string => !!id)
    .map(Number);
}

function synthesisAnswer(content: string, glossary: Glossary = {}) {
  const { items, extractions, translations } = throughEnglish(glossary, parseItemLines(content));
  const titles = new Set(buildThemes(extractions).map((t) => t.title));
  const topics = themeTopics(extractions).filter((t) => titles.delete(t.title));
  return {
    translations,
    themes: topics.map((t) => ({ title: t.title, keywords: t.keywords.map((k) => k.join(" ")) })),
    conflicts: findConflicts(extractions)
      .slice(0, 10)
      .map((c) => ({
        topic: c.topic,
        itemIds: idsOf(
          c.positions.map((p) => ({ interviewId: p.interviewId, turn: p.turn, quote: p.quote })),
          items,
        ),
      })),
  };
}

const CAP = 10;
const IDS = 3;

/** The rules' tree, cut as the prompt asks: at most 10 stories and 10 criteria, 3 ids each, refusals first. */
function requirementsAnswer(content: string, glossary: Glossary = {}) {
  const { items, extractions, translations } = throughEnglish(glossary, parseItemLines(content));
  const tree = buildRequirements(extractions);
  const refusal = (evidence: Evidence[]) =>
    evidence.some(
      (e) => items.find((i) => i.interviewId === e.interviewId && i.quote === e.quote)?.polarity !== "wants",
    );
  const stories = tree.epics
    .flatMap((e) => e.features.flatMap((f) => f.stories))
    .sort((a, b) => b.evidence.length - a.evidence.length)
    .slice(0, CAP);
  const criteria = tree.epics
    .flatMap((e) => e.features.flatMap((f) => f.acceptanceCriteria))
    .sort(
      (a, b) =>
        Number(refusal(b.evidence)) - Number(refusal(a.evidence)) || b.evidence.length - a.evidence.length,
    )
    .slice(0, CAP);
  const cited = new Set([...stories, ...criteria].flatMap((x) => idsOf(x.evidence, items).slice(0, IDS)));
  return {
    translations: translations.filter((t) => cited.has(t.itemId)),
    epics: tree.epics
      .map((epic) => ({
        name: epic.name,
        features: epic.features
          .map((f) => ({
            name: f.name,
            criteria: f.acceptanceCriteria
              .filter((c) => criteria.includes(c))
              .map((c) => ({ text: c.text, itemIds: idsOf(c.evidence, items).slice(0, IDS) })),
            stories: f.stories
              .filter((st) => stories.includes(st))
              .map((st) => ({
                userType: st.userType,
                action: st.action,
                benefit: st.benefit,
                benefitItemId: null,
                itemIds: idsOf(st.evidence, items).slice(0, IDS),
              })),
          }))
          .filter((f) => f.criteria.length || f.stories.length),
      }))
      .filter((e) => e.features.length),
  };
}

/** A simulated model: the answer to a structured chat request, as JSON text. */
export function simulatedModel(glossary: Glossary = {}) {
  return (body: any): string => {
    const name = body.response_format?.json_schema?.name;
    const content = userContent(body);
    if (name === "interview_extraction") return JSON.stringify(extractionAnswer(content, glossary));
    if (name === "project_synthesis") return JSON.stringify(synthesisAnswer(content, glossary));
    if (name === "requirements") return JSON.stringify(requirementsAnswer(content, glossary));
    return JSON.stringify({});
  };
}

/** The simulated answer to a structured chat request in English, as JSON text. */
export const simulatedAnswer = simulatedModel();
