/** Evidence checks: a quote counts only where the participant said it, in their own turns. */
import { stripQuoteMarks } from "./text";
import type { Turn } from "./turns";
import type { Evidence, ExtractedItem } from "./types";

function foldChar(ch: string): string {
  if (/[‘’‛′`]/.test(ch)) return "'";
  if (/[“”„‟″]/.test(ch)) return '"';
  if (/[‐‑‒–—]/.test(ch)) return "-";
  const lower = ch.toLowerCase();
  return lower.length === 1 ? lower : ch;
}

/** Folded text (case, quotes, dashes, runs of space) with the original offset of each character. */
// Turns are folded again for every quote checked against them: the last few hundred are kept.
const folds = new Map<string, { folded: string; offsets: number[] }>();

function fold(text: string): { folded: string; offsets: number[] } {
  const kept = folds.get(text);
  if (kept) return kept;
  const made = foldText(text);
  if (folds.size >= 500) folds.delete(folds.keys().next().value!);
  folds.set(text, made);
  return made;
}

function foldText(text: string): { folded: string; offsets: number[] } {
  let folded = "";
  const offsets: number[] = [];
  let space = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      if (!space && folded.length) {
        folded += " ";
        offsets.push(i);
      }
      space = true;
      continue;
    }
    space = false;
    folded += foldChar(ch);
    offsets.push(i);
  }
  return { folded, offsets };
}

/**
 * The participant's own characters for `quote` within `text` (matched up to case, spacing and
 * curly quotes), or null when the text does not hold it.
 */
export function originalQuote(quote: string, text: string): string | null {
  const needle = fold(stripQuoteMarks(quote).replaceAll("&lt;", "<")).folded.trim();
  if (!needle) return null;
  const { folded, offsets } = fold(text);
  const at = folded.indexOf(needle);
  if (at < 0) return null;
  return text.slice(offsets[at]!, offsets[at + needle.length - 1]! + 1);
}

/** Where the participant said it: the given turn if it holds the quote, else their first turn that does. */
export function findEvidence(
  turns: Turn[],
  interviewId: number,
  quote: string,
  turn?: number | null,
): Evidence | null {
  const given = typeof turn === "number" ? turns[turn] : undefined;
  const order = given ? [given, ...turns.filter((t) => t !== given)] : turns;
  for (const candidate of order) {
    if (candidate.speaker !== "participant") continue;
    const exact = originalQuote(quote, candidate.text);
    if (exact) return { interviewId, turn: candidate.index, quote: exact };
  }
  return null;
}

/** Items whose quotes stand in the participant's own turns, with the exact words and turn; others dropped. */
export function verifyItems(items: ExtractedItem[], turns: Turn[]): ExtractedItem[] {
  const out: ExtractedItem[] = [];
  for (const item of items) {
    const evidence = findEvidence(turns, item.interviewId, item.quote, item.turn);
    if (evidence) out.push({ ...item, quote: evidence.quote, turn: evidence.turn });
  }
  return out;
}

/** True when every piece of evidence stands in the named interview's participant turns at its turn. */
export function evidenceHolds(evidence: Evidence, turnsById: Map<number, Turn[]>): boolean {
  const turn = turnsById.get(evidence.interviewId)?.[evidence.turn];
  return turn?.speaker === "participant" && originalQuote(evidence.quote, turn.text) !== null;
}
