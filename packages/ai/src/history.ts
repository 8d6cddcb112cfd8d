/** What of the sent history reaches the model (issue 12): the newest messages, within both caps. */
export const HISTORY_CAP = { messages: 40, chars: 32_000 };
/** Notes and image descriptions the participant's browser sends, as far as the model reads them. */
export const CONTEXT_CAP = 8000;

/**
 * The tail of the history that fits: at most 40 messages and 32,000 characters, newest first kept.
 * A participant's browser may send anything; whatever it sends, the model (and the owner's bill)
 * sees at most this much.
 */
export function capHistory<T extends { content: string }>(messages: T[]): T[] {
  const kept: T[] = [];
  let chars = 0;
  for (let i = messages.length - 1; i >= 0 && kept.length < HISTORY_CAP.messages; i--) {
    const message = messages[i]!;
    chars += message.content.length;
    if (chars > HISTORY_CAP.chars) break;
    kept.push(message);
  }
  return kept.reverse();
}
