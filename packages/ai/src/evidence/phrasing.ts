/** How a participant's clause becomes a story or a criterion without changing what they said. */
import { originalQuote } from "./verify";
import { a, capitalise, clean, contentWords, singular, thirdPerson } from "./words";

const WANT =
  /\b(?:really\s+)?(?:need|needs|want|wants|wish|would like|would love|'d like|'d love|should be able to|must be able to|have to be able to|need to be able to|want to be able to|has to|have to|must|should|expect to|require)\s+(?:to\s+)?(?:a way to\s+|something to\s+|to be able to\s+|be able to\s+)?(.+)/i;
const BENEFIT = /\s*,?\s+(?:so that|so|in order to|which would|that way)\s+(.+)$/i;
const REASON = /\s*,?\s+because\s+(.+)$/i;
const BAD_START =
  /^(?:them|it|its|she|he|her|him|they|i|we|you|my|this|that|these|those|and|but|or|because|so|if|when|which|who|not|no|never|to|of|for|with|is|are|was|were)\b/i;
const SMALL_TAIL =
  /\s+(?:and|or|to|of|in|on|at|for|with|by|the|a|an|my|our|their|when|that|so|from|into|as|every|each|all|some|any|one|two|three|is|are|be|it|more|less|very|really)$/i;
const PRONOUN_SUBJECT = /^(?:i|we|you|they|it|he|she|there|that|this|everyone|everybody|someone|somebody)$/i;
const GENERIC_SUBJECT =
  /^(?:people|users|folks|things|guys|everyone|teams?|staff|company|business|companies)$/i;

export interface ParsedNeed {
  action: string;
  /** The action exactly as they said it (before "the routes to update" became "have the routes update"). */
  said: string;
  benefit: string | null;
  reason: string | null;
}

/** What they want to do and why, as slices of their own words; null when it does not read as a need. */
export function parseNeed(clause: string): ParsedNeed | null {
  const match = WANT.exec(clause);
  if (!match?.[1]) return null;
  let rest = clean(match[1]);
  let reason: string | null = null;
  let benefit: string | null = null;
  const cause = REASON.exec(rest);
  if (cause?.[1]) {
    reason = clean(cause[1]);
    rest = clean(rest.slice(0, cause.index));
  }
  const why = BENEFIT.exec(rest);
  if (why?.[1]) {
    benefit = clean(why[1]);
    rest = clean(rest.slice(0, why.index));
  }
  let action = rest;
  const said = rest;
  if (BAD_START.test(action) || contentWords(action).length < 1 || action.split(/\s+/).length > 24)
    return null;
  if (/,\s*(?:and|but)\s+(?:she|he|they|i|we)\b/i.test(action)) return null;
  const object = /^((?:the|a|an|my|our|their|some)\s+.+?|\w+s)\s+to\s+(?:be\s+)?(\w+.*)$/i.exec(action);
  if (object) action = `have ${object[1]} ${object[2]}`;
  // "badges for finishing a book": a thing they want, not something they do.
  else if (/^(?:a|an|the|some|more|less|fewer|better)\b/i.test(action) || /^\w+[^su\W]s\b/i.test(action))
    action = `have ${action}`;
  return { action, said, benefit, reason };
}

/**
 * A feature name the participant said: the start of their action, cut at a small word, checked to
 * stand in their quote. null (the item is skipped) when no such phrase exists.
 */
