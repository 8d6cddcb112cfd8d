/**
 * Whether the participant's text can be sent (spec 2 §5): not when it is empty or only whitespace,
 * nor while loading, which includes any reply (the welcome too) still streaming in. Enter and the
 * Send button both ask this.
 */
export function canSend(draft: string, loading: boolean): boolean {
  return !loading && draft.trim().length > 0;
}
