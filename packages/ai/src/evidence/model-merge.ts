/** The reduce steps through a model: themes, conflicts and requirements over extracted items, guarded. */
import { z } from "zod";
import { priorityOf } from "./classify";
import { fence, requirementsPrompt, synthesisPrompt } from "./prompts";
import { mapWithLimit, type StructuredProvider, structuredCall } from "./structured";
import { themesFor } from "./synthesize";
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
import { clean, contentWords } from "./words";

/** The language the project's requirements and summary are written in. */
export interface OutputLanguage {
  /** ISO 639-1, as detectLanguage answers it ("en"). */
  code: string;
  /** Its English name, as the prompts ask for it ("English"). */
  name: string;
}

export const ENGLISH: OutputLanguage = { code: "en", name: "English" };

/** What the writing calls know about languages: the project's, and each interview's. */
export interface Writing {
  language: OutputLanguage;
  /** Each interview's language by id (from its extraction); unknown ones count as the project's. */
  languages: Map<number, string>;
}

export const writingOf = (extractions: Extraction[], language: OutputLanguage = ENGLISH): Writing => ({
  language,
  languages: new Map(extractions.map((e) => [e.interviewId, e.language ?? language.code])),
});

/** Cited items' words in the project's language, when the participant spoke another one. */
const ZTranslations = z.array(z.object({ itemId: z.number().int(), text: z.string() }));

export const ZModelSynthesis = z.object({
  translations: ZTranslations,
  themes: z.array(z.object({ title: z.string().min(1), keywords: z.array(z.string()) })),
  conflicts: z.array(z.object({ topic: z.string().min(1), itemIds: z.array(z.number().int()) })),
});

export const ZModelRequirements = z.object({
  translations: ZTranslations,
  epics: z.array(
    z.object({
      name: z.string().min(1),
      features: z.array(
        z.object({
          name: z.string().min(1),
          criteria: z.array(z.object({ text: z.string().min(1), itemIds: z.array(z.number().int()) })),
          stories: z.array(
            z.object({
              userType: z.string().min(1),
              action: z.string().min(1),
              benefit: z.string().min(1),
              /** The item whose words state the benefit; null when the benefit is the model's guess. */
              benefitItemId: z.number().int().nullable(),
              itemIds: z.array(z.number().int()),
            }),
          ),
        }),
      ),
    }),
  ),
});

/** Items as numbered lines for one call: "7 | interview | type, role | kind/polarity | their words". */
export function itemLines(
  items: ExtractedItem[],
  extractions: Extraction[],
): { text: string; byRef: Map<number, ExtractedItem> } {
  const byInterview = new Map(extractions.map((e) => [e.interviewId, e]));
  const byRef = new Map<number, ExtractedItem>();
  const lines = items.map((item) => {
    const ref = byRef.size + 1;
    byRef.set(ref, item);
    const e = byInterview.get(item.interviewId);
    const who = `${item.stakeholderType}${e?.role ? `, ${e.role}` : ""}`;
    return `${ref} | ${e?.name ?? `Interview ${item.interviewId}`} | ${who} | ${item.kind}/${item.polarity} | ${item.quote.replace(/\s+/g, " ")}`;
  });
  return { text: lines.join("\n"), byRef };
}

/**
 * Items for the requirements call, grouped by interview, each with the interviewer's question it
 * answers on the line under it: "7 | business, owner | need/wants | their words".
 */
export function requirementLines(
  items: ExtractedItem[],
  extractions: Extraction[],
): { text: string; byRef: Map<number, ExtractedItem> } {
  const byRef = new Map<number, ExtractedItem>();
  const lines: string[] = [];
  for (const e of extractions) {
    const own = items.filter((i) => i.interviewId === e.interviewId);
    if (!own.length) continue;
    lines.push(`Interview: ${e.name}`);
    for (const item of own) {
      const ref = byRef.size + 1;
      byRef.set(ref, item);
      const who = `${item.stakeholderType}${e.role ? `, ${e.role}` : ""}`;
      lines.push(`${ref} | ${who} | ${item.kind}/${item.polarity} | ${item.quote.replace(/\s+/g, " ")}`);
      if (item.question) lines.push(`   asked: ${item.question.replace(/\s+/g, " ")}`);
    }
  }
  return { text: lines.join("\n"), byRef };
}

