/** Requirements from extractions: every story and criterion rests on verified quotes, or is dropped. */
import { constraintOf } from "./classify";
import {
  featureName,
  forbiddingCriterion,
  limitName,
  namedPersona,
  needCriterion,
  parseNeed,
  subjectOf,
} from "./phrasing";
import { topicWords } from "./topics";
import type { Turn } from "./turns";
import type {
  ConstraintKind,
  Criterion,
  Evidence,
  EvidenceEpic,
  EvidenceFeature,
  EvidenceTree,
  ExtractedItem,
  Extraction,
  StakeholderType,
  Story,
} from "./types";
import { evidenceHolds, originalQuote } from "./verify";
import { a, capitalise, contentWords, thirdPerson } from "./words";

const EPICS: Array<[string, RegExp]> = [
  [
    "Scheduling and Planning",
    /\b(?:schedul\w*|calendar|plan\w*|route\w*|book\w*|appointment\w*|shift\w*|dispatch\w*|slot\w*)\b/i,
  ],
  [
    "Notifications and Communication",
    /\b(?:notif\w*|remind\w*|alert\w*|email\w*|messag\w*|texts?|sms|call\w*|chat\w*)\b/i,
  ],
  [
    "Reporting and Insights",
    /\b(?:report\w*|dashboard\w*|metric\w*|analytic\w*|insight\w*|history|trend\w*)\b/i,
  ],
  [
    "Data and Integrations",
    /\b(?:integrat\w*|import\w*|export\w*|sync\w*|api|webhooks?|erp|crm|csv|spreadsheet\w*|excel|database)\b/i,
  ],
  [
    "Accounts and Access",
    /\b(?:log ?in|sign ?in|password\w*|accounts?|permission\w*|roles?|access|admin\w*)\b/i,
  ],
  [
    "Privacy and Compliance",
    /\b(?:privacy|private|personal|medical|consent|gdpr|hipaa|comply|complian\w*|audit\w*|legal)\b/i,
  ],
  ["Payments and Billing", /\b(?:pay\w*|invoice\w*|bill\w*|price\w*|refund\w*|checkout|card\w*)\b/i],
  ["Search and Navigation", /\b(?:search\w*|find|filter\w*|navigat\w*|browse|map|maps)\b/i],
  ["Mobile and Field Work", /\b(?:mobile|phone\w*|offline|field|tablet\w*|on the go|app)\b/i],
];

const PERSONA: Record<StakeholderType, string> = {
  user: "user",
  business: "business stakeholder",
  developer: "developer",
  designer: "designer",
  product_manager: "product manager",
  other: "stakeholder",
};

export const epicOf = (text: string) =>
  EPICS.find(([, pattern]) => pattern.test(text))?.[0] ?? "Core Workflow";
const evidenceOf = (item: ExtractedItem): Evidence => ({
  interviewId: item.interviewId,
  turn: item.turn,
  quote: item.quote,
});
const RANK = { high: 0, medium: 1, low: 2 } as const;

export interface RequirementsOptions {
  /** The persona for every story when the caller knows it (the documented call's `role`). */
  role?: string | null;
}

class TreeBuilder {
  readonly epics = new Map<string, EvidenceEpic>();
  readonly #featureWords = new Map<EvidenceFeature, Set<string>>();

  epic(name: string): EvidenceEpic {
    let epic = this.epics.get(name);
    if (!epic) {
      epic = { name, description: `What stakeholders said about ${name.toLowerCase()}.`, features: [] };
      this.epics.set(name, epic);
    }
    return epic;
  }

  feature(epicName: string, name: string, key: string, description: string): EvidenceFeature {
    const epic = this.epic(epicName);
    let feature = epic.features.find((f) => contentWords(f.name).join(" ") === key);
    if (!feature) {
      feature = { name, description, acceptanceCriteria: [], stories: [] };
      epic.features.push(feature);
      this.#featureWords.set(feature, new Set());
    }
    return feature;
  }

  remember(feature: EvidenceFeature, item: ExtractedItem) {
    for (const w of topicWords(item)) this.#featureWords.get(feature)?.add(w);
  }

  /** The feature sharing the most topic words with an item (two at least), for its criteria. */
  closest(item: ExtractedItem): EvidenceFeature | null {
    let best: { feature: EvidenceFeature; score: number } | null = null;
    for (const [feature, words] of this.#featureWords) {
      const score = topicWords(item).filter((w) => words.has(w)).length;
      if (score >= 2 && (!best || score > best.score)) best = { feature, score };
    }
    return best?.feature ?? null;
  }
}

/**
 * Epics, features, stories and criteria from what participants said. Stories come only from wants;
 * a "does not want" or "must never" becomes a criterion that forbids it. A benefit nobody stated is
 * an assumption. Items the read-back rejected or corrected are left out.
 */
