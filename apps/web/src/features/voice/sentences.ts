import { endsSentence } from "@parley/ai/sentenceEnd";

/**
 * Cuts a reply that is still streaming into sentences, so each can be spoken while later ones are
 * being written. A sentence ends at . ! ? or … followed by a space (closing quotes and brackets
 * stay with it), not after a title or an initial ("Dr. ", "J. "), or at a line break. The first
 * sentence goes as soon as it is whole, however short ("Got it."): nothing after it is waited for
 * (issue 34). A later very short piece ("Okay.") waits for the next one, so speech is not fetched
 * in tiny slices.
 */
const SENTENCE_END = /[.!?…]+["'”’)\]]*\s+|\n+/g;
const MIN_SENTENCE_CHARS = 12;

export class SentenceSplitter {
  #buffer = "";
  #handedOn = 0;

  /** Adds streamed text; answers the sentences it completed, as raw slices of the reply. */
  push(chunk: string): string[] {
    this.#buffer += chunk;
    const sentences: string[] = [];
    let start = 0;
    SENTENCE_END.lastIndex = 0;
    for (let match = SENTENCE_END.exec(this.#buffer); match; match = SENTENCE_END.exec(this.#buffer)) {
      const end = match.index + match[0].length;
      const line = match[0].includes("\n");
      // Nothing may follow yet: "3." then "5" is a number, not the end of a sentence.
      if (end >= this.#buffer.length && !line && !/\s$/.test(match[0])) break;
      const sentence = this.#buffer.slice(start, end);
      if (!line && !endsSentence(sentence)) continue;
      if (this.#handedOn > 0 && sentence.trim().length < MIN_SENTENCE_CHARS) continue;
      if (!sentence.trim()) continue;
      sentences.push(sentence);
      this.#handedOn += 1;
      start = end;
    }
    this.#buffer = this.#buffer.slice(start);
    return sentences;
  }

  /** The end of the reply: whatever is left is the last sentence. */
  flush(): string[] {
    const rest = this.#buffer;
    this.#buffer = "";
    return rest.trim() ? [rest] : [];
  }
}
