/**
 * Step 1 of the writer: needs found by grammar in one participant sentence. A need is a desire
 * ("we want to …", "I'd like …"), an obligation ("clients should be able to …"), a wish ("it would be
 * great if …") or a list of wanted things ("key features include …"); the words after it are cut
 * into the action, who acts, why (the ends) and under which conditions.
 */
import { infinitive, isVerb, singular } from "../text/grammar";
import { looksMisspelt } from "../text/lexicon";
import { analyze, type Sentence, type Token, tokensOf } from "../text/nlp";
import { clausesOf, isVerbish, isWord } from "./clauses";
import { cutTail, nounPhraseEnd, skipFrames } from "./tail";
import { triggerOf } from "./triggers";
import {
  DESIRE_VERBS,
  DISCOURSE_VERBS,
  ENABLING_VERBS,
  HEDGES,
  NEED_NOUNS,
  OPINION_VERBS,
  WISH_ADJECTIVES,
} from "./vocabulary";

export { clausesOf };

export type NeedTrigger = "desire" | "obligation" | "wish" | "list" | "complaint";

export interface FoundNeed {
  trigger: NeedTrigger;
  /** Who is to act, as said, when it is not the speaker ("clients"); the thing when a system acts. */
  subject: Token[];
  /** The person the action enables ("enable clients to book": clients), if any. */
  actor: Token[];
  /** The action's tokens from its verb on (or the wanted thing, for a noun). */
  action: Token[];
  /** What it is for, as said ("so that …", "because …", "in order to …"). */
  ends: Token[];
  /** When it applies ("when supplies run low", "if a client cancels"). */
  conditions: Token[][];
  /** For each condition, the last action word before it: the condition belongs to that action. */
  anchors: Array<Token | undefined>;
  /** The need itself is negated: "we don't need a waitlist", "it must never …". */
  negated: boolean;
  /** The clause the need was read from, verbatim. */
  clause: Token[];
  sentence: Sentence;
}

