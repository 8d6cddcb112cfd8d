/**
 * One action per need: a means that coordinates verb phrases ("book rooms, rent equipment and sign
 * up for classes") or the objects of one verb ("track receipts, expenses and wages") is split into
 * one action per conjunct. The writer and the gate use this one function.
 */
import { analyze, type Token } from "../text";
import { canBeNoun } from "../text/lexicon";
import { FIXED_PAIRS } from "./vocabulary";

const FRAME = "I want to ";

/** The means' tokens read in its story frame, with offsets into `action`. */
function meansTokens(action: string): Token[] {
  return analyze(FRAME + action)
    .flatMap((s) => s.tokens)
    .filter((t) => t.start >= FRAME.length)
    .map((t) => ({ ...t, start: t.start - FRAME.length, end: t.end - FRAME.length }));
}

type Kind = "phrase" | "bare-verb" | "noun-phrase" | "other";

/** How a conjunct reads on its own after "I want to": a verb phrase, a lone verb, or a noun phrase. */
function kindOf(conjunct: string): Kind {
  const tokens = meansTokens(conjunct).filter((t) => t.pos !== "ADV");
  const first = tokens[0];
  if (!first) return "other";
  if (first.pos === "VERB" || first.pos === "AUX") {
    // An inflected word cannot follow "to" as a verb: it is a noun the tagger took for one
    // ("wages", "experiences change over time", "safeguards in place").
    if (first.normal !== first.lemma && first.pos === "VERB" && canBeNoun(first.lemma)) return "noun-phrase";
    const rest = tokens.slice(1).filter((t) => t.pos !== "ADP" && t.pos !== "PART");
    return rest.length ? "phrase" : "bare-verb";
  }
  if (["NOUN", "PROPN", "DET", "ADJ", "NUM"].includes(first.pos)) return "noun-phrase";
  if (first.pos === "PRON" && ["NOUN", "ADJ", "PROPN"].includes(tokens[1]?.pos ?? "")) return "noun-phrase";
  return "other";
}

const COORDINATOR = new Set(["and", "or", "&", "/", "and/or"]);

/** Words that open a clause inside the means: wh-words and relative or complement "that". */
const SUBORDINATORS = new Set([
  "how",
  "why",
  "when",
  "where",
  "which",
  "who",
  "whom",
  "whose",
  "whether",
  "what",
  "that",
]);

/** "quickly and easily find": two adverbs of one action. */
const joinsAdverbs = (tokens: Token[], cut: number) =>
  tokens[cut - 1]?.pos === "ADV" && tokens[cut + 1]?.pos === "ADV";

/** Character ranges of fixed pairs ("terms and conditions") in the means, kept whole. */
function fixedRanges(tokens: Token[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const pair of FIXED_PAIRS) {
    const pairLemmas = meansTokens(pair).map((t) => t.lemma);
    const width = pairLemmas.length;
    for (let i = 0; i + width <= tokens.length; i += 1) {
      if (tokens.slice(i, i + width).every((t, k) => t.lemma === pairLemmas[k] || t.normal === pairLemmas[k]))
        ranges.push([tokens[i]!.start, tokens[i + width - 1]!.end]);
    }
  }
  return ranges;
}

