/**
 * Criteria from rules the participant stated: refusals ("I don't want …", "must never …") keep their
 * negation and are never a story; a condition ("when supplies run low") says when to check the need.
 */
import { clean, thirdPerson } from "../evidence/words";
import { capitalise, infinitive, isVerb, singular, withArticle } from "../text/grammar";
import { tokensOf } from "../text/nlp";
import { isPersonNoun } from "./people";

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
  if (object?.[1]) return notWanted(thirdPerson(object[1], persona), persona);
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

/**
 * "I don't want the receptionist typing things twice": the receptionist never has to type them;
 * "… the app tracking my location after my shift": the app does not track it; "… a subscription":
 * the product has none. Anything else is said plainly to be still to write, never half a sentence.
 */
function notWanted(said: string, persona: string): string {
  const tokens = tokensOf(said);
  const at = tokens.findIndex(
    (t, i) =>
      i > 0 &&
      /ing$/.test(t.normal) &&
      ["NOUN", "PROPN"].includes(tokens[i - 1]!.pos) &&
      isVerb(infinitive(t.normal)),
  );
  if (at > 0) {
    const who = said.slice(0, tokens[at]!.start).trim();
    const rest = said.slice(tokens[at]!.end).trim();
    const verb = [infinitive(tokens[at]!.normal), rest].filter(Boolean).join(" ");
    const doer = tokens[at - 1]!;
    if (isPersonNoun(doer)) return `Given ${a(persona)}, then ${who} never has to ${verb}`;
    const many = singular(doer.normal) !== doer.normal;
    return `Given ${a(persona)}, then ${who} ${many ? "do" : "does"} not ${verb}`;
  }
  const thing = /^(?:a|an|any)\s+([\w\s-]+)$/i.exec(said);
  if (thing?.[1]) return `Given ${a(persona)}, then the product has no ${thing[1]}`;
  return `To be written: ${a(persona)} does not want ${said}; how to test that is still to be decided.`;
}

/** Conditions that come by degrees, so hold only past a level someone has to name. */
const GRADUAL =
  /\b(?:run(?:s|ning)? (?:out|low|short)|low|high|full|empty|busy|quiet|slow|chang(?:e|es|ed|ing)|drops?|dropping|rises?|rising|almost|nearly|too (?:many|few|much|little))\b/i;

const OUTCOME: Record<string, string> = { get: "gets", see: "sees", receive: "receives" };

/**
 * "get notified when a client cancels" → "Given a salon owner, when a client cancels, then the salon
 * owner gets notified"; "have the routes update automatically when traffic
 * changes" is still to be written: a condition that comes by degrees holds only past a level nobody
 * named ("when a client cancels" is an event a tester can make). Null when the means says no outcome a
 * tester could see by these words alone.
 */
export function conditionCriterion(role: string, means: string, condition: string): string | null {
  const when = /^(?:when|whenever|if|once|in case)\s+(.+)$/i.exec(condition.trim())?.[1];
  if (!when || !means.endsWith(condition.trim())) return null;
  // "when supplies are running out", "when traffic changes": a level nobody named checks nothing.
  if (GRADUAL.test(when) && !/\d/.test(when))
    return `To be written: the participant did not say how much counts as "${when}" (a level a tester could set up).`;
  const act = means.slice(0, -condition.trim().length).trim();
  const [verb = "", ...rest] = act.split(/\s+/);
  const thing = /^have (the [\w\s-]+?s) ([a-z]+ .+)$/.exec(act);
  const outcome = OUTCOME[verb]
    ? `the ${role} ${OUTCOME[verb]} ${rest.join(" ")}`
    : thing
      ? `${thing[1]} ${thing[2]}`
      : null;
  return outcome ? `Given ${a(role)}, when ${when}, then ${outcome}` : null;
}

/** Words that make a rule checkable: a figure, how often, how soon, in which order or colour. */
export const SPECIFIC =
  /\b(?:\d|daily|weekly|monthly|hourly|every|each|within|the day before|a day before|in (?:the )?order|in (?:red|green|bold)|on (?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays))\b/i;

/** Where a rule's reason starts: the reason is why, not what a tester checks. */
export const REASON = /,?\s+(?:so that|so|because|in order to)\s+/i;
