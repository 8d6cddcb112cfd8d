/** When what one participant asks for is what another refuses: a conflict to settle, not a test. */
import type { FoundNeed } from "./needs";
import { roleOf } from "./phrase";
import { ABILITY_NOUNS, RECEIVING_VERB } from "./vocabulary";

/**
 * "Pickers must scan every item", "Every rider must have an account": a rule the speaker lays on
 * other people, who may well not want it, so no story of theirs ("clients should be able to book"
 * and "patients should get a reminder" are theirs to want).
 */
export function imposedOnOthers(need: FoundNeed): boolean {
  if (need.trigger !== "obligation" || need.actor.length || !roleOf(need.subject)) return false;
  const verb = need.action[0];
  const received = ["get", "receive", "see", ...Object.keys(RECEIVING_VERB)];
  if (!verb || received.includes(verb.lemma)) return false;
  const before = need.clause.slice(0, need.clause.indexOf(verb)).map((t) => t.normal);
  // "should have the option to prepay" is offered to them, as "be able to" and "can" are.
  const offered = need.action.slice(1, 4).some((t) => ABILITY_NOUNS.has(t.lemma));
  return !offered && !before.some((w) => /^(?:able|can|allowed|free)$/.test(w));
}

/** Two thirds of a need's words (all of a short one's) in what another refuses: the same thing. */
export const mostOf = (words: string[], refused: Set<string>) =>
  words.length > 0 && words.filter((l) => refused.has(l)).length >= Math.ceil((words.length * 2) / 3);
