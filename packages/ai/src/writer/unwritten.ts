/**
 * A need the rules cannot write as a clean story (no grammatical "I want to …", a pronoun only the
 * quote resolves, a slip of the keyboard, a fragment) is still a need: it is shown by a short title
 * in the participant's own words, beside their quote, marked as still to be written as a story.
 */
import { capitalise, singular } from "../text/grammar";
import type { Token } from "../text/nlp";
import type { FoundNeed } from "./needs";
import { lower, text } from "./noun-phrases";
import { isPersonNoun } from "./people";
import { plainWords } from "./plain";
import { GOAL_NOUNS, TALK_NOUNS, VAGUE_NOUNS } from "./refusals";
import { GENERIC_HEADS } from "./vocabulary";

const VAGUE_MODIFIERS = new Set([
  "specific",
  "certain",
  "several",
  "different",
  "other",
  "various",
  "some",
  "more",
]);

/** Words a title may hold: a noun phrase, a hyphen, a name ("Fast Accounts"), a possessive's "'s". */
const inPhrase = (t: Token) =>
  t.pos === "ADJ" ||
  t.pos === "NOUN" ||
  t.pos === "PROPN" ||
  t.text === "-" ||
  t.pos === "NUM" ||
  /^['’]s$/.test(t.text) ||
  // "existing tools", "automated reminders"
  (t.pos === "VERB" && /(?:ing|ed)$/.test(t.normal)) ||
  (t.pos === "ADV" && /^[A-Z][a-z]/.test(t.text));

/**
 * The thing a need names, as a title: the first noun phrase of its action (or of its subject, when
 * the action is only "be available") with the phrase an "of", "on", "for" or "with" joins to it ("detailed overview of expenses", "booking history"), or null when it
 * names nothing of its own (one word, a person, "the system", a goal such as "a solid investment").
 */
export function needTitle(need: FoundNeed): string | null {
  // Only where a wish was stated: a bare list of things ("As for staff access") says no need by itself.
  if (need.trigger === "list" || need.trigger === "complaint") return null;
  // "Integration with payment gateways should be available": what is wanted is the subject.
  const tokens =
    need.action[0]?.lemma === "be" ? need.clause.slice(0, need.clause.indexOf(need.action[0])) : need.action;
  let start = tokens.findIndex((t) => inPhrase(t) && t.pos !== "NUM");
  // The thing acted on comes first ("allow for add-on services"), not one deep in a clause.
  if (start < 0 || start > 3) return null;
  // "add-on services": the word before a hyphen is the phrase's own.
  if (tokens[start]!.text === "-" && start >= 1) start -= 1;
  let end = start;
  while (tokens[end] && inPhrase(tokens[end]!)) end += 1;
  const joined = tokens[end];
  if (joined && /^(?:of|on|for|with)$/.test(joined.normal)) {
    let more = end + 1;
    while (tokens[more] && (tokens[more]!.pos === "DET" || tokens[more]!.pos === "PRON")) more += 1;
    let stop = more;
    while (tokens[stop] && inPhrase(tokens[stop]!)) stop += 1;
    if (stop > more && tokens[stop - 1]!.pos === "NOUN") end = stop;
  }
  const phrase = tokens.slice(start, end).filter((t) => t.pos !== "DET" && t.pos !== "PRON");
  // "a specific number", "several key reports": words that only count or point name nothing.
  while (phrase[0] && VAGUE_MODIFIERS.has(phrase[0].normal)) phrase.shift();
  while (phrase.length && phrase.at(-1)!.pos !== "NOUN" && phrase.at(-1)!.pos !== "PROPN") phrase.pop();
  const words = phrase.filter((t) => t.text !== "-");
  const head = phrase.at(-1);
  if (!head || words.length < 2 || words.length > 6 || isPersonNoun(head)) return null;
  const lemma = singular(head.normal);
  if (GOAL_NOUNS.has(lemma) || VAGUE_NOUNS.has(lemma) || GENERIC_HEADS.has(lemma)) return null;
  if (words.some((t) => TALK_NOUNS.has(singular(t.normal)))) return null;
  // A name keeps its capitals ("Fast Accounts"); other words are lower case.
  const named = phrase.map((t) => (t.pos === "PROPN" || t.pos === "ADV" ? t : { ...t, text: lower(t.text) }));
  const said = plainWords(capitalise(text(named)), { means: false });
  return "text" in said ? said.text : null;
}
