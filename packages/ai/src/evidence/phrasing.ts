/** How a participant's clause becomes a story or a criterion without changing what they said. */
import { originalQuote } from "./verify";
import { capitalise, clean, contentWords, singular, thirdPerson } from "./words";

const WANT =
  /\b(?:really\s+)?(?:need|needs|want|wants|wish|would like|would love|'d like|'d love|should be able to|must be able to|have to be able to|need to be able to|want to be able to|has to|have to|must|should|expect to|require)\s+(?:to\s+)?(?:a way to\s+|something to\s+|to be able to\s+|be able to\s+)?(.+)/i;
const BENEFIT = /\s*,?\s+(?:so that|so|in order to|which would|that way)\s+(.+)$/i;
const REASON = /\s*,?\s+because\s+(.+)$/i;
const BAD_START =
  /^(?:them|it|its|she|he|her|him|they|this|that|these|those|and|but|or|because|so|if|when|which|who|not|no|never|to|of|for|with|is|are|was|were)\b/i;
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
  const object = /^((?:the|a|an|my|our|their|some)\s+.+?)\s+to\s+(\w+.*)$/i.exec(action);
  if (object) action = `have ${object[1]} ${object[2]}`;
  else if (/^(?:a|an|the|some|more|less|fewer|better)\b/i.test(action)) action = `have ${action}`;
  return { action, said, benefit, reason };
}

/**
 * A feature name the participant said: the start of their action, cut at a small word, checked to
 * stand in their quote. null (the item is skipped) when no such phrase exists.
 */
export function featureName(action: string, quote: string): string | null {
  let name = action
    .split(/[,;:(]/)[0]!
    .replace(/^(?:have\s+)?(?:the|a|an|my|our|their|some)\s+/i, "")
    .split(/\s+/)
    .slice(0, 5)
    .join(" ");
  name = clean(name);
  while (SMALL_TAIL.test(name)) name = clean(name.replace(SMALL_TAIL, ""));
  if (!name || BAD_START.test(name) || contentWords(name).length < 1) return null;
  const said = originalQuote(name, quote);
  return said ? capitalise(said) : null;
}

/** The persona a clause names ("Patients need …" → patient), else null (the speaker). */
export function namedPersona(clause: string): string | null {
  const subject =
    /^(?:(?:the|our|my|all|most|many|some)\s+)?([a-z]+)\s+(?:really\s+)?(?:need|needs|want|wants|should|must|have to|has to|would like|expect)\b/i.exec(
      clause.trim(),
    );
  const noun = subject?.[1];
  if (!noun || PRONOUN_SUBJECT.test(noun) || GENERIC_SUBJECT.test(noun)) return null;
  if (!/s$/i.test(noun)) return null;
  return singular(noun);
}

/** A criterion that forbids what a "does not want" or "must never" clause rules out, keeping its negation. */
export function forbiddingCriterion(clause: string, persona: string): string {
  const text = clean(clause);
  const toVerb = /^(?:I|we)\s+(?:really\s+)?(?:don't|do not|never)\s+want\s+to\s+(.+)$/i.exec(text);
  if (toVerb?.[1])
    return `Given a ${persona}, then the ${persona} never has to ${thirdPerson(toVerb[1], persona)}`;
  const object = /^(?:I|we)\s+(?:really\s+)?(?:don't|do not|never)\s+want\s+(.+)$/i.exec(text);
  if (object?.[1])
    return `Given a ${persona}, then the product never leads to ${thirdPerson(object[1], persona)}`;
  const modal =
    /^(.+?)\s+(must not|mustn't|must never|should never|should not|shouldn't|cannot|can't|may not|never|no longer)\s+(.+)$/i.exec(
      text,
    );
  if (modal?.[1] && modal[2] && modal[3])
    return `Given a ${persona}, then ${thirdPerson(`${modal[1]} ${modal[2].toLowerCase()} ${modal[3]}`, persona).replace(/^./, (c) => c.toLowerCase())}`;
  return `Given a ${persona}, then this holds as they said it: “${text}”`;
}

/** A criterion for a stated need: its outcome when they said one, else that the action is possible. */
export function needCriterion(need: ParsedNeed, persona: string): string {
  const action = thirdPerson(need.action, persona);
  if (need.benefit)
    return `Given a ${persona}, when they ${action}, then ${thirdPerson(need.benefit, persona)}`;
  return `A ${persona} can ${action}`;
}

/** A feature name for a forbidding criterion: their words from the negation on, so it reads as a limit. */
export function limitName(clause: string): string | null {
  const at =
    /\b(?:don't|do not|doesn't|does not|never|must not|mustn't|should not|shouldn't|cannot|can't|no longer|without|may not)\b/i.exec(
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
      .slice(0, 10)
      .join(" "),
  );
  while (SMALL_TAIL.test(name)) name = clean(name.replace(SMALL_TAIL, ""));
  return name ? capitalise(name) : null;
}
