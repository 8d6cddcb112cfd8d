/**
 * The means of a story in the words a product owner writes: an infinitive from a verb phrase ("sends
 * reminders" → "send reminders"), from a noun phrase ("supply tracking" → "track supplies") or from a
 * passive ("the records should be sent" → "send the records"), its feature name, and its ends.
 */
import { capitalise, infinitive, isVerb, singular, verbOfActionNoun } from "../text/grammar";
import { gerund, plural } from "../text/inflect";
import { canBeNoun } from "../text/lexicon";
import type { Token } from "../text/nlp";
import { bareNounPhrase, lower, roleOf, singularPhrase, text, topicOf } from "./noun-phrases";
import { isPersonNoun } from "./people";
import { VAGUE_NOUNS } from "./refusals";
import { ABILITY_NOUNS, LIGHT_VERB_NOUN, LIGHT_VERBS, MULTIWORD_VERBS } from "./vocabulary";

/** Verbs whose -ing form reads garbled after a noun ("Dock seeing", "Price knowing"): the thing names the feature. */
const UNNAMING_VERBS = new Set(["see", "know", "tell", "understand", "want", "need", "like"]);

const RECEIVED = new Set([
  "report",
  "alert",
  "reminder",
  "notification",
  "email",
  "message",
  "confirmation",
  "overview",
  "summary",
  "insight",
  "update",
  "invoice",
  "receipt",
  "statistic",
  "chart",
]);

/** The infinitive phrase for an action that is a noun phrase: "supply tracking" → "track supplies". */
export function actionOfNoun(said: Token[]): { action: string; name: string; role?: string } | null {
  // "… for patients" says whose need it is: the patients', and the phrase leaves the action.
  const forAt = said.findIndex((t, i) => i > 0 && t.normal === "for");
  const whom =
    forAt > 0 && !said.slice(forAt).some((t) => t.normal === "to") ? roleOf(said.slice(forAt + 1)) : null;
  const tokens = whom ? said.slice(0, forAt) : said;
  // "the receptionist typing things twice": a person doing something, named "Receptionist typing".
  const doing = tokens.findIndex(
    (t, i) =>
      i > 0 &&
      /ing$/.test(t.normal) &&
      (t.pos === "VERB" || (t.pos === "NOUN" && isVerb(infinitive(t.normal)))) &&
      isPersonNoun(tokens[i - 1]!) &&
      tokens[i + 1]?.pos === "NOUN",
  );
  if (doing > 0) {
    const who = bareNounPhrase(tokens.slice(0, doing));
    if (who.length)
      return {
        action: `have ${lower(text(tokens))}`,
        name: capitalise(`${singularPhrase(who)} ${lower(tokens[doing]!.text)}`),
      };
  }
  const found = nounAction(tokens);
  return found && whom ? { ...found, role: whom } : found;
}

function nounAction(tokens: Token[]): { action: string; name: string; role?: string } | null {
  // "the ones that are closer", "your idea", "one or two": a pronoun-like head names nothing to build.
  const named = bareNounPhrase(tokens).at(-1);
  if (
    !named ||
    VAGUE_NOUNS.has(singular(named.normal)) ||
    // "i say the percentage" is a clause, not a thing.
    tokens.some(
      (t, i) => i > 0 && t.pos === "VERB" && !/(?:ing|ed)$/.test(t.normal) && tokens[i - 1]?.pos === "PRON",
    ) ||
    tokens.every((t) => t.pos !== "NOUN" && t.pos !== "PROPN")
  )
    return null;
  // The thing is the noun phrase before any preposition: "online booking for patients" is "Online booking".
  const firstAdposition = tokens.findIndex((t, i) => i > 0 && (t.pos === "ADP" || t.normal === "for"));
  const phrase = bareNounPhrase(firstAdposition > 0 ? tokens.slice(0, firstAdposition) : tokens);
  if (!phrase.length) return null;
  const headIndex = phrase.length - 1;
  const head = phrase[headIndex]!;
  const tail = tokens.slice(tokens.indexOf(head) + 1);
  const name = capitalise(lower(text(phrase)));
  // "record management" is managing records; a lone "appointment" is a thing, not "appoint".
  const verb = verbOfActionNoun(head.normal, { withObject: phrase.length > 1 });
  const modifiers = phrase
    .slice(0, headIndex)
    .filter((t) => !(t.pos === "ADJ" && /ed$/.test(t.normal)) && !(t.pos === "VERB" && /ed$/.test(t.normal)));
  if (verb) {
    // "client booking" is clients booking, not booking clients.
    if (modifiers.length === 1 && isPersonNoun(modifiers[0]!) && !tail.length)
      return { action: verb, name, role: singular(modifiers[0]!.normal) };
    // "online booking" is booking online: adjectives alone say how, not what.
    if (modifiers.length && modifiers.every((t) => t.pos === "ADJ" || !canBeNoun(t.normal)))
      return { action: [verb, lower(text(modifiers)), text(tail)].filter(Boolean).join(" "), name };
    const described = modifiers.some((t) => t.pos === "ADJ");
    const object = !modifiers.length
      ? ""
      : described
        ? `the ${lower(text(modifiers))}`
        : plural(lower(text(modifiers)));
    return { action: [verb, object, text(tail)].filter(Boolean).join(" "), name };
  }
  const lemma = singular(head.normal);
  const light = RECEIVED.has(lemma) ? "get" : "have";
  // The determiner is the participant's ("a booking system", "screen reader support"): none is added.
  const np = text(tokens).replace(/^(?:A|An|The|Our|My|Their|Some)\b/, (w) => w.toLowerCase());
  const lowered =
    tokens[0]?.pos === "PROPN" || /^[A-Z]{2,}/.test(np) ? np : np.replace(/^./, (c) => c.toLowerCase());
  return { action: `${light} ${lowered}`, name };
}

