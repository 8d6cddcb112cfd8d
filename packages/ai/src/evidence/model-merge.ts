/** The reduce steps through a model: themes, conflicts and requirements over extracted items, guarded. */
import { z } from "zod";
import { priorityOf } from "./classify";
import { fenced, REQUIREMENTS_PROMPT, SYNTHESIS_PROMPT } from "./prompts";
import { epicOf } from "./requirements";
import { mapWithLimit, type StructuredProvider, structuredCall } from "./structured";
import { isNegated } from "./text";
import type {
  Conflict,
  Evidence,
  EvidenceEpic,
  EvidenceFeature,
  ExtractedItem,
  Extraction,
  Theme,
} from "./types";
import { originalQuote } from "./verify";
import { clean } from "./words";

export const ZModelSynthesis = z.object({
  themes: z.array(z.object({ title: z.string().min(1), itemIds: z.array(z.string()) })),
  conflicts: z.array(z.object({ topic: z.string().min(1), itemIds: z.array(z.string()) })),
});

const PRIORITY = z.enum(["high", "medium", "low"]);
export const ZModelRequirements = z.object({
  epics: z.array(
    z.object({
      name: z.string().min(1),
      description: z.string(),
      features: z.array(
        z.object({
          name: z.string().min(1),
          description: z.string(),
          criteria: z.array(z.object({ text: z.string().min(1), itemIds: z.array(z.string()) })),
          stories: z.array(
            z.object({
              userType: z.string().min(1),
              action: z.string().min(1),
              benefit: z.string().min(1),
              priority: PRIORITY,
              itemIds: z.array(z.string()),
            }),
          ),
        }),
      ),
    }),
  ),
});

const itemLine = (item: ExtractedItem, extraction: Extraction) =>
  `${item.id} | ${extraction.name} | ${item.stakeholderType}${extraction.role ? `, ${extraction.role}` : ""} | ${item.kind}/${item.polarity} | ${item.quote.replace(/\s+/g, " ")}`;

const evidenceOf = (item: ExtractedItem): Evidence => ({
  interviewId: item.interviewId,
  turn: item.turn,
  quote: item.quote,
});

/** Themes and conflicts from the model's grouping of item ids; ids it made up are ignored. */
export async function synthesizeWithModel(
  provider: StructuredProvider,
  extractions: Extraction[],
  signal?: AbortSignal,
): Promise<{ themes: Theme[]; conflicts: Conflict[] }> {
  const byId = new Map(extractions.flatMap((e) => e.items.map((i) => [i.id, i] as const)));
  const lines = extractions.flatMap((e) =>
    e.items.filter((i) => i.kind !== "open_question" && i.readBack !== "rejected").map((i) => itemLine(i, e)),
  );
  const answer = await structuredCall(provider, {
    name: "project_synthesis",
    schema: ZModelSynthesis,
    signal,
    messages: [
      { role: "system", content: SYNTHESIS_PROMPT },
      { role: "user", content: fenced("items", lines.join("\n")) },
    ],
  });
  const members = (ids: string[]) =>
    [...new Set(ids)].map((id) => byId.get(id)).filter((i): i is ExtractedItem => !!i);
  const themes = answer.themes.flatMap((theme): Theme[] => {
    const items = members(theme.itemIds);
    const interviewIds = [...new Set(items.map((i) => i.interviewId))];
    if (!items.length) return [];
    return [
      {
        title: clean(theme.title),
        interviewIds,
        stakeholderTypes: [...new Set(items.map((i) => i.stakeholderType))],
        count: interviewIds.length,
        evidence: items.map(evidenceOf),
      },
    ];
  });
  const conflicts = answer.conflicts.flatMap((conflict): Conflict[] => {
    const positions = new Map<string, ExtractedItem>();
    for (const item of members(conflict.itemIds)) {
      const key = `${item.interviewId}:${item.polarity === "wants"}`;
      if (!positions.has(key)) positions.set(key, item);
    }
    const chosen = [...positions.values()];
    const opposed = chosen.some((i) => i.polarity === "wants") && chosen.some((i) => i.polarity !== "wants");
    if (!opposed || new Set(chosen.map((i) => i.interviewId)).size < 2) return [];
    return [
      {
        topic: clean(conflict.topic),
        positions: chosen.map((i) => ({
          interviewId: i.interviewId,
          stance: i.polarity,
          quote: i.quote,
          turn: i.turn,
        })),
      },
    ];
  });
  return { themes, conflicts };
}

/** Up to `parts` groups of items, whole epics kept together, so each requirements call stays small. */
export function requirementChunks(items: ExtractedItem[], parts: number): ExtractedItem[][] {
  const byEpic = new Map<string, ExtractedItem[]>();
  for (const item of items) {
    const epic = epicOf(item.quote);
    byEpic.set(epic, [...(byEpic.get(epic) ?? []), item]);
  }
  const chunks: ExtractedItem[][] = Array.from({ length: Math.min(parts, byEpic.size) }, () => []);
  for (const group of [...byEpic.values()].sort((a, b) => b.length - a.length)) {
    chunks.sort((a, b) => a.length - b.length)[0]!.push(...group);
  }
  return chunks.filter((c) => c.length);
}

