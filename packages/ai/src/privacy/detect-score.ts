/**
 * How the detector is scored against labelled sentences, shared by the unit test that guards the
 * targets and by bench/redaction.ts that prints them. A find is right when its kind and its text
 * are a label's (each label is matched once). Anything else is strict: a find that only overlaps a
 * label ("John" for "John Miller", or the right text under the wrong kind) counts as a false alarm
 * and the label as a miss; such pairs are also counted apart as partial overlaps.
 */
import type { DetailKind, FoundDetail } from "./detect";
import { DETAIL_KINDS } from "./placeholders";

export { DETAIL_KINDS };
export const PATTERNED_KINDS: readonly DetailKind[] = ["EMAIL", "PHONE", "CARD", "IBAN", "ID", "ADDRESS"];

export interface Labelled {
  text: string;
  details: ReadonlyArray<{ kind: DetailKind; text: string }>;
}

export interface Outcome {
  sentence: string;
  kind: DetailKind;
  text: string;
  /** For a miss, what was found over it instead; for a false alarm, the label it overlaps. */
  overlapping?: string;
}

export interface Counts {
  right: number;
  found: number;
  labelled: number;
}

export interface Score {
  byKind: Record<DetailKind, Counts>;
  misses: Outcome[];
  falseAlarms: Outcome[];
  partialOverlaps: number;
}

const zero = (): Counts => ({ right: 0, found: 0, labelled: 0 });

export function scoreDetails(set: readonly Labelled[], find: (text: string) => FoundDetail[]): Score {
  const byKind = Object.fromEntries(DETAIL_KINDS.map((k) => [k, zero()])) as Record<DetailKind, Counts>;
  const misses: Outcome[] = [];
  const falseAlarms: Outcome[] = [];
  let partialOverlaps = 0;
  for (const sentence of set) {
    const found = find(sentence.text);
    // Labels are in order: place each at its first occurrence after the previous one.
    let from = 0;
    const labels = sentence.details.map((d) => {
      const start = sentence.text.indexOf(d.text, from);
      from = start + d.text.length;
      return { ...d, start, end: start + d.text.length, matched: false };
    });
    const unmatched: FoundDetail[] = [];
    for (const f of found) {
      byKind[f.kind].found += 1;
      const label = labels.find((l) => !l.matched && l.kind === f.kind && l.text === f.text);
      if (label) {
        label.matched = true;
        byKind[f.kind].right += 1;
      } else unmatched.push(f);
    }
    const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
      a.start < b.end && b.start < a.end;
    for (const l of labels) {
      byKind[l.kind].labelled += 1;
      if (l.matched) continue;
      const over = unmatched.find((f) => overlaps(f, l));
      if (over) partialOverlaps += 1;
      misses.push({
        sentence: sentence.text,
        kind: l.kind,
        text: l.text,
        overlapping: over && `${over.kind} "${over.text}"`,
      });
    }
    for (const f of unmatched) {
      const over = labels.find((l) => !l.matched && overlaps(f, l));
      falseAlarms.push({
        sentence: sentence.text,
        kind: f.kind,
        text: f.text,
        overlapping: over && `${over.kind} "${over.text}"`,
      });
    }
  }
  return { byKind, misses, falseAlarms, partialOverlaps };
}

const sum = (score: Score, kinds: readonly DetailKind[]): Counts =>
  kinds.reduce(
    (total, k) => ({
      right: total.right + score.byKind[k].right,
      found: total.found + score.byKind[k].found,
      labelled: total.labelled + score.byKind[k].labelled,
    }),
    zero(),
  );

export const precision = (c: Counts) => (c.found ? c.right / c.found : 1);
export const recall = (c: Counts) => (c.labelled ? c.right / c.labelled : 1);

/** The figures the targets are set on. */
export function summary(score: Score) {
  const patterned = sum(score, PATTERNED_KINDS);
  const overall = sum(score, DETAIL_KINDS);
  return {
    patternedRecall: recall(patterned),
    personRecall: recall(score.byKind.PERSON),
    overallPrecision: precision(overall),
    overallRecall: recall(overall),
    patterned,
    overall,
  };
}
