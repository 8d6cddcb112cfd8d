/**
 * Inflection the analyser does not do: the -ing form of a verb and the plural of a noun, from
 * compromise's conjugator (wink-nlp reads words; compromise writes them; see docs/decisions.md).
 */
import nlp from "compromise";

const gerunds = new Map<string, string>();

/** "book" → "booking", "choose" → "choosing", "set up" → "setting up". */
export function gerund(verb: string): string {
  const base = verb.trim().toLowerCase();
  let form = gerunds.get(base);
  if (form === undefined) {
    const doc = nlp(base);
    doc.tag("Infinitive");
    const conjugated = (doc.verbs().conjugate()[0] as { Gerund?: string } | undefined)?.Gerund;
    const [head = base, ...rest] = base.split(/\s+/);
    // Words the conjugator does not know as verbs ("sync") take the regular ending.
    const regular = `${/[^aeiouy]e$/.test(head) && head.length > 2 ? head.slice(0, -1) : head}ing`;
    form = conjugated && conjugated !== base ? conjugated : [regular, ...rest].join(" ");
    gerunds.set(base, form);
  }
  return form;
}

interface Conjugation {
  PastTense?: string;
  PresentTense?: string;
  Participle?: string;
}

const conjugations = new Map<string, Conjugation>();

function conjugate(verb: string): Conjugation {
  const base = verb.trim().toLowerCase();
  let forms = conjugations.get(base);
  if (forms === undefined) {
    const doc = nlp(base);
    doc.tag("Infinitive");
    forms = (doc.verbs().conjugate()[0] as Conjugation | undefined) ?? {};
    conjugations.set(base, forms);
  }
  return forms;
}

/** "get" → "gets", "try" → "tries", "get by" → "gets by": the form after "he", "she" or "it". */
export function thirdPersonPresent(verb: string): string {
  const form = conjugate(verb).PresentTense;
  if (form && form !== verb) return form;
  const [head = verb, ...rest] = verb.trim().split(/\s+/);
  return [/(?:s|sh|ch|x|z|o)$/.test(head) ? `${head}es` : `${head}s`, ...rest].join(" ");
}

/** "get" → "got", "manage" → "managed": the simple past. */
export function pastTense(verb: string): string {
  const form = conjugate(verb).PastTense;
  if (form && form !== verb) return form;
  const [head = verb, ...rest] = verb.trim().split(/\s+/);
  return [/e$/.test(head) ? `${head}d` : `${head}ed`, ...rest].join(" ");
}

/** "show" → "shown", "provide" → "provided": the form after "have" or in a passive. */
export function pastParticiple(verb: string): string {
  const form = conjugate(verb).Participle;
  return form && form !== verb ? form : pastTense(verb);
}

/** "hairdresser" → "hairdressers", "supply" → "supplies"; uncountable nouns stay. */
const plurals = new Map<string, string>();
const singulars = new Map<string, string>();

export function plural(noun: string): string {
  const kept = plurals.get(noun);
  if (kept !== undefined) return kept;
  const form = pluralOf(noun);
  plurals.set(noun, form);
  return form;
}

function pluralOf(noun: string): string {
  const words = noun.trim().split(/\s+/);
  const head = words.at(-1) ?? "";
  const doc = nlp(head);
  doc.tag("Singular");
  const form = doc.nouns().toPlural().text() || head;
  return [...words.slice(0, -1), form].join(" ");
}

/** "waitlists" → "waitlist", for words the lemmatizer does not know. */
export function singularNoun(noun: string): string {
  let form = singulars.get(noun);
  if (form === undefined) {
    const doc = nlp(noun);
    doc.tag("Plural");
    form = doc.nouns().toSingular().text() || noun;
    singulars.set(noun, form);
  }
  return form;
}