export function featureName(action: string, quote: string): string | null {
  let phrase = action.split(/[,;:(]/)[0]!.replace(/^(?:have\s+)?(?:the|a|an|my|our|their|some)\s+/i, "");
  // "riders to report a broken bike" names the feature by what is done: "report a broken bike".
  const done = /^\w+(?:\s+\w+)?\s+to\s+(\w+.*)$/i.exec(phrase);
  if (done?.[1] && !/^(?:go|get|be|have)\b/i.test(phrase) && !/^be\b/i.test(done[1])) phrase = done[1];
  const kept: string[] = [];
  for (const word of phrase.split(/\s+/)) {
    if (kept.length >= 1 && RELATIVE.test(word)) break;
    if (kept.length >= 3 && PREPOSITION.test(word)) break;
    kept.push(word);
    if (kept.length >= 5) break;
  }
  let name = clean(kept.join(" "));
  while (SMALL_TAIL.test(name)) name = clean(name.replace(SMALL_TAIL, ""));
  if (!name || BAD_START.test(name) || contentWords(name).length < 1) return null;
  const said = originalQuote(name, quote);
  return said ? capitalise(said) : null;
}

const RELATIVE =
  /^(?:that|which|who|when|whenever|before|after|because|so|if|even|while|where|until|unless)$/i;
const PREPOSITION = /^(?:from|in|on|at|for|with|by|into|onto|via|through|during|across|between)$/i;

const PEOPLE =
  /^(?:staff|people|children|child|kids?|pupils?|guests?|hires?|employees?|members?|families|family|customers?|clients?|users?|patients?|students?|parents?|riders?|drivers?|doctors?|nurses?|managers?|teachers?|technicians?|pickers?|accountants?|receptionists?|owners?|admins?|buyers?|sellers?|visitors?|volunteers?|residents?|tenants?|travell?ers?|commuters?|shoppers?|diners?|waiters?|chefs?|agents?)$/i;
const PERSON_SUFFIX = /(?:er|ers|or|ors|ian|ians|ist|ists|ant|ants)$/i;

export interface Subject {
  /** speaker: I/we/they; person: people named ("Patients need …"); thing: a rule about the product. */
  kind: "speaker" | "person" | "thing";
  /** The subject as said, without its determiner ("allergy notes"). */
  text: string;
}

/** Who or what a need is about: the words before its modal verb. */
export function subjectOf(clause: string): Subject {
  const match =
    /^(.*?)\s+(?:really\s+)?(?:need|needs|want|wants|should|must|mustn't|have to|has to|would like|expect|can't|cannot|may not|never)\b/i.exec(
      clause.trim(),
    );
  // "For the e-bikes, I want …": the subject is what follows the last comma.
  const said = (match?.[1] ?? "").split(",").at(-1)!.trim();
  const words = said.split(/\s+/);
  if (words.length > 5)
    return {
      kind: "thing",
      text: words
        .slice(-4)
        .join(" ")
        .replace(/^(?:every|each|any|the|a|an)\s+/i, ""),
    };
  const text = said.replace(
    /^(?:the|our|my|all|most|many|some|every|each|any|their|your|a|an|also|and|so)\s+/i,
    "",
  );
  if (!text || PRONOUN_SUBJECT.test(text) || /^(?:we|i)\s+(?:also|still|really)$/i.test(text))
    return { kind: "speaker", text: "" };
  if (GENERIC_SUBJECT.test(text)) return { kind: "speaker", text: "" };
  const head = text.split(/\s+/).at(-1)!;
  if (PEOPLE.test(head) || (PERSON_SUFFIX.test(head) && !/(?:ment|ments)$/i.test(head)))
    return { kind: "person", text };
  return { kind: "thing", text };
}

/** The persona a clause names ("Patients need …" → patient, "Every rider must …" → rider), else null. */
export function namedPersona(clause: string): string | null {
  const subject = subjectOf(clause);
  if (subject.kind !== "person") return null;
  const words = subject.text.toLowerCase().split(/\s+/);
  return [...words.slice(0, -1), singular(words.at(-1)!)].join(" ");
}

/** A criterion that forbids what a "does not want" or "must never" clause rules out, keeping its negation. */
export function forbiddingCriterion(clause: string, persona: string): string {
  const text = clean(clause);
  const toVerb = /^(?:I|we)\s+(?:really\s+)?(?:don't|do not|never)\s+want\s+to\s+(.+)$/i.exec(text);
  if (toVerb?.[1])
    return `Given ${a(persona)}, then the ${persona} never has to ${thirdPerson(toVerb[1], persona)}`;
  const object = /^(?:I|we)\s+(?:really\s+)?(?:don't|do not|never)\s+want\s+(.+)$/i.exec(text);
  if (object?.[1])
    return `Given ${a(persona)}, then the product never leads to ${thirdPerson(object[1], persona)}`;
  const modal =
    /^(.+?)\s+(must not|mustn't|must never|should never|should not|shouldn't|cannot|can't|may not|never|no longer)\s+(.+)$/i.exec(
      text,
    );
  if (modal?.[1] && modal[2] && modal[3])
    return `Given ${a(persona)}, then ${thirdPerson(`${modal[1]} ${modal[2].toLowerCase()} ${modal[3]}`, persona).replace(/^./, (c) => c.toLowerCase())}`;
  return `Given ${a(persona)}, then this holds as they said it: “${text}”`;
}

/** A criterion for a stated need: its outcome when they said one, else that the action is possible. */
export function needCriterion(need: ParsedNeed, persona: string): string {
  const action = thirdPerson(need.action, persona);
  if (need.benefit)
    return `Given ${a(persona)}, when they ${action}, then ${thirdPerson(need.benefit, persona)}`;
  return capitalise(`${a(persona)} can ${action}`);
}

/** A feature name for a forbidding criterion: their words from the negation on, so it reads as a limit. */
export function limitName(clause: string): string | null {
  const at =
    /\b(?:don't|do not|doesn't|does not|must never|should never|will never|can never|never|must not|mustn't|should not|shouldn't|cannot|can't|no longer|without|may not)\b/i.exec(
      clause,
    );
  if (!at) return null;
  // "The ERP cannot be replaced" keeps its subject; "I don't want to …" starts at the negation.
  const subject = clause.slice(0, at.index).trim();
  const from =
    subject && !/^(?:i|we|they|you|he|she|it)$/i.test(subject) && subject.split(/\s+/).length <= 4
      ? 0
      : at.index;
  let name = clean(
    clause
      .slice(from)
      .split(/[,;:(]/)[0]!
      .split(/\s+/)
      .slice(0, 12)
      .join(" "),
  );
  while (SMALL_TAIL.test(name)) name = clean(name.replace(SMALL_TAIL, ""));
  return name ? capitalise(name) : null;
}
