/** A personal detail the participant mentioned (issue 26), as the interview page and its marks read it. */
export interface PersonalDetail {
  kind: string;
  /** As written in the conversation. */
  text: string;
  /** The placeholder documents and the AI service get instead, once it has gone to either. */
  placeholder: string | null;
}

const KIND_LABELS: Record<string, string> = {
  PERSON: "name",
  EMAIL: "email",
  PHONE: "phone number",
  CARD: "card number",
  IBAN: "IBAN",
  ID: "ID number",
  ADDRESS: "address",
};

/** A detail's kind as people say it ("EMAIL" → "email"). */
export const detailKindLabel = (kind: string) => KIND_LABELS[kind] ?? kind.toLowerCase();

/**
 * What a mark on a personal detail tells the owner: its kind and how documents write it, by the
 * project's choice (placeholders, or the details themselves).
 */
export function detailTitle(detail: PersonalDetail, showPersonalDetails: boolean): string {
  const kind = `Personal detail: ${detailKindLabel(detail.kind)}`;
  if (showPersonalDetails)
    return `${kind}; shown as written in documents (the AI service gets ${detail.placeholder ?? "a placeholder"})`;
  return detail.placeholder
    ? `${kind}; written ${detail.placeholder} in documents`
    : `${kind}; replaced by a placeholder in documents and before it reaches the AI service`;
}

/** A run of text, with the personal detail it is when it is one. */
export interface Segment {
  text: string;
  detail?: PersonalDetail;
}

const WORD = /[\p{L}\p{N}_]/u;

/** Whether text[start, end) stands alone: not the middle of a longer word ("Maria" in "Mariana"). */
function standsAlone(text: string, start: number, end: number): boolean {
  const first = text[start] ?? "";
  const last = text[end - 1] ?? "";
  const before = text[start - 1] ?? "";
  const after = text[end] ?? "";
  return !(WORD.test(first) && WORD.test(before)) && !(WORD.test(last) && WORD.test(after));
}

/**
 * The text cut into plain runs and personal details, each detail wherever it occurs (in any case).
 * Longer details win where two overlap, so "John Miller" is one mark, not "John" and "Miller".
 */
export function markDetails(text: string, details: readonly PersonalDetail[]): Segment[] {
  const found: Array<{ start: number; end: number; detail: PersonalDetail }> = [];
  // Case-insensitive where lower-casing keeps every index (it does, but for a few letters like "İ").
  const folds = text.toLowerCase().length === text.length;
  const haystack = folds ? text.toLowerCase() : text;
  const longestFirst = [...details]
    .filter((d) => d.text.trim())
    .sort((a, b) => b.text.length - a.text.length);
  for (const detail of longestFirst) {
    const needle = folds ? detail.text.toLowerCase() : detail.text;
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      const end = at + needle.length;
      if (!standsAlone(text, at, end)) continue;
      if (found.some((f) => f.start < end && at < f.end)) continue;
      found.push({ start: at, end, detail });
    }
  }
  found.sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let cursor = 0;
  for (const { start, end, detail } of found) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start) });
    segments.push({ text: text.slice(start, end), detail });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor) });
  return segments;
}
