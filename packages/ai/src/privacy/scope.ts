/**
 * Redaction before any model (issue 26). A scope redacts the texts of one piece of work (a turn, a
 * synthesis, a partner reply) with its project's vault: every detail the detector finds, and every
 * detail the vault already holds wherever it is written again, becomes its placeholder, the same
 * one across the project's interviews. A participant gets their own details back in the reply
 * (`revealUsed`): only the details met in this scope's own texts, never another interview's.
 */
import { type DetailKind, type FoundDetail, findDetails } from "./detect";
import {
  byPlaceholder,
  detailKey,
  escapeRegExp,
  type KnownDetail,
  placeholderOf,
  revealStream,
} from "./placeholders";

export interface DetailCandidate {
  kind: DetailKind;
  key: string;
  value: string;
}

/** Where a project's vault is kept (packages/db), or nowhere (`memoryStore`). */
export interface DetailStore {
  /** The vault as it is, and which details each interview mentioned. */
  load(): Promise<{
    details: KnownDetail[];
    mentions: Array<{ interviewId: number; kind: DetailKind; key: string }>;
  }>;
  /** Numbers for these details (a new one takes the next of its kind); mentions kept for `interviewId`. */
  resolve(details: DetailCandidate[], interviewId: number | null): Promise<KnownDetail[]>;
}

/** A vault that lives as long as the scope: work with no project still never sends a detail. */
export function memoryStore(): DetailStore {
  const details: KnownDetail[] = [];
  return {
    load: async () => ({ details: [...details], mentions: [] }),
    resolve: async (wanted) =>
      wanted.map((candidate) => {
        let detail = details.find((d) => d.kind === candidate.kind && d.key === candidate.key);
        if (!detail) {
          const number = details.filter((d) => d.kind === candidate.kind).length + 1;
          detail = { ...candidate, number };
          details.push(detail);
        }
        return detail;
      }),
  };
}

export interface RedactOptions {
  /** The interview the text is from: its mentions are kept (deleting its record forgets them). */
  interviewId?: number | null;
  /** The participant's own name: theirs to say, not redacted. */
  ownName?: string | null;
}

const idOf = (kind: DetailKind, key: string) => `${kind}\n${key}`;

// An interview's history is sent again with every turn, inside a prompt that is new each time: what
// the detector found is kept line by line (no detail spans a line break), so a turn reads only its
// new lines. The last several thousand lines are kept.
const found = new Map<string, FoundDetail[]>();
const FOUND_KEPT = 20_000;
function detailsInLine(line: string): FoundDetail[] {
  const kept = found.get(line);
  if (kept) return kept;
  const details = findDetails(line);
  if (found.size >= FOUND_KEPT) found.delete(found.keys().next().value!);
  found.set(line, details);
  return details;
}
function detailsIn(text: string): FoundDetail[] {
  const out: FoundDetail[] = [];
  let at = 0;
  for (const line of text.split("\n")) {
    if (line.trim()) {
      for (const d of detailsInLine(line)) out.push({ ...d, start: d.start + at, end: d.end + at });
    }
    at += line.length + 1;
  }
  return out;
}

export class PrivacyScope {
  readonly #store: DetailStore;
  #loaded: Promise<void> | undefined;
  readonly #known = new Map<string, KnownDetail>();
  readonly #mentioned = new Set<string>();
  readonly #used = new Map<string, KnownDetail>();
  #knownPattern: RegExp | null = null;

  constructor(store: DetailStore = memoryStore()) {
    this.#store = store;
  }

  /** Reads the vault (once per scope): redacting waits for it; it may be started earlier. */
  load(): Promise<void> {
    return this.#load();
  }

