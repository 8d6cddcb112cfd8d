/**
 * Step 2 and 3 of the writer: a found need becomes one story per action (coordinations split), each
 * phrased as a product owner would: a noun-phrase role, an infinitive means, the stated ends, a
 * short feature name, and the conditions that become acceptance criteria.
 */
import { capitalise, infinitive, isVerb, singular, verbOfActionNoun } from "../text/grammar";
import { gerund, plural } from "../text/inflect";
import { canBeNoun } from "../text/lexicon";
import type { Token } from "../text/nlp";
import type { FoundNeed } from "./needs";
import { isPersonNoun } from "./people";
import {
  ABILITY_NOUNS,
  HEDGES,
  LIGHT_VERB_NOUN,
  LIGHT_VERBS,
  MULTIWORD_VERBS,
  RECEIVED_NAME,
  RECEIVING_VERB,
  VAGUE_NOUNS,
} from "./vocabulary";

export interface StoryDraft {
  /** Who wants it, as a noun phrase ("client", "salon owner"); null: the speaker. */
  role: string | null;
  /** The means: an infinitive verb phrase ("book appointments"). */
  action: string;
  /** What it is for, as the participant said it, or null. */
  ends: string | null;
  /** When it applies, as said ("when supplies are running out"). */
  conditions: string[];
  /** A short noun phrase for the feature ("Appointment booking"). */
  feature: string;
  /** What the need is about, for grouping into epics ("booking system"). */
  topic: string;
}

const text = (tokens: Token[]) =>
  tokens
    .map(
      (t, i) => (i > 0 && t.start !== tokens[i - 1]!.end && !/^[,.;:!?]$/.test(t.text) ? " " : "") + t.text,
    )
    .join("")
    .trim();

const words = (tokens: Token[]) => tokens.map((t) => t.text).join(" ");

/**
 * The tagger reads some plural nouns after a modifier as verbs ("low-stock alerts"): inside a noun
 * phrase, a verb in -s right after a noun or adjective, with nothing it could act on, is a noun.
 */
function nounReading(tokens: Token[]): Token[] {
  return tokens.map((t, i) => {
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    const inPhrase = prev && (prev.pos === "NOUN" || prev.pos === "ADJ" || prev.pos === "PROPN");
    const actsOnNothing = !next || !["DET", "PRON", "PROPN", "NOUN", "ADJ", "NUM"].includes(next.pos);
    return t.pos === "VERB" && /s$/.test(t.normal) && !/ss$/.test(t.normal) && inPhrase && actsOnNothing
      ? { ...t, pos: "NOUN" as const, lemma: singular(t.normal) }
      : t;
  });
}

/** The noun phrase in `tokens` without determiners or possessives, or null. */
function bareNounPhrase(said: Token[]): Token[] {
  // A determiner after a noun starts another phrase: "SMS reminders a day before" is "SMS reminders".
  const read = nounReading(said);
  const next = read.findIndex(
    (t, i) =>
      i > 0 &&
      (t.pos === "DET" || t.pos === "NUM") &&
      read.slice(0, i).some((x) => x.pos === "NOUN" || x.pos === "PROPN"),
  );
  const tokens = next > 0 ? read.slice(0, next) : read;
  const kept = tokens.filter(
    (t) =>
      t.pos === "NOUN" ||
      t.pos === "PROPN" ||
      t.pos === "ADJ" ||
      t.text === "-" ||
      (t.pos === "VERB" && /(?:ing|ed)$/.test(t.normal)),
  );
  // The head is a noun or an -ing noun ("online booking"); a past participle after it starts a
  // phrase of its own ("staff based on …", "employees scheduled for …").
  while (
    kept.length &&
    kept.at(-1)!.pos !== "NOUN" &&
    kept.at(-1)!.pos !== "PROPN" &&
    !(kept.at(-1)!.pos === "VERB" && kept.at(-1)!.normal.endsWith("ing"))
  )
    kept.pop();
  return kept;
}

/** A role from a subject or actor when it names people: "Customers" → "customer". */
export function roleOf(tokens: Token[]): string | null {
  const phrase = bareNounPhrase(tokens);
  const head = phrase.at(-1);
  if (!head || !isPersonNoun(head)) return null;
  return singular(words(phrase).toLowerCase().replace(/ - /g, "-"));
}

const isThingSubject = (tokens: Token[]) => {
  const phrase = bareNounPhrase(tokens);
  const head = phrase.at(-1);
  return (
    Boolean(head) &&
    !isPersonNoun(head!) &&
    !tokens.some((t) => t.pos === "PRON" && /^(?:i|we|you|they)$/.test(t.normal))
  );
};

