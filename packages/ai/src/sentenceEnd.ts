/**
 * Where a sentence ends, shared by the server's release of the interviewer's words (interview/check.ts)
 * and the browser's speech of them (the web's SentenceSplitter): no model or language library, so
 * the browser can load it.
 */

/**
 * Text that ends a sentence: a full stop, question or exclamation mark (a closing quote or bracket
 * after it), not after a title or an initial ("Dr.", "J."), which wait for what comes next. A
 * number's full stop ends it too; if "3." goes on as "3.5", the release joins them again.
 */
export function endsSentence(text: string): boolean {
  const end = text.trimEnd();
  if (!/[.?!…]["'”’)\]]*$/u.test(end)) return false;
  if (/[?!…]["'”’)\]]*$/u.test(end)) return true;
  return !/(?:^|[\s(])(?:\p{Lu}|Dr|Mr|Mrs|Ms|Mx|St|Prof|Sr|Jr|No|vs|etc|e\.g|i\.e|approx)\.$/iu.test(end);
}