  #load(): Promise<void> {
    this.#loaded ??= this.#store.load().then(({ details, mentions }) => {
      for (const detail of details) this.#remember(detail);
      for (const m of mentions) this.#mentioned.add(`${m.interviewId}\n${idOf(m.kind, m.key)}`);
    });
    return this.#loaded;
  }

  #remember(detail: KnownDetail) {
    const id = idOf(detail.kind, detail.key);
    if (this.#known.get(id)?.number === detail.number) return;
    this.#known.set(id, detail);
    this.#knownPattern = null;
  }

  /** Every value the vault holds, written anywhere (longest first, whole words only). */
  #knownValues(): RegExp | null {
    if (this.#knownPattern || !this.#known.size) return this.#knownPattern;
    const values = [...new Set([...this.#known.values()].map((d) => d.value.trim()))]
      .filter((value) => value.length >= 3)
      .sort((a, b) => b.length - a.length);
    if (!values.length) return null;
    this.#knownPattern = new RegExp(
      `(?<![\\p{L}\\p{N}@.])(?:${values.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}]|@|\\.[\\p{L}\\p{N}])`,
      "giu",
    );
    return this.#knownPattern;
  }

  /**
   * A lone first or last name ("Miller", "Mr Miller") is the one person of the vault whose name holds
   * that word, when exactly one does; otherwise it is a person of its own.
   */
  #personKey(key: string): string {
    if (key.includes(" ") || this.#known.has(idOf("PERSON", key))) return key;
    const holders = [...this.#known.values()].filter(
      (d) => d.kind === "PERSON" && d.key.split(" ").includes(key),
    );
    return holders.length === 1 ? holders[0]!.key : key;
  }

  /** The details in a text: found by the detector, and the vault's values written again. */
  #spans(text: string, ownName: string | null | undefined): Array<FoundDetail & { key: string }> {
    const own = ownName ? new Set(detailKey("PERSON", ownName).split(" ")) : null;
    const spans = detailsIn(text)
      .map((d) => ({
        ...d,
        key: d.kind === "PERSON" ? this.#personKey(detailKey(d.kind, d.text)) : detailKey(d.kind, d.text),
      }))
      .filter((d) => d.key && !(d.kind === "PERSON" && own && d.key.split(" ").every((w) => own.has(w))));
    const pattern = this.#knownValues();
    if (pattern) {
      const byValue = new Map([...this.#known.values()].map((d) => [d.value.trim().toLowerCase(), d]));
      for (const match of text.matchAll(pattern)) {
        const start = match.index;
        const end = start + match[0].length;
        if (spans.some((d) => d.start < end && start < d.end)) continue;
        const detail = byValue.get(match[0].toLowerCase());
        if (detail) spans.push({ kind: detail.kind, start, end, text: match[0], key: detail.key });
      }
    }
    return spans.sort((a, b) => a.start - b.start);
  }

  /** One text with its personal details replaced by their placeholders. */
  async redact(text: string, options: RedactOptions = {}): Promise<string> {
    return (await this.redactAll([text], options))[0]!;
  }

  /** Several texts of one source, redacted with one trip to the vault. */
  async redactAll(texts: readonly string[], options: RedactOptions = {}): Promise<string[]> {
    await this.#load();
    const spans = texts.map((text) => (text ? this.#spans(text, options.ownName) : []));
    const interview = options.interviewId ?? null;
    const wanted = new Map<string, DetailCandidate>();
    for (const span of spans.flat()) {
      const id = idOf(span.kind, span.key);
      const known = this.#known.has(id);
      const mentioned = interview === null || this.#mentioned.has(`${interview}\n${id}`);
      if ((!known || !mentioned) && !wanted.has(id))
        wanted.set(id, { kind: span.kind, key: span.key, value: span.text.trim() });
    }
    if (wanted.size) {
      for (const detail of await this.#store.resolve([...wanted.values()], interview)) {
        this.#remember(detail);
        if (interview !== null) this.#mentioned.add(`${interview}\n${idOf(detail.kind, detail.key)}`);
      }
    }
    return texts.map((text, i) => {
      let out = text;
      for (const span of [...spans[i]!].reverse()) {
        const detail = this.#known.get(idOf(span.kind, span.key));
        if (!detail) continue;
        this.#used.set(placeholderOf(detail), detail);
        out = out.slice(0, span.start) + placeholderOf(detail) + out.slice(span.end);
      }
      return out;
    });
  }

  /** The details this scope's texts held, by placeholder: what their writer may see again. */
  get used(): Map<string, KnownDetail> {
    return new Map(this.#used);
  }

  /** A reply streamed back to the participant, with the details of their own words put back. */
  revealUsed(stream: AsyncIterable<string>): AsyncGenerator<string> {
    return revealStream(stream, this.#used);
  }

  /** The whole vault by placeholder (for documents the owner chose to see with the details). */
  async vault(): Promise<Map<string, KnownDetail>> {
    await this.#load();
    return byPlaceholder(this.#known.values());
  }
}