/** The infinitive phrase of an action that starts with a verb: "sends reminders" → "send reminders". */
export function actionOfVerb(tokens: Token[]): string {
  const [verb, ...rest] = tokens;
  const base = baseOf(verb!);
  return [base, text(rest)].filter(Boolean).join(" ");
}

/**
 * A verb's base form: the tagger's lemma in context, or the word itself when it was read as a
 * noun and carries no ending ("rent equipment" is "rent", not the past of "rend").
 */
export function baseOf(verb: Token): string {
  if (verb.lemma === "be") return "be";
  if (!/(?:s|ed|ing)$/.test(verb.normal) && isVerb(verb.normal)) return verb.normal;
  return verb.lemma && verb.lemma !== verb.normal ? verb.lemma : infinitive(verb.normal);
}

/** A feature name for a verb phrase: its object and the verb's -ing form ("Appointment booking"). */
export function featureOfVerb(tokens: Token[]): string {
  const [verb, ...said] = tokens;
  const lemma = baseOf(verb!);
  // "track or predict how many …": the first verb names it, and the second leaves the object.
  const joined =
    said[0]?.pos === "CCONJ" &&
    (said[1]?.pos === "VERB" ||
      (isVerb(said[1]?.normal ?? "") && /^(?:DET|ADV|PRON)$/.test(said[2]?.pos ?? "")));
  const rest = joined ? said.slice(2) : said;
  // "keep track of supplies" → "Supply tracking"
  for (const multi of MULTIWORD_VERBS) {
    const said = [lemma, ...rest.slice(0, multi.words.length - 1).map((t) => t.normal)];
    if (multi.words.every((w, i) => said[i] === w)) {
      const object = bareNounPhrase(rest.slice(multi.words.length - 1, multi.words.length + 3));
      if (object.length) return capitalise(`${singularPhrase(object)} ${multi.name}`);
    }
  }
  const objectTokens: Token[] = [];
  for (const t of rest) {
    // An object never starts with a preposition: "pay at the table" has none ("Paying at the table").
    if (t.pos === "ADP") break;
    if (t.pos === "SCONJ" || (t.pos === "PUNCT" && t.text !== "-")) break;
    objectTokens.push(t);
  }
  const object = bareNounPhrase(objectTokens);
  // "unlock it with my phone": the object is a pronoun, so the instrument names it ("Phone unlocking").
  if (!object.length && objectTokens[0]?.pos === "PRON") {
    const by = rest.findIndex((t) => t.pos === "ADP");
    const instrument =
      by >= 0 ? bareNounPhrase(rest.slice(by + 1, by + 5)).filter((t) => t.pos !== "PRON") : [];
    if (instrument.length) return capitalise(`${singularPhrase(instrument)} ${gerund(lemma)}`);
  }
  const wh = objectTokens[0] && /^(?:which|what|how|when|who|where|whether|if)$/.test(objectTokens[0].normal);
  if (wh) {
    // "see which hours are busiest" names itself; a longer question is named by its first noun.
    const clause = rest.filter((t) => t.pos !== "PUNCT");
    if (clause.length <= 4) return capitalise([gerund(lemma), ...clause.map((t) => lower(t.text))].join(" "));
    const asked = askedThing(clause.slice(1));
    // "see how many free docks are at the station" is about the free docks: "Free docks", never "Dock seeing".
    if (UNNAMING_VERBS.has(lemma)) {
      if (clause.length <= 6 || !asked.length)
        return capitalise([gerund(lemma), ...clause.slice(0, 6).map((t) => lower(t.text))].join(" "));
      return capitalise(lower(text(asked)));
    }
    return capitalise(asked.length ? `${singularPhrase(asked.slice(-2))} ${gerund(lemma)}` : gerund(lemma));
  }
  // "have the ability to modify the master schedule" is named by what it lets one do.
  const ability = rest.findIndex(
    (t, i) => ABILITY_NOUNS.has(t.lemma) && rest[i + 1]?.normal === "to" && rest[i + 2]?.pos === "VERB",
  );
  if (ability >= 0 && rest.slice(0, ability).every((t) => t.pos === "DET" || t.pos === "ADJ"))
    return featureOfVerb(rest.slice(ability + 2));
  const after = rest.slice(objectTokens.length);
  if (LIGHT_VERBS.has(lemma) && object.length) {
    // "get insights into appointment trends" → "Appointment trend insights"
    const about =
      after[0]?.pos === "ADP" && /^(?:into|about|of|for)$/.test(after[0].normal)
        ? bareNounPhrase(after.slice(1, 4))
        : [];
    if (about.length) return capitalise(`${singularPhrase(about)} ${lower(text(object))}`);
    // "see every technician on one map" → "Technician view"; "get low-stock alerts" → "Low-stock alerts".
    const noun = LIGHT_VERB_NOUN[lemma];
    return capitalise(noun ? `${singularPhrase(object)} ${noun}` : lower(text(object)));
  }
  // "know the prices" is named by what is known: "Prices", never "Price knowing".
  if (object.length && UNNAMING_VERBS.has(lemma)) return capitalise(lower(text(object)));
  if (object.length) return capitalise(`${singularPhrase(object.slice(-3))} ${gerund(lemma)}`);
  // No object: the verb and what follows its preposition ("Syncing with the digital diary").
  const phrase = [gerund(lemma), ...rest.slice(0, 4).map((t) => lower(t.text))].join(" ");
  return capitalise(phrase.replace(/\s+(?:the|a|an|to|of|with|for|and|or)$/, ""));
}

