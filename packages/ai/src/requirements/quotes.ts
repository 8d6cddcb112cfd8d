import type { RequirementsTree } from "./types";

const normalise = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Keeps a quote only when it stands verbatim (up to white space) in the sources; an item whose
 * quote is not found loses it and is marked as an assumption.
 */
export function verifyQuotes(tree: RequirementsTree, sources: string[]): RequirementsTree {
  const haystack = normalise(sources.join("\n"));
  const check = <T extends { quote: string | null; assumption: boolean }>(item: T): T => {
    if (item.quote === null) return { ...item, assumption: true };
    // Fenced transcripts show a tag-like `<` as `&lt;` (see fence()); a quote copied from them gets it back.
    const quote = normalise(item.quote.replace(/^["“]|["”]$/g, "").replaceAll("&lt;", "<"));
    return quote && haystack.includes(quote)
      ? { ...item, quote }
      : { ...item, quote: null, assumption: true };
  };
  return {
    epics: tree.epics.map((epic) => ({
      ...epic,
      features: epic.features.map((feature) => ({
        ...feature,
        acceptanceCriteria: feature.acceptanceCriteria.map(check),
        stories: feature.stories.map(check),
      })),
    })),
  };
}
