/** Topic words of an item, weighed across the project, for themes and conflicts. */
import type { ExtractedItem } from "./types";
import { contentWords, words } from "./words";

// Words that say who or where, not what: sharing them does not make two statements one topic.
const GENERIC = new Set(
  "user customer client patient staff team company business app application system product tool software platform work job office process place part side whole problem issue way moment person member guy thing everybody anybody somebody hour minute second day week month year change start end first last next new old good bad easy hard big small long short".split(
    " ",
  ),
);

/** Distinct topic words of an item, from its quote. */
export function topicWords(item: Pick<ExtractedItem, "quote">): string[] {
  let cached = cache.get(item);
  if (!cached) {
    cached = [...new Set(contentWords(item.quote))].filter((w) => !GENERIC.has(w) && w.length > 2);
    cache.set(item, cached);
  }
  return cached;
}

const cache = new WeakMap<object, string[]>();

export class TopicIndex {
  readonly #interviewsByWord = new Map<string, Set<number>>();
  readonly #itemsByWord = new Map<string, number>();
  readonly #total: number;

  constructor(items: ExtractedItem[]) {
    this.#total = Math.max(1, items.length);
    for (const item of items) {
      for (const word of topicWords(item)) {
        const set = this.#interviewsByWord.get(word) ?? new Set<number>();
        set.add(item.interviewId);
        this.#interviewsByWord.set(word, set);
        this.#itemsByWord.set(word, (this.#itemsByWord.get(word) ?? 0) + 1);
      }
    }
  }

  interviews(word: string): number {
    return this.#interviewsByWord.get(word)?.size ?? 0;
  }

  /** How telling a word is: words in many items weigh less. */
  weight(word: string): number {
    return Math.log((1 + this.#total) / (1 + (this.#itemsByWord.get(word) ?? 0)));
  }

  words(): string[] {
    return [...this.#interviewsByWord.keys()];
  }
}

/** The surface form people used most for a stemmed word, with its most common neighbour if telling. */
export function topicTitle(word: string, quotes: string[]): string {
  const forms = new Map<string, number>();
  const pairs = new Map<string, number>();
  for (const quote of quotes) {
    const ws = words(quote);
    ws.forEach((w, i) => {
      if (contentWords(w)[0] !== word) return;
      forms.set(w, (forms.get(w) ?? 0) + 1);
      const before = ws[i - 1];
      if (before && contentWords(before).length && !GENERIC.has(contentWords(before)[0]!))
        pairs.set(`${before} ${w}`, (pairs.get(`${before} ${w}`) ?? 0) + 1);
      const after = ws[i + 1];
      if (after && contentWords(after).length && !GENERIC.has(contentWords(after)[0]!))
        pairs.set(`${w} ${after}`, (pairs.get(`${w} ${after}`) ?? 0) + 1);
    });
  }
  const top = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1])[0];
  const pair = top(pairs);
  const form = top(forms)?.[0] ?? word;
  const title = pair && pair[1] >= 2 ? pair[0] : form;
  return title[0]!.toUpperCase() + title.slice(1);
}
