/**
 * Coordinated actions cut into one action each: "book rooms, rent equipment and sign up for classes"
 * is three; "handle receipts, expenses and wages" is one verb over three objects.
 */
import { infinitive, isVerb } from "../text/grammar";
import type { Token } from "../text/nlp";
import { bareNounPhrase } from "./noun-phrases";

/**
 * Conjuncts of a coordinated action: "book rooms, rent equipment and sign up for classes" is three
 * actions; "handle receipts, expenses and wages" is one verb over three objects.
 */
export function splitActions(action: Token[]): Token[][] {
  const parts: Token[][] = [[]];
  action.forEach((t, i) => {
    const next = action[i + 1];
    const prev = action[i - 1];
    const joins =
      t.text === "," ||
      t.text === "/" ||
      t.text === "&" ||
      (t.pos === "CCONJ" && (t.normal === "and" || t.normal === "or"));
    // "fast and reliable": adjectives joined to adjectives stay together; phrases headed by a verb or noun split.
    const adjectives = next?.pos === "ADJ" && prev?.pos === "ADJ";
    if (joins && next && !adjectives && next.pos !== "ADV" && parts.at(-1)!.length) {
      parts.push([]);
      return;
    }
    if (joins && !parts.at(-1)!.length) return;
    parts.at(-1)!.push(t);
  });
  const conjuncts = parts.filter((p) => p.some((t) => t.pos !== "PUNCT" && t.pos !== "CCONJ"));
  if (conjuncts.length < 2) return [action];
  const first = conjuncts[0]!;
  const startsWithVerb = (p: Token[]) => p[0]!.pos === "VERB" || p[0]!.pos === "AUX";
  // Later conjuncts without a verb are objects of the first one's verb (and its preposition).
  const objectStart = (() => {
    let at = first.length;
    for (let i = first.length - 1; i >= 0; i -= 1) {
      const t = first[i]!;
      if (t.pos === "VERB" || t.pos === "ADP" || t.pos === "AUX") break;
      at = i;
    }
    return at;
  })();
  const prefix = startsWithVerb(first) ? first.slice(0, objectStart) : [];
  // After a verb taking a direct object, a later conjunct of two words or more whose first word can
  // be a verb is an action of its own ("book rooms, rent equipment"); after a preposition it is an object.
  const directObject = prefix.at(-1)?.pos === "VERB";
  const verbFirst = (p: Token[]) =>
    startsWithVerb(p) ||
    (p !== first &&
      p.length >= 2 &&
      p[0]!.pos !== "DET" &&
      (directObject || p[1]!.pos === "PRON" || p[1]!.pos === "DET") &&
      isVerb(p[0]!.normal));
  const out = conjuncts.map((part, i) =>
    i === 0 || verbFirst(part) || !prefix.length ? part : [...prefix, ...part],
  );
  // "view and cancel bookings": a bare verb borrows the next conjunct's object.
  const asVerb = (part: Token[]) =>
    verbFirst(part) && !startsWithVerb(part)
      ? [{ ...part[0]!, pos: "VERB" as const, lemma: part[0]!.normal }, ...part.slice(1)]
      : part;
  const verbs = out.map(asVerb);
  return verbs.map((part, i, all) => {
    const next = all[i + 1];
    if (part.length === 1 && startsWithVerb(part) && next && startsWithVerb(next))
      return [...part, ...next.slice(1)];
    // "allocate sufficient staff and schedule it": "it" is the staff.
    const previous = all[i - 1];
    if (part.length === 2 && startsWithVerb(part) && /^(?:it|them)$/.test(part[1]!.normal) && previous) {
      const object = bareNounPhrase(previous.slice(1)).filter((t) => t.pos !== "ADJ");
      const the: Token = {
        ...object[0]!,
        text: "the",
        normal: "the",
        lemma: "the",
        pos: "DET",
        start: -1,
        end: -1,
      };
      if (object.length) return [part[0]!, the, ...object];
    }
    return part;
  });
}

/**
 * Verb phrases of a coordinated action, cut only where a conjunct starts with a verb of its own:
 * "book rooms, rent bikes and sign up for tours" is three; "handle receipts, expenses and wages" and
 * "ensure cover during peak and slow times" stay whole, so no piece is a fragment ("slow times").
 */
/** "keeps", "provides": a verb in the form a relative clause gives it. */
const thirdPerson = (t: Token) => t.normal !== t.lemma && /[^s]s$/.test(t.normal);

export function verbPhrases(said: Token[]): Token[][] {
  const action = [...said];
  const parts: Token[][] = [[]];
  action.forEach((t, i) => {
    const joins = t.text === "," || t.text === ";" || (t.pos === "CCONJ" && /^(?:and|or)$/.test(t.normal));
    let at = i + 1;
    while (action[at] && (action[at]!.pos === "CCONJ" || action[at]!.text === ",")) at += 1;
    while (action[at]?.pos === "ADV") at += 1;
    const next = action[at];
    // A verb in its base form, or in a comma list of actions a word the tagger took for a noun ("view availability").
    const current = parts.at(-1)!;
    const actsDirectly = action[0]?.pos === "VERB" && !current.some((x) => x.pos === "ADP");
    // "…, keeps track of supplies and provides reports": in a relative clause, the first verb's form.
    const verbHere =
      next !== undefined &&
      ((next.normal === infinitive(next.normal) &&
        (next.pos === "VERB" ||
          (t.text === "," && next.pos === "NOUN" && isVerb(next.normal) && actsDirectly))) ||
        (next.pos === "VERB" && action[0]?.pos === "VERB" && thirdPerson(next) && thirdPerson(action[0])));
    const ownVerb =
      verbHere && action.slice(at + 1).some((x) => x.pos === "NOUN" || x.pos === "PROPN" || x.pos === "PRON");
    const hasVerbAndObject =
      current.some((x) => x.pos === "VERB") && current.some((x) => ["NOUN", "PROPN", "PRON"].includes(x.pos));
    if (joins && ownVerb && hasVerbAndObject) {
      parts.push([]);
      // Read as the verb it is: "view" in "…, view availability".
      if (next.pos !== "VERB") action[at] = { ...next, pos: "VERB", lemma: next.normal };
      return;
    }
    if (joins && !current.length) return;
    current.push(t);
  });
  return parts.filter((p) => p.some((t) => t.pos !== "PUNCT" && t.pos !== "CCONJ"));
}
