/** Noun phrases as the writer reads them: the phrase without its determiners, the role it names, a name for it. */
import { capitalise, singular } from "../text/grammar";
import type { Token } from "../text/nlp";
import { isPersonNoun } from "./people";

export const text = (tokens: Token[]) =>
  tokens
    .map(
      (t, i) => (i > 0 && t.start !== tokens[i - 1]!.end && !/^[,.;:!?]$/.test(t.text) ? " " : "") + t.text,
    )
    .join("")
    .trim();

export const words = (tokens: Token[]) => tokens.map((t) => t.text).join(" ");

/**
 * The tagger reads some plural nouns after a modifier as verbs ("low-stock alerts"): inside a noun
 * phrase, a verb in -s right after a noun or adjective, with nothing it could act on, is a noun.
 */
export function nounReading(tokens: Token[]): Token[] {
  return tokens.map((t, i) => {
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    const inPhrase = prev && (prev.pos === "NOUN" || prev.pos === "ADJ" || prev.pos === "PROPN");
    const actsOnNothing = !next || !["DET", "PRON", "PROPN", "NOUN", "ADJ", "NUM"].includes(next.pos);
    return t.pos === "VERB" && /s$/.test(t.normal) && !/ss$/.test(t.normal) && inPhrase && actsOnNothing
      ? { ...t, pos: "NOUN" as const, lemma: singular(t.normal) }
      : t;
  });
}

/** The noun phrase in `tokens` without determiners or possessives, or null. */
export function bareNounPhrase(said: Token[]): Token[] {
  // A determiner after a noun starts another phrase: "SMS reminders a day before" is "SMS reminders".
  const read = nounReading(said);
  const next = read.findIndex(
    (t, i) =>
      i > 0 &&
      (t.pos === "DET" || t.pos === "NUM") &&
      read.slice(0, i).some((x) => x.pos === "NOUN" || x.pos === "PROPN"),
  );
  const tokens = next > 0 ? read.slice(0, next) : read;
  const kept = tokens.filter(
    (t) =>
      t.pos === "NOUN" ||
      t.pos === "PROPN" ||
      t.pos === "ADJ" ||
      t.text === "-" ||
      (t.pos === "VERB" && /(?:ing|ed)$/.test(t.normal)),
  );
  // The head is a noun or an -ing noun ("online booking"); a past participle after it starts a
  // phrase of its own ("staff based on …", "employees scheduled for …").
  while (
    kept.length &&
    kept.at(-1)!.pos !== "NOUN" &&
    kept.at(-1)!.pos !== "PROPN" &&
    !(kept.at(-1)!.pos === "VERB" && kept.at(-1)!.normal.endsWith("ing"))
  )
    kept.pop();
  return kept;
}

/** A role from a subject or actor when it names people: "Customers" → "customer". */
export function roleOf(tokens: Token[]): string | null {
  const phrase = bareNounPhrase(tokens);
  const head = phrase.at(-1);
  if (!head || !isPersonNoun(head)) return null;
  return singular(words(phrase).toLowerCase().replace(/ - /g, "-"));
}

export const isThingSubject = (tokens: Token[]) => {
  const phrase = bareNounPhrase(tokens);
  const head = phrase.at(-1);
  return (
    Boolean(head) &&
    !isPersonNoun(head!) &&
    !tokens.some((t) => t.pos === "PRON" && /^(?:i|we|you|they)$/.test(t.normal))
  );
};

/** Lower case, but acronyms keep their capitals ("SMS reminders"). */
export const lower = (said: string) =>
  said.replace(/[\p{L}\p{N}'-]+/gu, (w) => (/^[A-Z]{2,}s?$/.test(w) ? w : w.toLowerCase()));

export const singularPhrase = (tokens: Token[]) => singular(lower(text(tokens)));

export const topicOf = (tokens: Token[]) => lower(text(bareNounPhrase(tokens)));

/** At most five words: the head and the words nearest it. */
export function shorten(name: string): string {
  const words = name.split(/\s+/);
  return capitalise(words.length <= 5 ? name : words.slice(-5).join(" "));
}
