/** Whether a noun names people ("clients", "front-desk staff") or things ("calendar", "records"). */
import { singular } from "../text/grammar";
import type { Token } from "../text/nlp";
import { PERSON_NOUNS, THING_NOUNS_LIKE_PEOPLE } from "./vocabulary";

const AGENT = /(?:er|or|ist|ian|ant|[^m]ent)s?$/;

/** True when a noun names people ("clients", "front-desk staff") rather than things. */
export function isPersonNoun(token: Token): boolean {
  if (token.pos !== "NOUN" && token.pos !== "PROPN") return false;
  const lemma = singular(token.normal);
  if (PERSON_NOUNS.has(lemma)) return true;
  return AGENT.test(lemma) && !THING_NOUNS_LIKE_PEOPLE.has(lemma) && token.pos === "NOUN";
}
