/**
 * Step 4 of the writer: stories grouped into features by what they name, features into epics by
 * what they share, and acceptance criteria from what was said: conditions, numbers, refusals.
 */
import type {
  Criterion,
  Evidence,
  EvidenceEpic,
  EvidenceFeature,
  EvidenceTree,
  ExtractedItem,
  Extraction,
  StakeholderType,
  Story,
} from "../evidence/types";
import { clean, thirdPerson } from "../evidence/words";
import { UNSTATED_BENEFIT } from "../quality/parse";
import { capitalise, withArticle } from "../text/grammar";
import { analyze, contentLemmas } from "../text/nlp";
import { forbiddingCriterion, limitName } from "./limits";
import { clausesOf, type FoundNeed, findNeeds, needOfImperative, needOfListedThing } from "./needs";
import { draftStories, roleOf, type StoryDraft } from "./phrase";
import { GENERIC_HEADS, RECEIVING_VERB } from "./vocabulary";

/** The ends of a story whose participant said nothing about why: said plainly, marked as an assumption. */
export const UNSTATED_ENDS = UNSTATED_BENEFIT;

export const PERSONA: Record<StakeholderType, string> = {
  user: "user",
  business: "business stakeholder",
  developer: "developer",
  designer: "designer",
  product_manager: "product manager",
  other: "stakeholder",
};

const RANK = { high: 0, medium: 1, low: 2 } as const;

const evidenceOf = (item: ExtractedItem): Evidence => ({
  interviewId: item.interviewId,
  turn: item.turn,
  quote: item.quote,
});

const key = (text: string) => contentLemmas(text).join(" ");

/** The lemmas an epic is known by: its topic's, without heads that say nothing ("system"). */
const topicLemmas = (text: string) => contentLemmas(text).filter((l) => !GENERIC_HEADS.has(l));

interface EpicDraft {
  name: string;
  lemmas: Set<string>;
  features: EvidenceFeature[];
}

/** Acceptance criteria for one story: its conditions as When clauses, else the need itself. */
export function criteriaFor(draft: StoryDraft, role: string): string[] {
  const given = `Given ${withArticle(role)}`;
  const when = draft.conditions.filter((c) => /^(?:when|whenever|if|once)\b/i.test(c));
  const others = draft.conditions.filter((c) => !when.includes(c));
  // A criterion is checked by anyone: "then they can unlock the bike with their phone".
  const action = thirdPerson([draft.action, ...others].join(" "));
  // What they said it is for is what a tester checks: "when they see every technician on one map,
  // then they can send the closest one".
  if (!when.length && draft.ends) return [`${given}, when they ${action}, then ${thirdPerson(draft.ends)}`];
  if (!when.length) return [`${given}, then they can ${action}`];
  return when.map(
    (c) => `${given}, ${c.replace(/^(?:whenever|if|once)\b/i, "when")}, then they can ${action}`,
  );
}

export interface WriterOptions {
  /** The persona for every story when the caller knows it (the documented call's `role`). */
  role?: string | null;
}

