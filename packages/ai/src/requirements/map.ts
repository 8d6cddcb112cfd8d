/** Any Epic > Feature tree, whatever its criteria and stories carry (ids, quotes, evidence). */
export interface TreeOf<Criterion, Story> {
  epics: Array<{
    name: string;
    description: string;
    features: Array<{
      name: string;
      description: string;
      acceptanceCriteria: Criterion[];
      stories: Story[];
    }>;
  }>;
}

/** The same tree, names and descriptions kept, each criterion and story mapped (and copied). */
export function mapTree<C, S, C2, S2>(
  tree: TreeOf<C, S>,
  criterion: (c: C) => C2,
  story: (s: S) => S2,
): TreeOf<C2, S2> {
  return {
    epics: tree.epics.map((epic) => ({
      name: epic.name,
      description: epic.description,
      features: epic.features.map((feature) => ({
        name: feature.name,
        description: feature.description,
        acceptanceCriteria: feature.acceptanceCriteria.map(criterion),
        stories: feature.stories.map(story),
      })),
    })),
  };
}