/**
 * Conjuncts of a coordinated action: "book rooms, rent equipment and sign up for classes" is three
 * actions; "handle receipts, expenses and wages" is one verb over three objects.
 */
export function splitActions(action: Token[]): Token[][] {
  const parts: Token[][] = [[]];
  action.forEach((t, i) => {
    const next = action[i + 1];
    const prev = action[i - 1];
    const joins =
      t.text === "," ||
      t.text === "/" ||
      t.text === "&" ||
      (t.pos === "CCONJ" && (t.normal === "and" || t.normal === "or"));
    // "fast and reliable": adjectives joined to adjectives stay together; phrases headed by a verb or noun split.
    const adjectives = next?.pos === "ADJ" && prev?.pos === "ADJ";
    if (joins && next && !adjectives && next.pos !== "ADV" && parts.at(-1)!.length) {
      parts.push([]);
      return;
    }
    if (joins && !parts.at(-1)!.length) return;
    parts.at(-1)!.push(t);
  });
  const conjuncts = parts.filter((p) => p.some((t) => t.pos !== "PUNCT" && t.pos !== "CCONJ"));
  if (conjuncts.length < 2) return [action];
  const first = conjuncts[0]!;
  const startsWithVerb = (p: Token[]) => p[0]!.pos === "VERB" || p[0]!.pos === "AUX";
  // Later conjuncts without a verb are objects of the first one's verb (and its preposition).
  const objectStart = (() => {
    let at = first.length;
    for (let i = first.length - 1; i >= 0; i -= 1) {
      const t = first[i]!;
      if (t.pos === "VERB" || t.pos === "ADP" || t.pos === "AUX") break;
      at = i;
    }
    return at;
  })();
  const prefix = startsWithVerb(first) ? first.slice(0, objectStart) : [];
  // After a verb taking a direct object, a later conjunct of two words or more whose first word can
  // be a verb is an action of its own ("book rooms, rent equipment"); after a preposition it is an object.
  const directObject = prefix.at(-1)?.pos === "VERB";
  const verbFirst = (p: Token[]) =>
    startsWithVerb(p) ||
    (p !== first &&
      p.length >= 2 &&
      p[0]!.pos !== "DET" &&
      (directObject || p[1]!.pos === "PRON" || p[1]!.pos === "DET") &&
      isVerb(p[0]!.normal));
  const out = conjuncts.map((part, i) =>
    i === 0 || verbFirst(part) || !prefix.length ? part : [...prefix, ...part],
  );
  // "view and cancel bookings": a bare verb borrows the next conjunct's object.
  const asVerb = (part: Token[]) =>
    verbFirst(part) && !startsWithVerb(part)
      ? [{ ...part[0]!, pos: "VERB" as const, lemma: part[0]!.normal }, ...part.slice(1)]
      : part;
  const verbs = out.map(asVerb);
  return verbs.map((part, i, all) => {
    const next = all[i + 1];
    if (part.length === 1 && startsWithVerb(part) && next && startsWithVerb(next))
      return [...part, ...next.slice(1)];
    // "allocate sufficient staff and schedule it": "it" is the staff.
    const previous = all[i - 1];
    if (part.length === 2 && startsWithVerb(part) && /^(?:it|them)$/.test(part[1]!.normal) && previous) {
      const object = bareNounPhrase(previous.slice(1)).filter((t) => t.pos !== "ADJ");
      const the: Token = {
        ...object[0]!,
        text: "the",
        normal: "the",
        lemma: "the",
        pos: "DET",
        start: -1,
        end: -1,
      };
      if (object.length) return [part[0]!, the, ...object];
    }
    return part;
  });
}

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
function actionOfNoun(said: Token[]): { action: string; name: string; role?: string } | null {
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
function actionOfVerb(tokens: Token[]): string {
  const [verb, ...rest] = tokens;
  const base = baseOf(verb!);
  return [base, text(rest)].filter(Boolean).join(" ");
}

/**
 * A verb's base form: the tagger's lemma in context, or the word itself when it was read as a
 * noun and carries no ending ("rent equipment" is "rent", not the past of "rend").
 */
function baseOf(verb: Token): string {
  if (verb.lemma === "be") return "be";
  if (!/(?:s|ed|ing)$/.test(verb.normal) && isVerb(verb.normal)) return verb.normal;
  return verb.lemma && verb.lemma !== verb.normal ? verb.lemma : infinitive(verb.normal);
}

/** A feature name for a verb phrase: its object and the verb's -ing form ("Appointment booking"). */
function featureOfVerb(tokens: Token[]): string {
  const [verb, ...rest] = tokens;
  const lemma = baseOf(verb!);
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
    const head = clause.slice(1, 5).find((t) => t.pos === "NOUN");
    return capitalise(head ? `${singular(head.normal)} ${gerund(lemma)}` : gerund(lemma));
  }
  if (LIGHT_VERBS.has(lemma) && object.length) {
    // "get insights into appointment trends" → "Appointment trend insights"
    const after = rest.slice(objectTokens.length);
    const about =
      after[0]?.pos === "ADP" && /^(?:into|about|of|for)$/.test(after[0].normal)
        ? bareNounPhrase(after.slice(1, 4))
        : [];
    if (about.length) return capitalise(`${singularPhrase(about)} ${lower(text(object))}`);
    // "see every technician on one map" → "Technician view"; "get low-stock alerts" → "Low-stock alerts".
    const noun = LIGHT_VERB_NOUN[lemma];
    return capitalise(noun ? `${singularPhrase(object)} ${noun}` : lower(text(object)));
  }
  if (object.length) return capitalise(`${singularPhrase(object.slice(-3))} ${gerund(lemma)}`);
  // No object: the verb and what follows its preposition ("Syncing with the digital diary").
  const phrase = [gerund(lemma), ...rest.slice(0, 4).map((t) => lower(t.text))].join(" ");
  return capitalise(phrase.replace(/\s+(?:the|a|an|to|of|with|for|and|or)$/, ""));
}

