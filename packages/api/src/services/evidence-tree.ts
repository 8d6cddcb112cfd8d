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

interface Sameness<T> {
  key: (item: T) => string;
  evidence: (item: T) => EvidenceRef[];
}

/**
 * Pairs items of `left` with items of `right`, one to one: by key first, then what is left by a
 * quote they share. Siblings written from one quote (a list of needs split into stories) each pair
 * with their own row; a rewording pairs with the row it rewords.
 */
function pairUp<L, R>(left: L[], right: R[], l: Sameness<L>, r: Sameness<R>): Map<L, R> {
  const pairs = new Map<L, R>();
  const taken = new Set<R>();
  const pair = (matches: (a: L, b: R) => boolean) => {
    for (const a of left) {
      if (pairs.has(a)) continue;
      const b = right.find((candidate) => !taken.has(candidate) && matches(a, candidate));
      if (b === undefined) continue;
      pairs.set(a, b);
      taken.add(b);
    }
  };
  pair((a, b) => l.key(a) === r.key(b));
  pair((a, b) => sharesEvidence(r.evidence(b), l.evidence(a)));
  return pairs;
}

const features: Sameness<TreeFeature> = { key: (f) => key(f.name), evidence: featureEvidence };
const stories: Sameness<TreeStory> = { key: storyKey, evidence: (s) => s.evidence ?? [] };
const criteria: Sameness<AcceptanceCriterion> = {
  key: (c) => key(c.text),
  evidence: (c) => c.evidence ?? [],
};
type GeneratedFeature = EvidenceTree["epics"][number]["features"][number];
const generatedFeatures: Sameness<GeneratedFeature> = {
  key: (f) => key(f.name),
  evidence: (f) => [
    ...f.stories.flatMap((s) => s.evidence),
    ...f.acceptanceCriteria.flatMap((c) => c.evidence),
  ],
};
const generatedStories: Sameness<GeneratedFeature["stories"][number]> = {
  key: storyKey,
  evidence: (s) => s.evidence,
};
const generatedCriteria: Sameness<GeneratedFeature["acceptanceCriteria"][number]> = {
  key: (c) => key(c.text),
  evidence: (c) => c.evidence,
};

/**
 * What the owner's change took out of the tree: each epic, feature, story and criterion of `before`
 * that nothing in `after` stands for any more (by name, text, or user type and action, or by a quote
 * it shares). An epic counts only when its name is gone and none of its features is left, so a
 * renamed epic or feature is an edit, not a deletion.
 */
export function removedItems(before: TreeInput, after: TreeInput): Dismissal[] {
  const all = (tree: TreeInput) => {
    const list = tree.epics.flatMap((e) => e.features);
    return {
      features: list,
      stories: list.flatMap((f) => f.stories),
      criteria: list.flatMap((f) => f.acceptanceCriteria),
    };
  };
  const was = all(before);
  const is = all(after);
  const pairedFeatures = pairUp(was.features, is.features, features, features);
  const pairedStories = pairUp(was.stories, is.stories, stories, stories);
  const pairedCriteria = pairUp(was.criteria, is.criteria, criteria, criteria);
  const kept = {
    feature: (f: TreeFeature) => pairedFeatures.has(f),
    story: (s: TreeStory) => pairedStories.has(s),
    criterion: (c: AcceptanceCriterion) => pairedCriteria.has(c),
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
  // Generated features pair with the stored ones (by name, else a shared quote), one to one; a
  // generated feature named like one this refresh already added joins it.
  const storedFeatures = tree.epics.flatMap((e) => e.features);
  const pairedFeatures = pairUp(
    generated.epics.flatMap((e) => e.features),
    storedFeatures,
    generatedFeatures,
    features,
  );
  const added: TreeFeature[] = [];
  for (const genEpic of generated.epics) {
    let epic = tree.epics.find((e) => key(e.name) === key(genEpic.name));
    for (const genFeature of genEpic.features) {
      const genEvidence = generatedFeatures.evidence(genFeature);
      let feature = pairedFeatures.get(genFeature) ?? added.find((f) => key(f.name) === key(genFeature.name));
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
      const sameCriteria = pairUp(
        genFeature.acceptanceCriteria,
        [...feature.acceptanceCriteria],
        generatedCriteria,
        criteria,
      );
      const sameStories = pairUp(genFeature.stories, [...feature.stories], generatedStories, stories);
      for (const genCriterion of genFeature.acceptanceCriteria) {
        const same = sameCriteria.get(genCriterion);
        if (same) {
          if (!same.evidence?.length) same.evidence = genCriterion.evidence;
        } else if (!dismissedBy(dismissals, "criterion", key(genCriterion.text), genCriterion.evidence)) {
          feature.acceptanceCriteria.push(criterionOf(genCriterion));
        }
      }
      for (const genStory of genFeature.stories) {
        const same = sameStories.get(genStory);
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
        added.push(feature);
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