/** The thing a question is about: "many free docks are at the station" → "free docks". */
function askedThing(clause: Token[]): Token[] {
  const start = clause.findIndex((t) => t.pos === "NOUN" || t.pos === "ADJ" || t.pos === "PROPN");
  if (start < 0) return [];
  const phrase: Token[] = [];
  for (const t of clause.slice(start)) {
    if (t.pos !== "NOUN" && t.pos !== "ADJ" && t.pos !== "PROPN") break;
    phrase.push(t);
  }
  while (phrase.length && phrase.at(-1)!.pos === "ADJ") phrase.pop();
  // "many", "much", "few" say how much, not what.
  while (phrase.length && QUANTIFIERS.test(phrase[0]!.normal)) phrase.shift();
  return phrase;
}

const QUANTIFIERS = /^(?:many|much|few|several|more|less|most|enough)$/;

/** Whether a verb has an object ("send reminders", "show new bookings"); "arrive daily" has none. */
export const actsOnSomething = (tokens: Token[]) => {
  const [, next, after] = tokens;
  if (["DET", "NOUN", "PROPN", "PRON", "NUM"].includes(next?.pos ?? "")) return true;
  return next?.pos === "ADJ" && ["NOUN", "PROPN", "ADJ"].includes(after?.pos ?? "");
};

export const firstPerson = (action: string) =>
  action
    .replace(/\btheir\b/g, "my")
    .replace(/\bthem\b/g, "me")
    .replace(/\bthemselves\b/g, "myself")
    .replace(/\bthey\b/g, "I");