/** "appointment trends" → "appointment trend": the phrase as a modifier. */
/** Lower case, but acronyms keep their capitals ("SMS reminders"). */
const lower = (said: string) =>
  said.replace(/[\p{L}\p{N}'-]+/gu, (w) => (/^[A-Z]{2,}s?$/.test(w) ? w : w.toLowerCase()));

const singularPhrase = (tokens: Token[]) => singular(lower(text(tokens)));

const topicOf = (tokens: Token[]) => lower(text(bareNounPhrase(tokens)));

/**
 * Verb phrases of a coordinated action, cut only where a conjunct starts with a verb of its own:
 * "book rooms, rent bikes and sign up for tours" is three; "handle receipts, expenses and wages" and
 * "ensure cover during peak and slow times" stay whole, so no piece is a fragment ("slow times").
 */
/** "keeps", "provides": a verb in the form a relative clause gives it. */
const thirdPerson = (t: Token) => t.normal !== t.lemma && /[^s]s$/.test(t.normal);

export function verbPhrases(said: Token[]): Token[][] {
  const action = [...said];
  const parts: Token[][] = [[]];
  action.forEach((t, i) => {
    const joins = t.text === "," || t.text === ";" || (t.pos === "CCONJ" && /^(?:and|or)$/.test(t.normal));
    let at = i + 1;
    while (action[at] && (action[at]!.pos === "CCONJ" || action[at]!.text === ",")) at += 1;
    while (action[at]?.pos === "ADV") at += 1;
    const next = action[at];
    // A verb in its base form, or in a comma list of actions a word the tagger took for a noun ("view availability").
    const current = parts.at(-1)!;
    const actsDirectly = action[0]?.pos === "VERB" && !current.some((x) => x.pos === "ADP");
    // "…, keeps track of supplies and provides reports": in a relative clause, the first verb's form.
    const verbHere =
      next !== undefined &&
      ((next.normal === infinitive(next.normal) &&
        (next.pos === "VERB" ||
          (t.text === "," && next.pos === "NOUN" && isVerb(next.normal) && actsDirectly))) ||
        (next.pos === "VERB" && action[0]?.pos === "VERB" && thirdPerson(next) && thirdPerson(action[0])));
    const ownVerb =
      verbHere && action.slice(at + 1).some((x) => x.pos === "NOUN" || x.pos === "PROPN" || x.pos === "PRON");
    const hasVerbAndObject =
      current.some((x) => x.pos === "VERB") && current.some((x) => ["NOUN", "PROPN", "PRON"].includes(x.pos));
    if (joins && ownVerb && hasVerbAndObject) {
      parts.push([]);
      // Read as the verb it is: "view" in "…, view availability".
      if (next.pos !== "VERB") action[at] = { ...next, pos: "VERB", lemma: next.normal };
      return;
    }
    if (joins && !current.length) return;
    current.push(t);
  });
  return parts.filter((p) => p.some((t) => t.pos !== "PUNCT" && t.pos !== "CCONJ"));
}

/**
 * Stories for one found need (one per action), or [] when it does not read as a story. `whole`
 * keeps the objects of one verb together and cuts only between verb phrases (the requirements
 * writer); without it every conjunct is its own action (what the interviewer reads back).
 */
export function draftStories(
  need: FoundNeed,
  speakerRole: string | null,
  options: { whole?: boolean } = {},
): StoryDraft[] {
  const ends = endsOf(need.ends);
  const conditionsOf = (part: Token[]) =>
    need.conditions.filter((_, i) => !need.anchors[i] || part.includes(need.anchors[i]!)).map(text);
  const subjectIsThing = need.trigger !== "list" && isThingSubject(need.subject) && !need.actor.length;
  const actorIsThing = need.actor.length > 0 && isThingSubject(need.actor);
  // Who was said to want it ("Learners want to see their progress"): their words are the role's own.
  const saidRole = roleOf(need.actor) ?? (subjectIsThing ? null : roleOf(need.subject));
  const role = saidRole ?? speakerRole;
  const drafts: StoryDraft[] = [];
  if (need.trigger === "complaint") {
    // "the scheduling and allocation of staff has become an issue" → improve the scheduling of staff.
    const phrase = need.action;
    const of = phrase.findIndex((t) => t.normal === "of");
    const head = bareNounPhrase(phrase.slice(0, of < 0 ? phrase.length : of)).filter(
      (t) => t.pos !== "CCONJ",
    );
    const owner = of < 0 ? [] : bareNounPhrase(phrase.slice(of + 1));
    if (!head.length) return [];
    const object = text(phrase).replace(/^(?:The|A|An|Our|My)\b/, (w) => w.toLowerCase());
    const name = owner.length
      ? `${singularPhrase(owner)} ${lower(text(head.slice(0, 1)))}`
      : lower(text(head));
    return [
      {
        role: speakerRole,
        action: `improve ${object}`,
        ends: null,
        conditions: [],
        feature: shorten(capitalise(name)),
        topic: name,
      },
    ];
  }
  const split = options.whole && need.trigger !== "list" ? verbPhrases : splitActions;
  for (const part of split(nounReading(need.action))) {
    const conditions = conditionsOf(part);
    // The whole means keeps its list's commas: "handle receipts, expenses and wages".
    const kept = (t: Token, i: number) =>
      t.pos !== "PUNCT" ||
      t.text === "-" ||
      (options.whole === true && t.text === "," && i > 0 && i < part.length - 1);
    const tokens = part.filter(kept);
    // "…, too", "… as well", "… really": hedges go; "update automatically" keeps its manner.
    while (tokens.length && (tokens.at(-1)!.pos === "INTJ" || HEDGES.has(tokens.at(-1)!.normal)))
      tokens.pop();
    if (!tokens.length) continue;
    // "Tracking receipts is the highest priority": a gerund with its object is an action.
    if (
      tokens[0]!.pos !== "VERB" &&
      /ing$/.test(tokens[0]!.normal) &&
      tokens.length > 1 &&
      isVerb(infinitive(tokens[0]!.normal))
    )
      tokens[0] = { ...tokens[0]!, pos: "VERB", lemma: infinitive(tokens[0]!.normal) };
    const first = tokens[0]!;
    let action: string;
    let feature: string;
    let topic: string;
    // "automated record management" in a list is a thing, though it starts with a participle.
    const participle =
      need.trigger === "list" && first.pos === "VERB" && /ed$/.test(first.normal) && tokens.length > 1;
    if ((first.pos === "VERB" || first.pos === "AUX") && !participle) {
      if (first.lemma === "be") {
        const passive = passiveAction(
          tokens,
          subjectIsThing ? need.subject : actorIsThing ? need.actor : null,
          need.subject,
        );
        if (passive === "rule") continue;
        if (passive) {
          if (saidRole) passive.action = firstPerson(passive.action);
          drafts.push({
            role,
            action: passive.action,
            ends,
            conditions,
            feature: shorten(passive.feature),
            topic: passive.topic,
          });
          continue;
        }
      }
      const receiving = RECEIVING_VERB[infinitive(first.normal)];
      const thing = subjectIsThing ? need.subject : actorIsThing ? need.actor : null;
      // "notify the client and staff of changes" has someone to notify: the speaker does it.
      const notifies = / /.test(receiving ?? "") && ["DET", "NOUN", "PROPN"].includes(tokens[1]?.pos ?? "");
      if ((thing || need.trigger === "list") && receiving && !(options.whole && notifies)) {
        // "the system should provide low-stock alerts": the person gets them.
        const rest = tokens.slice(1).filter((t, i) => !(i === 0 && t.pos === "PRON"));
        action = [receiving, text(rest)].filter(Boolean).join(" ");
        const named = RECEIVED_NAME[infinitive(first.normal)];
        feature =
          named && !bareNounPhrase(rest).length
            ? capitalise(named)
            : featureOfVerb([{ ...first, normal: receiving.split(" ")[0]! }, ...rest]);
      } else if (thing && !actsOnSomething(tokens)) {
        // "This addition should allow …": the thing is one said before; it is not named again.
        if (options.whole && thing.some((t) => /^(?:this|that|these|those|it)$/.test(t.normal))) continue;
        // "I'd like the routes to update automatically": nothing to act on, so the thing does it.
        const named = lower(text(bareNounPhrase(thing)));
        action = `have the ${named} ${actionOfVerb(tokens)}`;
        feature = capitalise(`${singularPhrase(bareNounPhrase(thing).slice(-2))} ${gerund(baseOf(first))}`);
      } else {
        action = actionOfVerb(tokens);
        feature = featureOfVerb(tokens);
      }
      const about = isThingSubject(need.subject) ? need.subject : thing;
      topic = about ? topicOf(about) : lower(feature);
    } else {
      const noun = actionOfNoun(tokens);
      if (!noun) continue;
      if (noun.role) {
        drafts.push({
          role: noun.role,
          action: noun.action,
          ends,
          conditions,
          feature: shorten(noun.name),
          topic: lower(noun.name),
        });
        continue;
      }
      action = noun.action;
      feature = noun.name;
      topic = lower(noun.name);
    }
    action = action.replace(/[.\s]+$/, "");
    // "do that", "have it", a lone "pass": a verb with nothing to act on but a pronoun is no need.
    const said = tokens.filter((t) => t.pos !== "PUNCT");
    const vague =
      LIGHT_VERBS.has(said[0]?.lemma ?? "") &&
      // "see their progress" names a thing; "do it" does not.
      ((said[1]?.pos === "PRON" &&
        !(/^(?:my|our|their|your|his|her)$/.test(said[1].normal) && said[2]?.pos === "NOUN")) ||
        (said[1]?.pos === "DET" &&
          /^(?:that|this|those|these)$/.test(said[1].normal) &&
          said[2]?.pos !== "NOUN") ||
        said
          .slice(1)
          .every((t) => t.pos === "PRON" || t.pos === "ADV" || t.pos === "DET" || t.pos === "PART"));
    if (vague || (said.length === 1 && !need.ends.length && !conditions.length)) continue;
    // "Customers should be able to cancel their booking": the story is told by the customer.
    if (saidRole) action = firstPerson(action);
    // "a booking system for clients to make appointments": the clients' story, in the system's feature.
    const purpose = forWhomTo(tokens);
    if (purpose) {
      drafts.push({
        role: purpose.role,
        action: firstPerson(purpose.action),
        ends,
        conditions,
        feature: shorten(purpose.feature),
        topic,
      });
      continue;
    }
    drafts.push({ role, action, ends, conditions, feature: shorten(feature), topic });
  }
  return drafts;
}

/** Whether a verb has an object ("send reminders", "show new bookings"); "arrive daily" has none. */
const actsOnSomething = (tokens: Token[]) => {
  const [, next, after] = tokens;
  if (["DET", "NOUN", "PROPN", "PRON", "NUM"].includes(next?.pos ?? "")) return true;
  return next?.pos === "ADJ" && ["NOUN", "PROPN", "ADJ"].includes(after?.pos ?? "");
};

const firstPerson = (action: string) =>
  action
    .replace(/\btheir\b/g, "my")
    .replace(/\bthem\b/g, "me")
    .replace(/\bthemselves\b/g, "myself")
    .replace(/\bthey\b/g, "I");

/** The ends as said, after its marker: "so that I can plan staff" → "I can plan staff"; "to run the business" → "I can run the business". */
function endsOf(tokens: Token[]): string | null {
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
function forWhomTo(tokens: Token[]): { role: string; action: string; feature: string } | null {
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
function passiveAction(
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
    const object = text(thing).replace(/^(?:The|A|An|My|Our|Any|All|Every|Each|Some)\b/, (w) =>
      w.toLowerCase(),
    );
    const verb = baseOf(second);
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

/** At most five words: the head and the words nearest it. */
function shorten(name: string): string {
  const words = name.split(/\s+/);
  return capitalise(words.length <= 5 ? name : words.slice(-5).join(" "));
}