export function buildRequirements(
  extractions: Extraction[],
  options: RequirementsOptions = {},
): EvidenceTree {
  const builder = new TreeBuilder();
  const items = extractions.flatMap((extraction) =>
    extraction.items
      .filter((i) => i.readBack !== "rejected" && i.readBack !== "corrected")
      .map((item) => ({
        item,
        speaker: options.role?.trim() || extraction.role || PERSONA[extraction.stakeholderType],
      })),
  );
  const wants = items.filter(
    ({ item }) => (item.kind === "need" || item.kind === "constraint") && item.polarity === "wants",
  );
  const limits = items.filter(
    ({ item }) => (item.kind === "need" || item.kind === "constraint") && item.polarity !== "wants",
  );

  for (const { item, speaker } of wants) {
    const persona = options.role?.trim() || namedPersona(item.quote) || speaker;
    const subject = subjectOf(item.quote);
    const need = subject.kind === "thing" ? null : parseNeed(item.quote);
    const name = need ? featureName(need.said, item.quote) : null;
    if (subject.kind === "thing") {
      // "Allergy notes must be printed in red": a rule the product keeps, not something a person does.
      const feature =
        builder.closest(item) ??
        builder.feature(
          epicOf(item.quote),
          capitalise(subject.text),
          contentWords(subject.text).join(" "),
          "",
        );
      builder.remember(feature, item);
      feature.acceptanceCriteria.push({
        text: `Given ${a(speaker)}, then ${lowerFirst(thirdPerson(item.quote, speaker))}`,
        evidence: [evidenceOf(item)],
      });
      continue;
    }
    if (!need || !name) {
      // A privacy, compliance, integration or performance need that is not an action is a rule the product keeps.
      if (item.kind !== "constraint") continue;
      const feature = builder.closest(item) ?? constraintFeature(builder, item);
      feature?.acceptanceCriteria.push({
        text: `Given ${a(persona)}, then ${lowerFirst(thirdPerson(item.quote, persona))}`,
        evidence: [evidenceOf(item)],
      });
      continue;
    }
    const feature = builder.feature(
      item.constraint ? CONSTRAINT_EPIC[item.constraint] : epicOf(`${need.action} ${item.quote}`),
      name,
      contentWords(name).join(" "),
      need.reason ? `Why: ${need.reason}.` : "",
    );
    builder.remember(feature, item);
    const stated = need.benefit !== null && originalQuote(need.benefit, item.quote) !== null;
    const same = feature.stories.find((s) => s.userType === persona && s.action === need.action);
    if (same) {
      same.evidence.push(evidenceOf(item));
      continue;
    }
    feature.stories.push({
      userType: persona,
      action: need.action,
      benefit: stated ? need.benefit! : "this need is met",
      assumption: !stated,
      priority: item.priority,
      evidence: [evidenceOf(item)],
    });
    feature.acceptanceCriteria.push({ text: needCriterion(need, persona), evidence: [evidenceOf(item)] });
  }

  for (const { item, speaker } of limits) {
    const persona = options.role?.trim() || speaker;
    const feature =
      builder.closest(item) ??
      (() => {
        const name = limitName(item.quote);
        return name ? builder.feature(epicOf(item.quote), name, contentWords(name).join(" "), "") : null;
      })();
    if (!feature) continue;
    feature.acceptanceCriteria.push({
      text: forbiddingCriterion(item.quote, persona),
      evidence: [evidenceOf(item)],
    });
  }

  const epics = [...builder.epics.values()].filter((e) => e.features.length);
  for (const epic of epics)
    for (const f of epic.features) f.stories.sort((a, b) => RANK[a.priority] - RANK[b.priority]);
  return { epics };
}

function constraintFeature(builder: TreeBuilder, item: ExtractedItem): EvidenceFeature | null {
  const kind: ConstraintKind | null = item.constraint ?? constraintOf(item.quote);
  const phrase = kind ? CONSTRAINT_PHRASE.exec(item.quote)?.[0] : null;
  if (!kind || !phrase) return null;
  const feature = builder.feature(
    CONSTRAINT_EPIC[kind],
    phrase[0]!.toUpperCase() + phrase.slice(1),
    contentWords(phrase).join(" "),
    "",
  );
  builder.remember(feature, item);
  return feature;
}

const CONSTRAINT_EPIC = {
  privacy: "Privacy and Compliance",
  compliance: "Privacy and Compliance",
  integration: "Data and Integrations",
  performance: "Performance",
} as const;

const CONSTRAINT_PHRASE =
  /\b(?:privacy rules|privacy|personal data|medical details|location data|consent|gdpr|hipaa|compliance|audit trail|audit log|regulations?|api|webhooks?|erp|crm|existing \w+|csv exports?|real[ -]time|offline|uptime|(?:under|within) \d+\s*(?:ms|milliseconds|seconds?))\b/i;

const lowerFirst = (text: string) => text.replace(/[.!]+$/, "").replace(/^(?!I\b)./, (c) => c.toLowerCase());

/**
 * The tree with only what verifies: every piece of evidence stands in its interview's participant
 * turns, every unmarked benefit stands in a quote; the rest is dropped or marked as an assumption.
 */
export function verifyTree(tree: EvidenceTree, turnsById: Map<number, Turn[]>): EvidenceTree {
  const holds = (evidence: Evidence[]) =>
    evidence.length > 0 && evidence.every((e) => evidenceHolds(e, turnsById));
  const epics = tree.epics
    .map((epic) => ({
      ...epic,
      features: epic.features
        .map((feature) => ({
          ...feature,
          acceptanceCriteria: feature.acceptanceCriteria.filter((c: Criterion) => holds(c.evidence)),
          stories: feature.stories
            .filter((s: Story) => holds(s.evidence))
            .map((s: Story) =>
              s.assumption || s.evidence.some((e) => originalQuote(s.benefit, e.quote))
                ? s
                : { ...s, assumption: true },
            ),
        }))
        .filter((f) => f.stories.length || f.acceptanceCriteria.length),
    }))
    .filter((e) => e.features.length);
  return { epics };
}