const evidenceOf = (item: ExtractedItem): Evidence => ({
  interviewId: item.interviewId,
  turn: item.turn,
  quote: item.quote,
});

/**
 * The model's translations by item, kept only for items said in another language than the
 * project's (a "translation" of English into English is noise) and only when not empty.
 */
function translationsOf(
  answer: { translations: Array<{ itemId: number; text: string }> },
  byRef: Map<number, ExtractedItem>,
  writing: Writing,
): Map<ExtractedItem, string> {
  const out = new Map<ExtractedItem, string>();
  for (const { itemId, text } of answer.translations) {
    const item = byRef.get(itemId);
    const translation = clean(text);
    if (!item || !translation || !spokenElsewhere(item, writing)) continue;
    out.set(item, translation);
  }
  return out;
}

const spokenElsewhere = (item: ExtractedItem, writing: Writing) =>
  (writing.languages.get(item.interviewId) ?? writing.language.code) !== writing.language.code;

/** The item's evidence, with its translation beside the quote when there is one. */
const translatedEvidence = (item: ExtractedItem, translations: Map<ExtractedItem, string>): Evidence => {
  const translation = translations.get(item);
  return translation ? { ...evidenceOf(item), translation } : evidenceOf(item);
};

/** Themes and conflicts from the model's grouping of item ids; ids it made up are ignored. */
export async function synthesizeWithModel(
  provider: StructuredProvider,
  extractions: Extraction[],
  signal?: AbortSignal,
  writing: Writing = writingOf(extractions),
): Promise<{ themes: Theme[]; conflicts: Conflict[] }> {
  const { text, byRef } = itemLines(
    extractions.flatMap((e) =>
      e.items.filter((i) => i.kind !== "open_question" && i.readBack !== "rejected"),
    ),
    extractions,
  );
  const answer = await structuredCall(provider, {
    name: "project_synthesis",
    schema: ZModelSynthesis,
    signal,
    messages: [
      { role: "system", content: synthesisPrompt(writing.language.name) },
      { role: "user", content: fence("items", text) },
    ],
  });
  const translations = translationsOf(answer, byRef, writing);
  const byQuote = new Map([...translations].map(([item, t]) => [`${item.interviewId}:${item.quote}`, t]));
  const members = (ids: number[]) =>
    [...new Set(ids)].map((id) => byRef.get(id)).filter((i): i is ExtractedItem => !!i);
  // The model names themes and their words; the engine picks the evidence, so every quote is an item's.
  const themes = themesFor(
    extractions,
    answer.themes.map((theme) => ({
      title: clean(theme.title),
      keywords: theme.keywords.map((k) => [...new Set(contentWords(k))]),
    })),
  ).map((theme) => ({
    ...theme,
    evidence: theme.evidence.map((e) => {
      const translation = byQuote.get(`${e.interviewId}:${e.quote}`);
      return translation ? { ...e, translation } : e;
    }),
  }));
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

/**
 * The items a requirement may rest on: everything stated but open questions (needs and constraints
 * to build, pains, goals and metrics for the reasons and criteria), less what the read-back rejected
 * or corrected.
 */
export function requirementItems(extractions: Extraction[]): ExtractedItem[] {
  return extractions
    .flatMap((e) => e.items)
    .filter((i) => i.kind !== "open_question" && i.readBack !== "rejected" && i.readBack !== "corrected");
}

/** The most items one requirements call carries: a project that fits goes in one call. */
export const ITEMS_PER_CALL = 160;

/**
 * The items in as few calls as fit, each interview's items whole in one call (related items are
 * written together, never apart).
 */
export function requirementChunks(items: ExtractedItem[], perCall = ITEMS_PER_CALL): ExtractedItem[][] {
  const byInterview = new Map<number, ExtractedItem[]>();
  for (const item of items)
    byInterview.set(item.interviewId, [...(byInterview.get(item.interviewId) ?? []), item]);
  const chunks: ExtractedItem[][] = [];
  for (const group of byInterview.values()) {
    const last = chunks.at(-1);
    if (last && last.length + group.length <= perCall) last.push(...group);
    else chunks.push([...group]);
  }
  return chunks;
}

/**
 * The model's requirements as it wrote them, with evidence resolved: cited numbers become the items'
 * quotes (a number the model made up cites nothing, and the gate drops and reports what rests on
 * nothing), a benefit is an assumption unless the model named the item that states it (or its
 * words are a quote's), and priority comes from the participants' words. Names, roles, actions,
 * benefits and criteria are the model's own.
 */
export function guardModelTree(
  answer: z.infer<typeof ZModelRequirements>,
  byId: Map<number, ExtractedItem>,
  role?: string | null,
  writing: Writing = { language: ENGLISH, languages: new Map() },
): EvidenceEpic[] {
  const translations = translationsOf(answer, byId, writing);
  const evidenceOf = (item: ExtractedItem) => translatedEvidence(item, translations);
  const rank = { high: 0, medium: 1, low: 2 } as const;
  const priority = (items: ExtractedItem[]) =>
    items.map((i) => priorityOf(i.quote)).sort((a, b) => rank[a] - rank[b])[0] ?? "medium";
  const items = (ids: number[]) =>
    [...new Set(ids)].map((id) => byId.get(id)).filter((i): i is ExtractedItem => !!i);
  const named = (name: string) => {
    const text = clean(name);
    return text ? text[0]!.toUpperCase() + text.slice(1) : text;
  };
  return answer.epics.map((epic) => ({
    name: named(epic.name),
    description: `What stakeholders said about ${clean(epic.name).toLowerCase()}.`,
    features: epic.features.flatMap((feature) => {
      const stories = feature.stories.map((story) => {
        const evidence = items(story.itemIds);
        const source = story.benefitItemId === null ? undefined : byId.get(story.benefitItemId);
        const stated =
          !!source ||
          evidence.some(
            (i) =>
              originalQuote(story.benefit, i.quote) ||
              (translations.has(i) && originalQuote(story.benefit, translations.get(i)!)),
          );
        const cited = source && !evidence.includes(source) ? [...evidence, source] : evidence;
        return {
          userType: role?.trim() || clean(story.userType),
          action: clean(story.action),
          benefit: clean(story.benefit),
          assumption: !stated,
          priority: priority(evidence),
          evidence: cited.map(evidenceOf),
        };
      });
      const acceptanceCriteria = feature.criteria.map((criterion) => ({
        text: clean(criterion.text),
        evidence: items(criterion.itemIds).map(evidenceOf),
      }));
      if (!stories.length && !acceptanceCriteria.length) return [];
      return [{ name: named(feature.name), description: "", acceptanceCriteria, stories }];
    }),
  }));
}

export async function requirementsWithModel(
  provider: StructuredProvider,
  extractions: Extraction[],
  options: {
    concurrency?: number;
    signal?: AbortSignal;
    title?: string;
    role?: string | null;
    language?: OutputLanguage;
  },
  onChunkDone: () => void,
  chunks: ExtractedItem[][],
): Promise<EvidenceEpic[]> {
  const writing = writingOf(extractions, options.language);
  const answers = await mapWithLimit(chunks, options.concurrency ?? 4, async (chunk) => {
    const { text, byRef } = requirementLines(chunk, extractions);
    const answer = await structuredCall(provider, {
      name: "requirements",
      schema: ZModelRequirements,
      signal: options.signal,
      messages: [
        { role: "system", content: requirementsPrompt(writing.language.name) },
        {
          role: "user",
          content: `Project: ${fence("project", options.title ?? "")}\n${fence("items", text)}`,
        },
      ],
    });
    onChunkDone();
    return guardModelTree(answer, byRef, options.role, writing);
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