/** Stories from every interview's stated needs, grouped into features and epics. */
export function writeTree(extractions: Extraction[], options: WriterOptions = {}): EvidenceTree {
  const epics: EpicDraft[] = [];
  const featureByKey = new Map<string, { feature: EvidenceFeature; epic: EpicDraft }>();

  const epicFor = (topic: string, feature: string): EpicDraft => {
    const lemmas = new Set(topicLemmas(topic));
    const featureLemmas = topicLemmas(feature);
    let best: { epic: EpicDraft; score: number } | null = null;
    for (const epic of epics) {
      const score = [...lemmas, ...featureLemmas].filter((l) => epic.lemmas.has(l)).length;
      if (score > 0 && (!best || score > best.score)) best = { epic, score };
    }
    if (best) {
      for (const l of lemmas) best.epic.lemmas.add(l);
      return best.epic;
    }
    const epic: EpicDraft = {
      name: capitalise(topic),
      lemmas: new Set([...lemmas, ...featureLemmas]),
      features: [],
    };
    epics.push(epic);
    return epic;
  };

  /** The feature of that name, made in the epic `epic()` gives when it is new. */
  const featureFor = (name: string, epic: () => EpicDraft) => {
    const featureKey = key(name) || name.toLowerCase();
    let entry = featureByKey.get(featureKey);
    if (!entry) {
      const home = epic();
      const feature: EvidenceFeature = { name, description: "", acceptanceCriteria: [], stories: [] };
      home.features.push(feature);
      entry = { feature, epic: home };
      featureByKey.set(featureKey, entry);
    }
    return entry;
  };

  for (const extraction of extractions) {
    const speaker = options.role?.trim() || extraction.role || PERSONA[extraction.stakeholderType];
    for (const item of extraction.items) {
      if (item.readBack === "rejected" || item.readBack === "corrected") continue;
      if ((item.kind !== "need" && item.kind !== "constraint") || item.polarity !== "wants") continue;
      const found = findNeeds(item.quote);
      const needs = found.length || !item.listed ? found : listedNeeds(item.quote);
      for (const need of needs) {
        if (need.negated) continue;
        const drafts = draftStories(need, speaker);
        // "Everything must comply with privacy rules": a rule the product keeps, as a criterion.
        const speakerSubject = need.subject.some((t) => /^(?:i|we|you)$/.test(t.normal));
        if (
          item.kind === "constraint" &&
          need.trigger === "obligation" &&
          !speakerSubject &&
          !roleOf(need.subject) &&
          !need.actor.length &&
          !RECEIVING_VERB[need.action[0]?.lemma ?? ""] &&
          drafts[0]
        ) {
          const entry = featureFor(drafts[0].feature, () => epicFor(drafts[0]!.topic, drafts[0]!.feature));
          const said = thirdPerson(clean(item.quote)).replace(/^(?!I\b)./, (c) => c.toLowerCase());
          entry.feature.acceptanceCriteria.push({
            text: `Given ${withArticle(speaker)}, then ${said}`,
            evidence: [evidenceOf(item)],
          });
          break;
        }
        // What one sentence asks for stays together: its stories share the first one's epic.
        let needEpic: EpicDraft | null = null;
        for (const draft of drafts) {
          const role = options.role?.trim() || draft.role || speaker;
          const { feature } = featureFor(draft.feature, () => {
            needEpic ??= epicFor(draft.topic, draft.feature);
            return needEpic;
          });
          const same = feature.stories.find(
            (s) => s.userType === role && key(s.action) === key(draft.action),
          );
          if (same) {
            if (!same.evidence.some((e) => e.quote === item.quote && e.interviewId === item.interviewId))
              same.evidence.push(evidenceOf(item));
            continue;
          }
          const story: Story = {
            userType: role,
            action: draft.action,
            benefit: draft.ends ?? UNSTATED_ENDS,
            assumption: !draft.ends,
            priority: item.priority,
            evidence: [evidenceOf(item)],
          };
          feature.stories.push(story);
          for (const text of criteriaFor(draft, role)) {
            if (!feature.acceptanceCriteria.some((c: Criterion) => c.text === text))
              feature.acceptanceCriteria.push({ text, evidence: [evidenceOf(item)] });
          }
        }
      }
    }
  }
  // Refusals ("I don't want …", "must never …") forbid, on the feature they are about.
  const features = () => [...featureByKey.values()];
  for (const extraction of extractions) {
    const speaker = options.role?.trim() || extraction.role || PERSONA[extraction.stakeholderType];
    for (const item of extraction.items) {
      if (item.readBack === "rejected" || item.readBack === "corrected") continue;
      if ((item.kind !== "need" && item.kind !== "constraint") || item.polarity === "wants") continue;
      const lemmas = new Set(topicLemmas(item.quote));
      let best: { feature: EvidenceFeature; score: number } | null = null;
      for (const { feature } of features()) {
        const said = [feature.name, ...feature.stories.map((s) => s.action)].join(" ");
        const score = topicLemmas(said).filter((l) => lemmas.has(l)).length;
        if (score >= 2 && (!best || score > best.score)) best = { feature, score };
      }
      let feature = best?.feature;
      if (!feature) {
        // Named like a story would be: "I don't want to unlock the bike with a card" is "Bike unlocking".
        const need = findNeeds(item.quote)[0];
        const name =
          (need && draftStories({ ...need, negated: false }, speaker)[0]?.feature) || limitName(item.quote);
        if (!name) continue;
        feature = featureFor(name, () => epicFor(name, name)).feature;
      }
      const text = forbiddingCriterion(item.quote, speaker);
      if (!feature.acceptanceCriteria.some((c) => c.text === text))
        feature.acceptanceCriteria.push({ text, evidence: [evidenceOf(item)] });
    }
  }

  const tree: EvidenceEpic[] = epics
    .filter((e) => e.features.length)
    .map((e) => ({
      name: e.name,
      description: "",
      features: e.features.map((f) => ({
        ...f,
        stories: [...f.stories].sort((a, b) => RANK[a.priority] - RANK[b.priority]),
      })),
    }));
  return { epics: tree };
}

/** A listed wanted thing read again: each line of the quote as a request or a thing wanted. */
function listedNeeds(quote: string): FoundNeed[] {
  return analyze(quote).flatMap((sentence) =>
    clausesOf(sentence).flatMap((clause) => {
      const need = needOfImperative(clause, sentence) ?? needOfListedThing(clause, sentence);
      return need ? [need] : [];
    }),
  );
}