/** The needs stated in one clause (at most one construction; coordination is split later). */
export function needOfClause(clause: Token[], sentence: Sentence): FoundNeed | null {
  if (sentence.text.trim().endsWith("?")) return null;
  // "so does the system offer …": a question, though typed without its question mark.
  const opening = clause.filter(
    (t) => t.pos !== "INTJ" && !/^(?:so|and|but|ok|okay|yes|no)$/.test(t.normal) && t.pos !== "PUNCT",
  );
  if (
    opening[0]?.pos === "AUX" &&
    /^(?:do|does|did|can|could|will|is|are)$/.test(opening[0].normal) &&
    opening[1] &&
    (opening[1].pos === "PRON" || opening[1].pos === "DET")
  )
    return null;
  const trigger = triggerOf(clause);
  if (!trigger) return null;
  // "In addition, the system should …": the subject follows the last comma before the verb.
  // (a comma inside brackets, "(e.g., adding slots)", is an example's)
  let depth = 0;
  const comma = clause.slice(0, trigger.subjectEnd).reduce((at, t, i) => {
    depth += t.text === "(" ? 1 : t.text === ")" ? -1 : 0;
    return t.text === "," && depth === 0 ? i : at;
  }, -1);
  const ownSubject = clause
    .slice(comma + 1, trigger.subjectEnd)
    .some((t) => t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "PRON");
  const lastComma = trigger.kind === "obligation" && ownSubject ? comma : -1;
  const subject = clause
    .slice(lastComma + 1, trigger.subjectEnd)
    .filter(
      (t) =>
        (t.pos !== "PUNCT" || t.text === "-") &&
        t.pos !== "AUX" &&
        t.pos !== "PART" &&
        t.pos !== "INTJ" &&
        !/^(?:yes|yeah|no|ok|okay|well|so)$/.test(t.normal),
    );
  if (trigger.kind === "wanted") {
    // The wanted thing is the subject; who wants it is the "by" phrase, if a person.
    const by = clause.findIndex((t, j) => j >= trigger.rest && t.normal === "by");
    const agent = by >= 0 ? clause.slice(by + 1).filter((t) => t.pos !== "PUNCT") : [];
    return plainNeed(
      {
        trigger: "list",
        subject: [],
        actor: agent,
        action: subject.filter((t) => t.pos !== "ADV"),
        negated: trigger.negated,
      },
      clause,
      sentence,
    );
  }
  if (trigger.kind === "complaint") {
    // What is a problem today is what they need improved (the participant's reason, not ours: unstated).
    // Its subject is what follows the last comma before the verb ("Due to …, the scheduling …").
    const lastComma = clause
      .slice(0, trigger.subjectEnd)
      .map((t) => t.text)
      .lastIndexOf(",");
    const thing = clause
      .slice(lastComma + 1, trigger.subjectEnd)
      .filter((t) => t.pos !== "AUX" && t.pos !== "PUNCT");
    return plainNeed(
      { trigger: "complaint", subject: thing, actor: [], action: thing, negated: false },
      clause,
      sentence,
    );
  }
  // "I don't think it will be the most useful one": an opinion against, not a refusal of a need.
  if (trigger.kind === "subjects" && trigger.negated) return null;
  if (trigger.kind === "subjects") {
    // "I would say the percentage is more important": what is wanted follows the opinion verb.
    const opinion = subject.findLastIndex(
      (t, j) => t.pos === "VERB" && OPINION_VERBS.has(t.lemma) && subject[j - 1]?.pos !== "DET",
    );
    if (opinion >= 0 && subject.slice(0, opinion).some((t) => t.pos === "PRON")) {
      const rest = subject.slice(opinion + 1).filter((t, j) => !(j === 0 && t.normal === "that"));
      if (rest.some((t) => t.pos === "NOUN" || t.pos === "PROPN"))
        return plainNeed(
          { trigger: "list", subject: [], actor: [], action: rest, negated: trigger.negated },
          clause,
          sentence,
        );
    }
    // The subject is the list: things ("an app and a website") or actions ("tracking receipts"). A
    // subject that is only "it" or "this", a clause of its own ("what you said") or a slip of the
    // keyboard ("yess taht") names nothing.
    const things = subject.filter((t) => (t.pos === "NOUN" || t.pos === "PROPN") && !looksMisspelt(t.normal));
    const ownClause = subject.some(
      (t, j) => t.pos === "PRON" && subject[j + 1] !== undefined && isVerbish(subject[j + 1]!),
    );
    const doing = subject.some((t) => t.pos === "VERB" && /ing$/.test(t.normal));
    if (!things.length && (ownClause || !doing)) return null;
    return plainNeed(
      { trigger: "list", subject: [], actor: [], action: subject, negated: trigger.negated },
      clause,
      sentence,
    );
  }
  // "One additional feature I would like to see is a CRM system": what is wanted follows "is".
  if (trigger.kind === "desire" && subject.some((t) => NEED_NOUNS.has(t.lemma))) {
    const be = clause.findIndex((t, j) => j >= trigger.rest && j <= trigger.rest + 2 && t.lemma === "be");
    if (be >= 0) {
      const wanted = clause.slice(be + 1).filter((t) => t.pos !== "PUNCT");
      return plainNeed(
        { trigger: "list", subject: [], actor: [], action: wanted, negated: trigger.negated },
        clause,
        sentence,
      );
    }
  }
  let start = skipFrames(clause, trigger.rest);
  let actor: Token[] = [];
  let kindSubject = subject;
  if (trigger.kind === "wish") {
    // "… if clients could pay online": the embedded clause's subject acts.
    const modal = clause.findIndex(
      (t, j) => j >= start && t.pos === "AUX" && /^(?:could|would|can|will|might)$/.test(t.normal),
    );
    const verb = clause.findIndex((t, j) => j >= start && t.pos === "VERB");
    const at = modal >= 0 && (verb < 0 || modal < verb) ? modal : verb;
    if (at < 0) return null;
    kindSubject = clause.slice(start, at);
    actor = kindSubject.filter((t) => t.pos !== "PRON" || !/^(?:i|we|you)$/.test(t.normal));
    start = skipFrames(clause, at + (modal === at ? 1 : 0));
  } else if (trigger.kind === "desire") {
    // "I want the system to send …" / "we need clients to confirm …": someone else acts.
    const end = nounPhraseEnd(clause, start);
    if (end > start && isWord(clause[end], "to") && clause[end + 1] && isVerbish(clause[end + 1]!)) {
      actor = clause.slice(start, end);
      start = skipFrames(clause, end);
    }
    // "I would like a system for my salon which offers …, keeps track of …": what it does is wanted.
    const relative = clause.findIndex(
      (t, j) =>
        j > start &&
        (t.normal === "which" || t.normal === "that") &&
        t.pos !== "DET" &&
        clause[j + 1]?.pos === "VERB",
    );
    if (relative > start && clause.slice(start, relative).every((t) => !isVerbish(t))) {
      const thing = clause.slice(start, relative).filter((t) => t.pos !== "ADP" && t.pos !== "PRON");
      kindSubject = thing.slice(0, nounPhraseEnd(thing, 0));
      actor = [];
      start = relative + 1;
    }
  }
  // "enable clients to book …", "let customers choose …"
  const first = clause[start];
  if (first && ENABLING_VERBS.has(first.lemma) && first.pos === "VERB") {
    const end = nounPhraseEnd(clause, start + 1);
    const after = skipFrames(clause, end);
    if (end > start + 1 && clause[after] && isVerbish(clause[after]!)) {
      actor = clause.slice(start + 1, end);
      start = after;
    }
  }
  const { action, ends, conditions, anchors } = cutTail(clause.slice(start));
  // "Providing low-stock alerts should be the highest priority": the subject is what is wanted.
  if (
    action[0]?.lemma === "be" &&
    action.some(
      (t) =>
        (t.pos === "NOUN" && NEED_NOUNS.has(t.lemma)) || (t.pos === "ADJ" && WISH_ADJECTIVES.has(t.lemma)),
    ) &&
    subject.some((t) => t.pos === "NOUN" || t.pos === "VERB")
  )
    return {
      trigger: "list",
      subject: [],
      actor: [],
      action: subject,
      ends,
      conditions,
      anchors,
      negated: trigger.negated,
      clause,
      sentence,
    };
  if (!action.some((t) => t.pos === "VERB" || t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "AUX"))
    return null;
  return {
    trigger: trigger.kind,
    subject: kindSubject,
    actor,
    action,
    ends,
    conditions,
    anchors,
    negated: trigger.negated,
    clause,
    sentence,
  };
}

