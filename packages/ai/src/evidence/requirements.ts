/** Requirements from extractions: every story and criterion rests on verified quotes, or is dropped. */
import { type GateReport, gateModelTree, gateTree } from "../quality/gate";
import { isToWrite } from "../requirements/story";
import { contentLemmas } from "../text/nlp";
import { PERSONA, writeTree } from "../writer/tree";
import type { Turn } from "./turns";
import type { Criterion, Evidence, EvidenceTree, Extraction, StakeholderType, Story } from "./types";
import { evidenceHolds, originalQuote } from "./verify";
import { thirdPerson } from "./words";

// The model path's fallback epic for an item the model left out of every epic.
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

export const epicOf = (text: string) =>
  EPICS.find(([, pattern]) => pattern.test(text))?.[0] ?? "Core Workflow";

export interface RequirementsOptions {
  /** The persona for every story when the caller knows it (the documented call's `role`). */
  role?: string | null;
}

/**
 * Epics, features, stories and criteria from what participants said, by the writer
 * (packages/ai/src/writer): stories come only from stated needs; a "does not want" or "must never"
 * becomes a criterion that forbids it; a benefit nobody stated is said to be unstated and marked as
 * an assumption. Items the read-back rejected or corrected are left out.
 */
export function buildRequirements(
  extractions: Extraction[],
  options: RequirementsOptions = {},
): EvidenceTree {
  return writeTree(extractions, options);
}

/**
 * A reason the participant stated: their words, or every content word of it in their quote ("so that
 * I remember to come" for "so that they remember to come", "I can run the business" for "to run the business").
 */
export function statedIn(benefit: string, quote: string): boolean {
  if (originalQuote(benefit, quote)) return true;
  const said = new Set(contentLemmas(quote));
  const words = contentLemmas(benefit);
  return words.length > 0 && words.every((l) => said.has(l));
}

/**
 * The tree with only what verifies: every piece of evidence stands in its interview's participant
 * turns, every unmarked benefit stands in a quote; the rest is dropped or marked as an assumption.
 */
export function verifyTree(
  tree: EvidenceTree,
  turnsById: Map<number, Turn[]>,
  /** A model named the item that states each benefit it did not guess: its word is kept. */
  benefitsNamed = false,
): EvidenceTree {
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
              s.assumption ||
              benefitsNamed ||
              isToWrite(s.benefit) ||
              s.evidence.some((e) => statedIn(s.benefit, e.quote))
                ? s
                : { ...s, assumption: true },
            ),
        }))
        .filter((f) => f.stories.length || f.acceptanceCriteria.length),
    }))
    .filter((e) => e.features.length);
  return { epics };
}

/**
 * The one gate every tree passes before it is saved, from the rules or from a model: quotes that
 * stand in the participant's turns, then the Quality User Story checks, repairing or dropping what
 * fails (counted in the report).
 */
export function gatedTree(
  tree: EvidenceTree,
  turnsById: Map<number, Turn[]>,
  stakeholderTypes: Map<number, StakeholderType> = new Map(),
  writtenBy: "rules" | "model" = "rules",
): { tree: EvidenceTree; quality: GateReport } {
  const byModel = writtenBy === "model";
  const verified = verifyTree(tree, turnsById, byModel);
  const { tree: checked, report } = (byModel ? gateModelTree : gateTree)(verified, {
    turnsById,
    stakeholderRoleFor: (story) => {
      const type = stakeholderTypes.get(story.evidence[0]?.interviewId ?? -1);
      return type ? PERSONA[type] : undefined;
    },
  });
  // Evidence resting on a corrected turn says so, for the owner's page.
  const marked = (e: Evidence): Evidence => {
    const by = turnsById.get(e.interviewId)?.[e.turn]?.revisedBy;
    return by ? { ...e, corrected: by } : e;
  };
  const gated = {
    epics: checked.epics.map((epic) => ({
      ...epic,
      features: epic.features.map((f) => ({
        ...f,
        acceptanceCriteria: f.acceptanceCriteria.map((c) => ({ ...c, evidence: c.evidence.map(marked) })),
        stories: f.stories.map((s) => ({ ...s, evidence: s.evidence.map(marked) })),
      })),
    })),
  };
  if (byModel) return { tree: gated, quality: report };
  // A criterion that only restates a story ("then they can X") goes when the gate dropped that story.
  const restating = /^Given an? .+?, (?:when they (.+?), then .+|(?:when .+?, )?then they can (.+))$/;
  const kept = {
    epics: gated.epics
      .map((epic) => ({
        ...epic,
        features: epic.features
          .map((f) => {
            const actions = new Set(f.stories.map((s) => thirdPerson(s.action)));
            const criteria = f.acceptanceCriteria.filter((c) => {
              const match = restating.exec(c.text);
              const need = match?.[1] ?? match?.[2];
              return !need || [...actions].some((a) => need.startsWith(a));
            });
            return { ...f, acceptanceCriteria: criteria };
          })
          .filter((f) => f.stories.length || f.acceptanceCriteria.length),
      }))
      .filter((e) => e.features.length),
  };
  return { tree: kept, quality: report };
}
