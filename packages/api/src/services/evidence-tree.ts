/**
 * The generated requirements tree against the stored one: a refresh adds what is new and keeps
 * everything the owner wrote or edited (names, texts, order); generated evidence and priority are
 * attached to the rows they match.
 */
import type { EvidenceTree } from "@parley/ai/evidence/types";
import { mapTree } from "@parley/ai/requirements/map";
import { renderRequirements } from "@parley/ai/requirements/markdown";
import type { Dismissal, StoredEpic, StoredStory, TreeInput } from "@parley/db/queries/requirements";
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
  return mapTree(
    { epics },
    (c) => ({ ...c }),
    ({ id: _id, ...story }: StoredStory) => ({ ...story }),
  );
}

const quoteKey = (e: EvidenceRef) => `${e.interviewId}|${e.turn}|${key(e.quote)}`;
const sharesEvidence = (a: EvidenceRef[] | undefined, b: EvidenceRef[]) => {
  const keys = new Set(b.map(quoteKey));
  return (a ?? []).some((e) => keys.has(quoteKey(e)));
};

const featureEvidence = (f: TreeFeature) => [
  ...f.stories.flatMap((s) => s.evidence ?? []),
  ...f.acceptanceCriteria.flatMap((c) => c.evidence ?? []),
];

/**
 * What the owner's change took out of the tree: each epic, feature, story and criterion of `before`
 * that nothing in `after` stands for any more (by name, text, or user type and action, or by a quote
 * it shares). An epic counts only when its name is gone and none of its features is left, so a
 * renamed epic or feature is an edit, not a deletion.
 */
export function removedItems(before: TreeInput, after: TreeInput): Dismissal[] {
  const features = after.epics.flatMap((e) => e.features);
  const stories = features.flatMap((f) => f.stories);
  const criteria = features.flatMap((f) => f.acceptanceCriteria);
  const kept = {
    feature: (f: TreeFeature) =>
      features.some(
        (g) => key(g.name) === key(f.name) || sharesEvidence(featureEvidence(g), featureEvidence(f)),
      ),
    story: (s: TreeStory) =>
      stories.some((g) => storyKey(g) === storyKey(s) || sharesEvidence(g.evidence, s.evidence ?? [])),
    criterion: (c: AcceptanceCriterion) =>
      criteria.some((g) => key(g.text) === key(c.text) || sharesEvidence(g.evidence, c.evidence ?? [])),
  };
  const removed: Dismissal[] = [];
  for (const epic of before.epics) {
    if (!after.epics.some((e) => key(e.name) === key(epic.name)) && !epic.features.some(kept.feature))
      removed.push({ kind: "epic", key: key(epic.name), evidence: epic.features.flatMap(featureEvidence) });
    for (const feature of epic.features) {
      if (!kept.feature(feature))
        removed.push({ kind: "feature", key: key(feature.name), evidence: featureEvidence(feature) });
      for (const story of feature.stories.filter((s) => !kept.story(s)))
        removed.push({ kind: "story", key: storyKey(story), evidence: story.evidence ?? [] });
      for (const criterion of feature.acceptanceCriteria.filter((c) => !kept.criterion(c)))
        removed.push({ kind: "criterion", key: key(criterion.text), evidence: criterion.evidence ?? [] });
    }
  }
  return removed;
}

/** Whether the owner deleted an item like this one (same key, or a quote it rested on). */
function dismissedBy(
  dismissals: Dismissal[],
  kind: Dismissal["kind"],
  itemKey: string,
  evidence: EvidenceRef[],
) {
  return dismissals.some(
    (d) => d.kind === kind && (d.key === itemKey || sharesEvidence(d.evidence, evidence)),
  );
}

/**
 * Merges a generated tree into the stored one (an empty stored tree takes the generated one whole).
 * A generated item matches a stored one by name or text, or by sharing a quote with it, so an item
 * the owner renamed or reworded is kept as they wrote it and not added again; a new item like one
 * the owner deleted (`dismissals`) is left out, so a refresh does not bring deletions back.
 */
export function mergeGenerated(
  stored: StoredEpic[],
  generated: EvidenceTree,
  dismissals: Dismissal[] = [],
): TreeInput {
  const tree = storedAsInput(stored);
  const allFeatures = () => tree.epics.flatMap((e) => e.features);
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
      const isNew = !feature;
      if (!feature) {
        if (dismissedBy(dismissals, "feature", key(genFeature.name), genEvidence)) continue;
        if (!epic && dismissedBy(dismissals, "epic", key(genEpic.name), [])) continue;
        feature = {
          name: genFeature.name,
          description: genFeature.description,
          acceptanceCriteria: [],
          stories: [],
        };
      }
      for (const genCriterion of genFeature.acceptanceCriteria) {
        const same =
          feature.acceptanceCriteria.find((c) => key(c.text) === key(genCriterion.text)) ??
          feature.acceptanceCriteria.find((c) => sharesEvidence(c.evidence, genCriterion.evidence));
        if (same) {
          if (!same.evidence?.length) same.evidence = genCriterion.evidence;
        } else if (!dismissedBy(dismissals, "criterion", key(genCriterion.text), genCriterion.evidence)) {
          feature.acceptanceCriteria.push(criterionOf(genCriterion));
        }
      }
      for (const genStory of genFeature.stories) {
        const same =
          feature.stories.find((s) => storyKey(s) === storyKey(genStory)) ??
          feature.stories.find((s) => sharesEvidence(s.evidence, genStory.evidence));
        if (same) {
          if (!same.evidence?.length) same.evidence = genStory.evidence;
          same.priority ??= genStory.priority;
        } else if (!dismissedBy(dismissals, "story", storyKey(genStory), genStory.evidence)) {
          feature.stories.push(storyOf(genStory));
        }
      }
      // A new feature is added only with something in it (the owner may have deleted all it held).
      if (isNew && (feature.stories.length || feature.acceptanceCriteria.length)) {
        if (!epic) {
          epic = { name: genEpic.name, description: genEpic.description, features: [] };
          tree.epics.push(epic);
        }
        epic.features.push(feature);
      }
    }
  }
  return tree;
}

/** The tree as the job and the JSON export answer it: every criterion and story with its evidence. */
export function asEvidenceTree(tree: TreeInput): EvidenceTree {
  return mapTree(
    tree,
    (c) => ({ text: c.text, evidence: c.evidence ?? [] }),
    (s) => ({
      userType: s.userType,
      action: s.action,
      benefit: s.benefit,
      assumption: s.assumption,
      priority: s.priority ?? "medium",
      evidence: s.evidence ?? [],
    }),
  );
}

/** The documented markdown of a tree (one quote per item; the renderer reads no other field). */
export function treeMarkdown(tree: TreeInput): string {
  return renderRequirements(tree);
}
