/**
 * The generated requirements tree against the stored one: a refresh adds what is new and keeps
 * everything the owner wrote or edited (names, texts, order); generated evidence and priority are
 * attached to the rows they match.
 */
import type { EvidenceTree } from "@parley/ai/evidence/types";
import { renderRequirements } from "@parley/ai/requirements/markdown";
import type { StoredEpic, StoredStory, TreeInput } from "@parley/db/queries/requirements";
import type { AcceptanceCriterion, EvidenceRef } from "@parley/db/schema";

type TreeEpic = TreeInput["epics"][number];
type TreeFeature = TreeEpic["features"][number];
type TreeStory = TreeFeature["stories"][number];

const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

function criterionOf(c: { text: string; evidence: EvidenceRef[] }): AcceptanceCriterion {
  return {
    text: c.text,
    quote: c.evidence[0]?.quote ?? null,
    assumption: c.evidence.length === 0,
    evidence: c.evidence,
  };
}

function storyOf(s: EvidenceTree["epics"][number]["features"][number]["stories"][number]): TreeStory {
  return {
    userType: s.userType,
    action: s.action,
    benefit: s.benefit,
    quote: s.evidence[0]?.quote ?? null,
    assumption: s.assumption,
    evidence: s.evidence,
    priority: s.priority,
  };
}

const storyKey = (s: { userType: string; action: string }) => `${key(s.userType)}|${key(s.action)}`;

/** The stored tree as tree input (row ids dropped, everything else kept as the owner left it). */
export function storedAsInput(epics: StoredEpic[]): TreeInput {
  return {
    epics: epics.map((epic) => ({
      name: epic.name,
      description: epic.description,
      features: epic.features.map((feature) => ({
        name: feature.name,
        description: feature.description,
        acceptanceCriteria: feature.acceptanceCriteria.map((c) => ({ ...c })),
        stories: feature.stories.map(({ id: _id, ...story }: StoredStory) => ({ ...story })),
      })),
    })),
  };
}

const quoteKey = (e: EvidenceRef) => `${e.interviewId}|${e.turn}|${key(e.quote)}`;
const sharesEvidence = (a: EvidenceRef[] | undefined, b: EvidenceRef[]) => {
  const keys = new Set(b.map(quoteKey));
  return (a ?? []).some((e) => keys.has(quoteKey(e)));
};

/**
 * Merges a generated tree into the stored one (an empty stored tree takes the generated one whole).
 * A generated item matches a stored one by name or text, or by sharing a quote with it, so an item
 * the owner renamed or reworded is kept as they wrote it and not added again.
 */
export function mergeGenerated(stored: StoredEpic[], generated: EvidenceTree): TreeInput {
  const tree = storedAsInput(stored);
  const allFeatures = () => tree.epics.flatMap((e) => e.features);
  const featureEvidence = (f: TreeFeature) => [
    ...f.stories.flatMap((s) => s.evidence ?? []),
    ...f.acceptanceCriteria.flatMap((c) => c.evidence ?? []),
  ];
  for (const genEpic of generated.epics) {
    let epic = tree.epics.find((e) => key(e.name) === key(genEpic.name));
    for (const genFeature of genEpic.features) {
      const genEvidence = [
        ...genFeature.stories.flatMap((s) => s.evidence),
        ...genFeature.acceptanceCriteria.flatMap((c) => c.evidence),
      ];
      let feature =
        allFeatures().find((f) => key(f.name) === key(genFeature.name)) ??
        allFeatures().find((f) => sharesEvidence(featureEvidence(f), genEvidence));
      if (!feature) {
        if (!epic) {
          epic = { name: genEpic.name, description: genEpic.description, features: [] };
          tree.epics.push(epic);
        }
        feature = {
          name: genFeature.name,
          description: genFeature.description,
          acceptanceCriteria: [],
          stories: [],
        };
        epic.features.push(feature);
      }
      for (const genCriterion of genFeature.acceptanceCriteria) {
        const same =
          feature.acceptanceCriteria.find((c) => key(c.text) === key(genCriterion.text)) ??
          feature.acceptanceCriteria.find((c) => sharesEvidence(c.evidence, genCriterion.evidence));
        if (!same) feature.acceptanceCriteria.push(criterionOf(genCriterion));
        else if (!same.evidence?.length) same.evidence = genCriterion.evidence;
      }
      for (const genStory of genFeature.stories) {
        const same =
          feature.stories.find((s) => storyKey(s) === storyKey(genStory)) ??
          feature.stories.find((s) => sharesEvidence(s.evidence, genStory.evidence));
        if (!same) feature.stories.push(storyOf(genStory));
        else {
          if (!same.evidence?.length) same.evidence = genStory.evidence;
          same.priority ??= genStory.priority;
        }
      }
    }
  }
  return tree;
}

/** The tree as the job and the JSON export answer it: every criterion and story with its evidence. */
export function asEvidenceTree(tree: TreeInput): EvidenceTree {
  return {
    epics: tree.epics.map((epic) => ({
      name: epic.name,
      description: epic.description,
      features: epic.features.map((feature) => ({
        name: feature.name,
        description: feature.description,
        acceptanceCriteria: feature.acceptanceCriteria.map((c) => ({
          text: c.text,
          evidence: c.evidence ?? [],
        })),
        stories: feature.stories.map((s) => ({
          userType: s.userType,
          action: s.action,
          benefit: s.benefit,
          assumption: s.assumption,
          priority: s.priority ?? "medium",
          evidence: s.evidence ?? [],
        })),
      })),
    })),
  };
}

/** The documented markdown of a tree (one quote per item). */
export function treeMarkdown(tree: TreeInput): string {
  return renderRequirements({
    epics: tree.epics.map((epic) => ({
      name: epic.name,
      description: epic.description,
      features: epic.features.map((feature) => ({
        name: feature.name,
        description: feature.description,
        acceptanceCriteria: feature.acceptanceCriteria.map(({ text, quote, assumption }) => ({
          text,
          quote,
          assumption,
        })),
        stories: feature.stories.map(({ userType, action, benefit, quote, assumption }) => ({
          userType,
          action,
          benefit,
          quote,
          assumption,
        })),
      })),
    })),
  });
}
