/** Whether a noun names people ("clients", "front-desk staff") or things ("calendar", "records"). */
import { singular } from "../text/grammar";
import type { Token } from "../text/nlp";

const AGENT = /(?:er|or|ist|ian|ant|[^m]ent)s?$/;

/** True when a noun names people ("clients", "front-desk staff") rather than things. */
export function isPersonNoun(token: Token): boolean {
  if (token.pos !== "NOUN" && token.pos !== "PROPN") return false;
  const lemma = singular(token.normal);
  if (PERSON_NOUNS.has(lemma)) return true;
  return AGENT.test(lemma) && !THING_NOUNS_LIKE_PEOPLE.has(lemma) && token.pos === "NOUN";
}

/** Nouns for people, beyond the agent endings (-er, -or, -ist, -ian, -ant, -ent) the grammar sees. */
export const PERSON_NOUNS = new Set([
  "staff",
  "client",
  "customer",
  "guest",
  "patient",
  "student",
  "parent",
  "child",
  "family",
  "employee",
  "owner",
  "member",
  "stakeholder",
  "admin",
  "administrator",
  "user",
  "team",
  "people",
  "person",
  "colleague",
  "nurse",
  "doctor",
  "clerk",
  "chef",
  "stylist",
  "cashier",
  "agent",
  "assistant",
  "receptionist",
  "accountant",
  "coach",
  "tenant",
  "resident",
  "visitor",
  "volunteer",
  "pupil",
  "school",
  "instructor",
  "hire",
]);

/** Nouns that look like people by their ending but name things: "computer", "calendar". */
export const THING_NOUNS_LIKE_PEOPLE = new Set([
  "computer",
  "calendar",
  "number",
  "order",
  "paper",
  "folder",
  "filter",
  "error",
  "center",
  "register",
  "reminder",
  "letter",
  "counter",
  "monitor",
  "printer",
  "scanner",
  "sensor",
  "browser",
  "server",
  "header",
  "footer",
  "layer",
  "roster",
  "water",
  "matter",
  "content",
  "event",
]);

/** Who someone is outside work: "I'm a student" is not a business stakeholder's role in the product. */
export const LIFE_ROLES = new Set([
  "student",
  "pupil",
  "child",
  "kid",
  "retiree",
  "pensioner",
  "parent",
  "mum",
  "mom",
  "dad",
  "mother",
  "father",
]);