/**
 * The model's requirements with our rules enforced: evidence only from known items, a feature name
 * the participant said, no story that grants what someone said must not happen, a benefit not found
 * in the quotes marked as an assumption, priority from the participants' words.
 */
export function guardModelTree(
  answer: z.infer<typeof ZModelRequirements>,
  byId: Map<string, ExtractedItem>,
  role?: string | null,
): EvidenceEpic[] {
  const rank = { high: 0, medium: 1, low: 2 } as const;
  const priority = (items: ExtractedItem[]) =>
    items.map((i) => priorityOf(i.quote)).sort((a, b) => rank[a] - rank[b])[0] ?? "medium";
  return answer.epics.map((epic) => ({
    name: clean(epic.name),
    description: epic.description,
    features: epic.features.flatMap((feature) => {
      const items = (ids: string[]) =>
        [...new Set(ids)].map((id) => byId.get(id)).filter((i): i is ExtractedItem => !!i);
      const stories = feature.stories.flatMap((story) => {
        const evidence = items(story.itemIds);
        if (!evidence.length) return [];
        if (evidence.some((i) => i.polarity !== "wants") && !isNegated(story.action)) return [];
        const stated = evidence.some((i) => originalQuote(story.benefit, i.quote));
        return [
          {
            userType: role?.trim() || story.userType,
            action: clean(story.action),
            benefit: clean(story.benefit),
            assumption: !stated,
            priority: priority(evidence),
            evidence: evidence.map(evidenceOf),
          },
        ];
      });
      const acceptanceCriteria = feature.criteria.flatMap((criterion) => {
        const evidence = items(criterion.itemIds);
        return evidence.length ? [{ text: clean(criterion.text), evidence: evidence.map(evidenceOf) }] : [];
      });
      const quotes = [...stories, ...acceptanceCriteria].flatMap((x) => x.evidence.map((e) => e.quote));
      const said = quotes.map((q) => originalQuote(feature.name, q)).find((n) => n);
      if (!said || (!stories.length && !acceptanceCriteria.length)) return [];
      return [
        {
          name: said[0]!.toUpperCase() + said.slice(1),
          description: feature.description,
          acceptanceCriteria,
          stories,
        },
      ];
    }),
  }));
}

export async function requirementsWithModel(
  provider: StructuredProvider,
  extractions: Extraction[],
  options: { concurrency?: number; signal?: AbortSignal; title?: string; role?: string | null },
  onChunkDone: () => void,
  chunks: ExtractedItem[][],
): Promise<EvidenceEpic[]> {
  const byId = new Map(extractions.flatMap((e) => e.items.map((i) => [i.id, i] as const)));
  const extractionOf = new Map(extractions.map((e) => [e.interviewId, e]));
  const answers = await mapWithLimit(chunks, options.concurrency ?? 4, async (chunk) => {
    const answer = await structuredCall(provider, {
      name: "requirements",
      schema: ZModelRequirements,
      signal: options.signal,
      messages: [
        { role: "system", content: REQUIREMENTS_PROMPT },
        {
          role: "user",
          content: `Project: ${options.title ?? ""}\n${fenced("items", chunk.map((i) => itemLine(i, extractionOf.get(i.interviewId)!)).join("\n"))}`,
        },
      ],
    });
    onChunkDone();
    return guardModelTree(answer, byId, options.role);
  });
  return mergeEpics(answers.flat());
}

/**
 * Epics, features and stories the calls repeated, merged: epics by name, features by name across
 * the whole tree (the first epic keeps it), stories by who and what.
 */
export function mergeEpics(epics: EvidenceEpic[]): EvidenceEpic[] {
  const merged = new Map<string, EvidenceEpic>();
  const features = new Map<string, EvidenceFeature>();
  for (const epic of epics) {
    const target = merged.get(epic.name.toLowerCase()) ?? { ...epic, features: [] };
    merged.set(epic.name.toLowerCase(), target);
    for (const feature of epic.features) {
      let into = features.get(feature.name.toLowerCase());
      if (!into) {
        into = { ...feature, stories: [], acceptanceCriteria: [] };
        features.set(feature.name.toLowerCase(), into);
        target.features.push(into);
      }
      for (const story of feature.stories) {
        const twin = into.stories.find((s) => s.userType === story.userType && s.action === story.action);
        if (twin)
          twin.evidence.push(
            ...story.evidence.filter((e) => !twin.evidence.some((t) => t.quote === e.quote)),
          );
        else into.stories.push({ ...story, evidence: [...story.evidence] });
      }
      for (const criterion of feature.acceptanceCriteria) {
        if (!into.acceptanceCriteria.some((c) => c.text === criterion.text))
          into.acceptanceCriteria.push(criterion);
      }
    }
  }
  return [...merged.values()].filter((e) => e.features.length);
}
