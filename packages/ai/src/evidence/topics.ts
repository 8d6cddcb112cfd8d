/** Topic words of an item, weighed across the project, for themes and conflicts. */

import { isContent, type Token, tokensOf } from "../text/nlp";
import { DESIRE_VERBS, LIGHT_VERBS } from "../writer/vocabulary";
import type { ExtractedItem } from "./types";
import { contentWords } from "./words";

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
    // What a statement is about, not how it is put: "want", "need", "have" are the asking, not the topic.
    cached = [...new Set(contentWords(item.quote))].filter(
      (w) => !GENERIC.has(w) && !DESIRE_VERBS.has(w) && !LIGHT_VERBS.has(w) && w.length > 2,
    );
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
  const telling = (t: Token | undefined) => t !== undefined && isContent(t) && !GENERIC.has(t.lemma);
  for (const quote of quotes) {
    const ts = tokensOf(quote).filter((t) => /[\p{L}\p{N}]/u.test(t.text));
    ts.forEach((t, i) => {
      if (!isContent(t) || t.lemma !== word) return;
      const w = t.text.toLowerCase();
      forms.set(w, (forms.get(w) ?? 0) + 1);
      const before = ts[i - 1];
      if (telling(before))
        pairs.set(
          `${before!.text.toLowerCase()} ${w}`,
          (pairs.get(`${before!.text.toLowerCase()} ${w}`) ?? 0) + 1,
        );
      const after = ts[i + 1];
      if (telling(after))
        pairs.set(
          `${w} ${after!.text.toLowerCase()}`,
          (pairs.get(`${w} ${after!.text.toLowerCase()}`) ?? 0) + 1,
        );
    });
  }
  const top = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1])[0];
  const pair = top(pairs);
  const form = top(forms)?.[0] ?? word;
  const title = pair && pair[1] >= 2 ? pair[0] : form;
  return title[0]!.toUpperCase() + title.slice(1);
}