/** The ends as said, after its marker: "so that I can plan staff" → "I can plan staff"; "to run the business" → "I can run the business". */
export function endsOf(tokens: Token[]): string | null {
  if (!tokens.length) return null;
  const first = tokens[0]!.normal;
  if (first === "to") return `I can ${text(tokens.slice(1))}`;
  const said = text(tokens.filter((t, i) => !(i === 0 && /^(?:so|because|since|as|in)$/.test(t.normal))));
  return (
    said.replace(/^(?:that|order to)\s+/i, (m) => (m.toLowerCase().startsWith("order") ? "I can " : "")) ||
    null
  );
}

/** "… a booking system for clients to make appointments" → the clients make appointments, with "Booking system". */
export function forWhomTo(tokens: Token[]): { role: string; action: string; feature: string } | null {
  const at = tokens.findIndex(
    (t, i) =>
      t.normal === "for" && i > 0 && (tokens[i - 1]!.pos === "NOUN" || tokens[i - 1]!.pos === "PROPN"),
  );
  if (at < 0) return null;
  const to = tokens.findIndex((t, i) => i > at && t.normal === "to");
  if (to < 0 || !tokens[to + 1] || tokens[to + 1]!.pos !== "VERB") return null;
  const role = roleOf(tokens.slice(at + 1, to));
  if (!role) return null;
  const start = tokens.findIndex((t) => t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "ADJ");
  const named = bareNounPhrase(tokens.slice(Math.max(0, start), at));
  const action = actionOfVerb(tokens.slice(to + 1));
  return {
    role,
    action,
    feature: named.length ? capitalise(lower(text(named))) : featureOfVerb(tokens.slice(to + 1)),
  };
}

const POINTING = /^(?:it|this|that|these|those|they|them)$/;

/**
 * "be" at the head of an action: "the records should be sent to the accountant" is the speaker's
 * "send the records to the accountant"; "customers should be notified" stays the customer's "be
 * notified"; "there should be a waitlist" is "have a waitlist"; "it should be easy" is a rule.
 */
export function passiveAction(
  tokens: Token[],
  thing: Token[] | null,
  subject: Token[],
): { action: string; feature: string; topic: string } | "rule" | null {
  const second = tokens[1];
  if (!second) return "rule";
  // "the records should be send per email": a thing's verb after "be" is done to it, however spelled.
  const participle = second.pos === "VERB" && (second.lemma !== second.normal || Boolean(thing));
  if (participle && thing) {
    if (thing.every((t) => t.pos === "PRON" || POINTING.test(t.normal))) return "rule";
    // The sentence's capital is no part of the thing: "Payroll files must be archived" → "archive payroll files".
    const common = thing[0]?.pos !== "PROPN" && !/^[A-Z]{2,}/.test(thing[0]?.text ?? "");
    const object = text(thing)
      .replace(/^(?:The|A|An|My|Our|Any|All|Every|Each|Some)\b/, (w) => w.toLowerCase())
      .replace(/^[A-Z]/, (c) => (common ? c.toLowerCase() : c));
    // "kept" is done by "keep": the participle's lemma, never the participle with "-ing" ("kepting").
    const verb = second.lemma !== second.normal && isVerb(second.lemma) ? second.lemma : baseOf(second);
    const rest = text(tokens.slice(2));
    const named = bareNounPhrase(thing);
    return {
      action: [verb, object, rest].filter(Boolean).join(" "),
      feature: named.length ? `${singularPhrase(named.slice(-3))} ${gerund(verb)}` : capitalise(gerund(verb)),
      topic: topicOf(thing),
    };
  }
  // "customers should be notified": only people are notified; "as much as possible should be automated" is no story.
  if (participle && roleOf(subject))
    return {
      action: text(tokens),
      feature: featureOfVerb(tokens.slice(1)),
      topic: lower(text(tokens.slice(1))),
    };
  if (
    subject.some((t) => t.normal === "there") &&
    (second.pos === "DET" || second.pos === "NOUN" || second.pos === "ADJ")
  ) {
    // "There should be a way to add one": the way is the action.
    const to = tokens.findIndex((t) => t.normal === "to");
    const frame = tokens.slice(1, Math.max(1, to)).some((t) => ABILITY_NOUNS.has(t.lemma));
    if (to > 0 && frame && tokens[to + 1]?.pos === "VERB") {
      const doing = tokens.slice(to + 1);
      return {
        action: actionOfVerb(doing),
        feature: featureOfVerb(doing),
        topic: lower(featureOfVerb(doing)),
      };
    }
    const noun = actionOfNoun(tokens.slice(1));
    return noun ? { action: noun.action, feature: noun.name, topic: lower(noun.name) } : "rule";
  }
  return "rule";
}
