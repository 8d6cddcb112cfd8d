import { transcriptTurns } from "../evidence/turns";
import { originalQuote } from "../evidence/verify";
import type { RequirementsTree } from "./types";

/**
 * Keeps a quote only when a participant said it: it must stand in a participant's turn of one of
 * the transcripts (up to case, spacing and curly quotes; the interviewer's lines never count), and
 * it is then stored as the participant's own characters. An item whose quote is not found loses it
 * and is marked as an assumption.
 */
export function verifyQuotes(tree: RequirementsTree, sources: string[]): RequirementsTree {
  const said = sources.flatMap((source) =>
    transcriptTurns(source)
      .filter((turn) => turn.speaker === "participant")
      .map((turn) => turn.text),
  );
  const check = <T extends { quote: string | null; assumption: boolean }>(item: T): T => {
    if (item.quote === null) return { ...item, assumption: true };
    // Fenced transcripts show a tag-like `<` as `&lt;` (see fence()); originalQuote reads it back.
    for (const text of said) {
      const quote = originalQuote(item.quote, text);
      if (quote) return { ...item, quote };
    }
    return { ...item, quote: null, assumption: true };
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