/** Indexes of the tokens that join conjuncts: coordinators, and commas of a list that one closes. */
function joints(tokens: Token[], fixed: Array<[number, number]>): number[] {
  const inFixed = (t: Token) => fixed.some(([s, e]) => t.start >= s && t.end <= e);
  const coordinators: number[] = [];
  tokens.forEach((t, i) => {
    if (inFixed(t)) return;
    if (COORDINATOR.has(t.normal) && (t.pos === "CCONJ" || t.pos === "PUNCT" || t.pos === "SYM"))
      coordinators.push(i);
    else if (t.normal === "as" && tokens[i + 1]?.normal === "well" && tokens[i + 2]?.normal === "as")
      coordinators.push(i);
  });
  const out = new Set(coordinators);
  for (const c of coordinators) {
    // Commas of the list this coordinator closes: walk left over conjuncts separated by commas.
    for (let i = c - 1; i >= 0; i -= 1) {
      const t = tokens[i]!;
      if (t.text === ",") {
        if (tokens[c - 1]?.text === "," && i === c - 1) continue;
        out.add(i);
      } else if (t.pos === "PUNCT" || t.pos === "SCONJ" || (t.normal === "to" && t.pos === "PART")) break;
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** The verb at the head of a phrase and its particle ("sign up"), as written, and what follows. */
function verbAndObject(phrase: string): { verb: string; object: string; plainObject: boolean } {
  const tokens = meansTokens(phrase);
  let at = tokens.findIndex((t) => t.pos === "VERB" || t.pos === "AUX");
  if (at < 0) at = 0;
  let end = at;
  while (tokens[end + 1] && tokens[end + 1]!.pos === "ADP" && tokens[end + 2]?.pos !== "DET") end += 1;
  const verb = phrase.slice(0, tokens[end]?.end ?? 0).trim();
  const objectTokens = tokens.slice(end + 1);
  const object = objectTokens.length ? phrase.slice(objectTokens[0]!.start).trim() : "";
  const plainObject =
    objectTokens.length > 0 && objectTokens.every((t) => PLAIN.has(t.pos) || t.text === "-");
  return { verb, object, plainObject };
}

const clean = (text: string) =>
  text
    .replace(/^\s*(?:,|and|or|&|\/|as well as)\s+/i, "")
    .replace(/[\s,]+$/, "")
    .trim();

/**
 * The separate actions of a means: "book rooms, rent equipment and sign up for classes" → ["book
 * rooms", "rent equipment", "sign up for classes"]; "view and cancel bookings" → ["view bookings",
 * "cancel bookings"]; "track receipts, expenses and wages" → ["track receipts", "track expenses",
 * "track wages"]. Modifiers ("accurate and complete reports"), objects inside a prepositional phrase
 * ("by SMS and email") and fixed pairs ("terms and conditions") stay whole; one action stays as is.
 */
export function splitCoordinatedAction(action: string): string[] {
  const text = action.trim();
  const tokens = meansTokens(text);
  // A purpose clause ("use the app to see and print invoices") is the ends, not more needs; a
  // clause under the means ("see how staff book and cancel", "a list that shows and sorts") is one
  // thing the role wants; a second sentence is not part of the means.
  const clause = tokens.findIndex(
    (t, i) =>
      i > 0 &&
      ((t.normal === "to" && tokens[i + 1]?.pos === "VERB") ||
        SUBORDINATORS.has(t.normal) ||
        t.pos === "SCONJ" ||
        (t.pos === "PUNCT" && /[.!?;]/.test(t.text))),
  );
  const cuts = joints(tokens, fixedRanges(tokens)).filter(
    (cut) => (clause < 0 || cut < clause) && !joinsAdverbs(tokens, cut),
  );
  if (!cuts.length) return [text];
  const pieces: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    const joint = tokens[cut]!;
    pieces.push(text.slice(from, joint.start));
    const width = joint.normal === "as" ? 3 : 1;
    from = tokens[cut + width - 1]!.end;
  }
  pieces.push(text.slice(from));
  const conjuncts = pieces.map(clean).filter(Boolean);
  if (conjuncts.length < 2) return [text];

  // Conjuncts that do not start a need of their own rejoin the one before them: the coordination is
  // inside a phrase ("from sensors and devices"), not between needs.
  const groups: Array<{ text: string; kind: Kind }> = [];
  conjuncts.forEach((conjunct, i) => {
    const kind = kindOf(conjunct);
    const previous = groups.at(-1);
    const startsNeed =
      !previous ||
      (previous.kind === "bare-verb" && kind !== "noun-phrase") ||
      (!endsWithModifier(previous.text) &&
        (kind === "phrase" || (kind === "noun-phrase" && endsInPlainObject(previous))));
    if (startsNeed) groups.push({ text: conjunct, kind });
    else previous.text = `${previous.text}${joinerBefore(text, conjunct, i)}${conjunct}`;
  });

  const actions: string[] = [];
  const lone: string[] = [];
  let lastPhrase: ReturnType<typeof verbAndObject> | null = null;
  for (const group of groups) {
    if (group.kind === "bare-verb") {
      lone.push(group.text);
      continue;
    }
    if (group.kind === "phrase") {
      lastPhrase = verbAndObject(group.text);
      for (const verb of lone.splice(0))
        actions.push(lastPhrase.object ? `${verb} ${lastPhrase.object}` : verb);
      actions.push(group.text);
      continue;
    }
    if (group.kind === "noun-phrase" && lastPhrase) actions.push(`${lastPhrase.verb} ${group.text}`);
    else return [text];
  }
  if (lone.length) return [text];
  return actions.length > 1 ? actions : [text];
}

/** The original characters before the i-th conjunct (", ", " and ", " or "), to rejoin it as written. */
function joinerBefore(text: string, conjunct: string, i: number): string {
  let at = -1;
  for (let k = 0; k <= i; k += 1) at = text.indexOf(conjunct, at + 1);
  if (at <= 0) return " and ";
  const before = text.slice(0, at);
  const joiner = /(\s*(?:,|and|or|&|\/|as well as)?\s*)$/i.exec(before)?.[1] ?? " ";
  return joiner || " ";
}

/** True when a group ends in a plain object a following noun phrase can be coordinated with. */
function endsInPlainObject(group: { text: string; kind: Kind }): boolean {
  if (group.kind === "phrase") return verbAndObject(group.text).plainObject;
  return (
    group.kind === "noun-phrase" && meansTokens(group.text).every((t) => PLAIN.has(t.pos) || t.text === "-")
  );
}

const PLAIN = new Set(["NOUN", "PROPN", "ADJ", "DET", "NUM", "PRON"]);

function endsWithModifier(phrase: string): boolean {
  const last = meansTokens(phrase).at(-1);
  return !!last && ["ADJ", "DET", "ADP", "PART", "CCONJ"].includes(last.pos);
}
