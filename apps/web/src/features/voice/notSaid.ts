/**
 * A reply whose end was not said, because the participant spoke over the interviewer (barge-in):
 * the transcript keeps every word and marks the part that was not spoken.
 */
export const NOT_SAID_OPEN = " [not said: ";

export function markNotSaid(said: string, notSaid: string): string {
  const spoken = said.trim();
  const rest = notSaid.trim();
  if (!rest) return spoken;
  return `${spoken}${NOT_SAID_OPEN}${rest}]`.trim();
}

/** Splits a saved message back into what was said and what was not (null when all was said). */
export function readNotSaid(content: string): { said: string; notSaid: string | null } {
  const at = content.lastIndexOf(NOT_SAID_OPEN.trim());
  if (at < 0 || !content.endsWith("]")) return { said: content, notSaid: null };
  return {
    said: content.slice(0, at).trim(),
    notSaid: content.slice(at + NOT_SAID_OPEN.trim().length, -1).trim(),
  };
}