/** A need with no ends or conditions of its own (a listed thing, a complaint, a subject list). */
function plainNeed(
  parts: Pick<FoundNeed, "trigger" | "subject" | "actor" | "action" | "negated">,
  clause: Token[],
  sentence: Sentence,
): FoundNeed {
  return { ...parts, ends: [], conditions: [], anchors: [], clause, sentence };
}

/**
 * "We need a system so that we can keep track of our supplies and …": a product named only for its
 * purposes, whose purposes are the needs ("keep track of our supplies"), or null.
 */
export function purposesOf(need: FoundNeed): FoundNeed[] | null {
  const head = need.action.filter((t) => t.pos === "NOUN").at(-1);
  if (!head || !PRODUCT_NOUNS.has(singular(head.normal)) || need.action.some(isVerbish)) return null;
  const purpose = /^(?:so(?: that)?|in order to)?\s*(?:i|we)\s+(?:can|could|will)\s+(.+)$/i.exec(
    need.ends.map((t) => t.text).join(" "),
  )?.[1];
  return purpose ? findNeeds(`I want to ${purpose}`) : null;
}

const PRODUCT_NOUNS = new Set(["system", "app", "application", "tool", "software", "platform", "solution"]);

/** Every need in a text, sentence by sentence and clause by clause. */
export function findNeeds(text: string): FoundNeed[] {
  const needs: FoundNeed[] = [];
  for (const sentence of analyze(text)) {
    for (const clause of clausesOf(sentence)) {
      const need = needOfClause(clause, sentence);
      if (need) needs.push(need);
    }
  }
  return needs;
}

/**
 * A wanted thing named without a verb, where the context says it is wanted: a bullet under a
 * summary's "Needs" heading, or the answer to "Which features would you like?" ("Online booking,
 * SMS reminders and a waitlist").
 */
export function needOfListedThing(clause: Token[], sentence: Sentence): FoundNeed | null {
  const words = clause.filter(
    (t) => t.pos !== "PUNCT" && t.pos !== "SYM" && t.pos !== "INTJ" && t.pos !== "X",
  );
  while (
    words[0] &&
    (words[0].pos === "CCONJ" ||
      HEDGES.has(words[0].normal) ||
      /^(?:yes|yeah|no|ok|okay|so|well)$/.test(words[0].normal))
  )
    words.shift();
  const finite = words.some(
    (t, i) => t.pos === "AUX" || (t.pos === "VERB" && !/(?:ing|ed)$/.test(t.normal) && i > 0),
  );
  if (finite || !words.some((t) => t.pos === "NOUN" || t.pos === "PROPN")) return null;
  if (sentence.text.trim().endsWith("?")) return null;
  // "no loyalty programs": a thing refused, never a story.
  const negated = clause.some((t) => t.negated || /^(?:no|not|none|without|never)$/.test(t.normal));
  return plainNeed({ trigger: "list", subject: [], actor: [], action: words, negated }, clause, sentence);
}

/**
 * A request in the imperative, where a list of them is given or needs were asked for: "Offer a
 * booking system for clients …", "Keep track of supplies …". Not "Tell me more" or "Let's see".
 */
export function needOfImperative(clause: Token[], sentence: Sentence): FoundNeed | null {
  // Brackets stay, so their examples stay out of the action.
  const words = clause.filter(
    (t) => (t.pos !== "PUNCT" && t.pos !== "SYM" && t.pos !== "INTJ") || /^[(),]$/.test(t.text),
  );
  while (words[0] && /^(?:yes|yeah|ok|okay|so|well|and|also|then|just|please)$/.test(words[0].normal))
    words.shift();
  const verb = words[0];
  if (!verb || !isImperative(verb) || words.length < 2) return null;
  if (sentence.text.trim().endsWith("?")) return null;
  const { action, ends, conditions, anchors } = cutTail(words);
  if (!action.length) return null;
  return {
    ...plainNeed({ trigger: "list", subject: [], actor: [], action, negated: false }, clause, sentence),
    ends,
    conditions,
    anchors,
  };
}

/** A verb in its base form that asks for something, not a turn of speech ("let", "see", "tell"). */
export const isImperative = (t: Token) =>
  (t.pos === "VERB" || isVerb(t.normal)) &&
  t.normal === infinitive(t.normal) &&
  !DISCOURSE_VERBS.has(t.normal);

/** True when a question or heading asks what is wanted: "Which features would you like?", "## Key needs". */
export function asksForNeeds(text: string): boolean {
  return tokensOf(text).some(
    (t) => (t.pos === "NOUN" && NEED_NOUNS.has(t.lemma)) || (t.pos === "VERB" && DESIRE_VERBS.has(t.lemma)),
  );
}
