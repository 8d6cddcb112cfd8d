/** Refusals as criteria: "I don't want …" and "must never …" keep their negation, never a story. */
import { clean, thirdPerson } from "../evidence/words";
import { capitalise, withArticle } from "../text/grammar";

const a = withArticle;
const SMALL_TAIL =
  /\s+(?:and|or|to|of|in|on|at|for|with|by|the|a|an|my|our|their|when|that|so|from|into|as|every|each|all|some|any|one|two|three|is|are|be|it|more|less|very|really)$/i;

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
  return `Given ${a(persona)}, then ${thirdPerson(text, persona).replace(/^(?!I\b)./, (c) => c.toLowerCase())}`;
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
  return name ? capitalise(name.split(/\s+/).slice(0, 5).join(" ")) : null;
}
