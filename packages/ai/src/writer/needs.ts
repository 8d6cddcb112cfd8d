/**
 * Step 1 of the writer: needs found by grammar in one participant sentence. A need is a desire
 * ("we want to …", "I'd like …"), an obligation ("clients should be able to …"), a wish ("it would be
 * great if …") or a list of wanted things ("key features include …"); the words after it are cut
 * into the action, who acts, why (the ends) and under which conditions.
 */
import { infinitive, isVerb } from "../text/grammar";
import { looksMisspelt, swappedLetters } from "../text/lexicon";
import { analyze, type Sentence, type Token, tokensOf } from "../text/nlp";
import { isPersonNoun } from "./people";
import {
  ABILITY_NOUNS,
  COMPLEMENT_NOUNS,
  CONDITIONAL_DESIRE,
  DESIRE_VERBS,
  DISCOURSE_VERBS,
  ENABLING_VERBS,
  HEDGES,
  LISTING_VERBS,
  NEED_NOUNS,
  OBLIGATION_MODALS,
  OBLIGATION_VERBS,
  OPINION_VERBS,
  PROBLEM_ADJECTIVES,
  PROBLEM_NOUNS,
  WISH_ADJECTIVES,
} from "./vocabulary";

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

const isWord = (t: Token | undefined, ...normals: string[]) => t !== undefined && normals.includes(t.normal);
const isNounish = (t: Token) => t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "PRON";
const isVerbish = (t: Token) => t.pos === "VERB" || t.pos === "AUX";

/** Markers that start the ends of a need. */
function endsAt(tokens: Token[], i: number): number {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  if (t.normal === "so" && (isWord(next, "that") || (next && (next.pos === "PRON" || next.pos === "NOUN"))))
    return i;
  if (t.normal === "because" || t.normal === "since") return i;
  // "…, as it ensures timely reordering"
  if (t.normal === "as" && tokens[i - 1]?.text === "," && next?.pos === "PRON") return i;
  if (t.normal === "in" && isWord(next, "order") && isWord(tokens[i + 2], "to")) return i;
  return -1;
}

// "the day before each visit", "until noon" stay in the action: they say when, not whether.
const CONDITION = new Set(["if", "when", "whenever", "unless", "once"]);

/** "in case someone calls" is a condition too. */
const conditionAt = (tokens: Token[], i: number) =>
  (CONDITION.has(tokens[i]!.normal) && i > 1) ||
  (tokens[i]!.normal === "in" && tokens[i + 1]?.normal === "case");

/**
 * Where a run-in heading ends: "Cancellation and Rescheduling: Clients should be able to …" says
 * its need after the colon; the title words before it are no part of the need.
 */
function headingEnd(tokens: Token[]): number {
  const colon = tokens.findIndex((t) => t.text === ":");
  if (colon < 1 || colon > 10 || !/^\p{Lu}/u.test(tokens[0]!.text)) return 0;
  const title = tokens
    .slice(0, colon)
    .every((t) => /^\p{Lu}/u.test(t.text) || ["CCONJ", "PUNCT", "SYM", "ADP", "DET"].includes(t.pos));
  return title ? colon + 1 : 0;
}

/** Clauses of a sentence: split at ";" and at a conjunction that starts a new subject and verb. */
export function clausesOf(sentence: Sentence): Token[][] {
  const out: Token[][] = [];
  let current: Token[] = [];
  const tokens = sentence.tokens.slice(headingEnd(sentence.tokens));
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    const after = tokens[i + 2];
    // "…, but the employees need to …": a subject of its own, then its verb.
    let j = i + 1;
    if (tokens[j]?.pos === "DET") j += 1;
    while (tokens[j] && (tokens[j]!.pos === "NOUN" || tokens[j]!.pos === "ADJ")) j += 1;
    const nounSubject =
      j > i + 1 && tokens[j - 1]?.pos === "NOUN" && tokens[j] !== undefined && isVerbish(tokens[j]!);
    // "…, aswell we need a system": after a comma, a subject pronoun and its verb start a clause.
    // (a reason, "…, so we cannot …", stays with its clause)
    const skip =
      next && !next.stop && (next.pos === "ADV" || next.pos === "NOUN") && after?.pos === "PRON" ? 1 : 0;
    const subject = tokens[i + 1 + skip];
    const verb = tokens[i + 2 + skip];
    const commaSplice =
      t.text === "," &&
      subject?.pos === "PRON" &&
      /^(?:i|we|they|you)$/.test(subject.normal) &&
      verb !== undefined &&
      isVerbish(verb);
    const newClause =
      t.text === ";" ||
      commaSplice ||
      (t.pos === "CCONJ" &&
        (t.normal === "but" || t.normal === "and" || t.normal === "or") &&
        ((next !== undefined &&
          next.pos === "PRON" &&
          next.normal !== "it" &&
          after !== undefined &&
          isVerbish(after)) ||
          (t.normal === "but" && nounSubject)));
    if (newClause) {
      if (current.length) out.push(current);
      current = t.text === ";" ? [] : [];
      return;
    }
    // "… to make appointments Keep track of supplies …": a list pasted without its line breaks.
    const before = tokens[i - 1];
    const listItem =
      i > 0 &&
      // ("Keep track of …" read as a name at its capital)
      (t.pos === "VERB" ||
        (t.pos === "PROPN" &&
          t.normal === infinitive(t.normal) &&
          next?.pos === "NOUN" &&
          !/ing$/.test(before?.normal ?? "") &&
          ["VERB", "PUNCT", "ADV"].includes(before?.pos ?? ""))) &&
      before?.pos !== "ADP" &&
      before?.pos !== "DET" &&
      /^[A-Z][a-z]/.test(t.text) &&
      before !== undefined &&
      /^[a-z)]/.test(before.text) &&
      isVerb(t.normal);
    if (listItem && current.length) {
      out.push(current);
      current = [];
    }
    current.push(t);
  });
  if (current.length) out.push(current);
  // A bullet's dash or star is no part of what was said.
  return out
    .map((c) => {
      let start = 0;
      while (c[start] && (c[start]!.pos === "PUNCT" || c[start]!.pos === "SYM") && c[start]!.text !== "(")
        start += 1;
      return c.slice(start);
    })
    .filter((c) => c.some((t) => t.pos !== "PUNCT"));
}

interface Trigger {
  kind: NeedTrigger | "subjects" | "complaint" | "wanted";
  /** Index of the first token after the trigger. */
  rest: number;
  subjectEnd: number;
  negated: boolean;
}

/** A desire verb as typed in a hurry: "i wnat to …" is "i want to …" after a pronoun. */
function desireLemma(t: Token, prev: Token | undefined): string {
  if (DESIRE_VERBS.has(t.lemma) || prev?.pos !== "PRON") return t.lemma;
  return [...DESIRE_VERBS].find((verb) => verb.length >= 4 && swappedLetters(t.normal, verb)) ?? t.lemma;
}

/** Finds the first need construction in a clause. */
function triggerOf(tokens: Token[]): Trigger | null {
  for (let i = 0; i < tokens.length; i += 1) {
    const raw = tokens[i]!;
    const t = { ...raw, lemma: desireLemma(raw, tokens[i - 1]) };
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    const negatedHere = t.negated || isWord(next, "not", "never") || isWord(prev, "never");
    // "would be great if …"
    if (t.lemma === "be" && isWord(prev, "would", "'d", "will") && next && WISH_ADJECTIVES.has(next.lemma)) {
      const at = tokens.findIndex(
        (x, j) => j > i + 1 && (x.normal === "if" || x.normal === "to" || x.normal === "that"),
      );
      if (at > 0) return { kind: "wish", rest: at + 1, subjectEnd: at + 1, negated: false };
    }
    const afterWould = isWord(prev, "would", "'d", "d");
    const typo = t.lemma !== raw.lemma;
    if (DESIRE_VERBS.has(t.lemma) && (t.pos === "VERB" || t.pos === "AUX" || afterWould || typo)) {
      if (CONDITIONAL_DESIRE.has(t.lemma) && !afterWould) continue;
      // "I need" but not "the needs"; a person or pronoun before it.
      const before = tokens.slice(Math.max(0, i - 4), i);
      if (!before.some(isNounish)) continue;
      // "Screen reader support is required by our school customers": the subject is what is wanted.
      const auxiliary = prev?.pos === "ADV" ? tokens[i - 2] : prev;
      if (auxiliary?.lemma === "be" && auxiliary.pos === "AUX" && t.lemma !== "like")
        return { kind: "wanted", rest: i + 1, subjectEnd: i - 1, negated: negatedHere };
      // "manicures require an appointment" states a rule of today, not a wish.
      if (
        !afterWould &&
        !typo &&
        !before.some((x) => x.pos === "PRON" || isPersonNoun(x)) &&
        (t.lemma === "require" || t.lemma === "need" || t.lemma === "expect")
      )
        continue;
      // "I don't think we need …": the negation belongs to the thinking, not the need.
      const negated = negatedHere && !tokens.slice(0, i).some((x) => x.lemma === "think" && x.negated);
      return {
        kind: "desire",
        rest: i + 1,
        subjectEnd: i,
        negated: negated || (t.negated && !before.some((x) => x.lemma === "think")),
      };
    }
    if (OBLIGATION_MODALS.has(t.lemma) && t.pos === "AUX") {
      let rest = i + 1;
      let negated = false;
      while (tokens[rest] && (isWord(tokens[rest], "not", "never", "n't") || tokens[rest]!.pos === "ADV")) {
        if (isWord(tokens[rest], "not", "never", "n't")) negated = true;
        rest += 1;
      }
      if (t.lemma === "ought" && isWord(tokens[rest], "to")) rest += 1;
      return { kind: "obligation", rest, subjectEnd: i, negated };
    }
    if (OBLIGATION_VERBS.has(t.lemma) && isWord(next, "to") && tokens[i + 2] && isVerbish(tokens[i + 2]!)) {
      if (t.lemma === "got" && !isWord(prev, "have", "'ve", "'s")) continue;
      // "for most of them you had to log in": a past obligation reports what was, not a need.
      if (/^(?:had|needed)$/.test(t.normal)) continue;
      // "which I have to give to the accountant": the speaker's own "have to" tells today's chore.
      if (t.lemma !== "need" && tokens.slice(Math.max(0, i - 3), i).some((x) => /^(?:i|we)$/.test(x.normal)))
        continue;
      return { kind: "obligation", rest: i + 2, subjectEnd: i, negated: negatedHere };
    }
    // "Client booking and diary syncing are the highest priorities": the subjects are the needs.
    if (t.lemma === "be" && t.pos === "AUX" && i > 0) {
      const complement = tokens.slice(i + 1).find((x) => x.pos === "NOUN" || x.pos === "ADJ");
      const head = tokens.slice(i + 1).find((x) => x.pos === "NOUN");
      if (
        (head && NEED_NOUNS.has(head.lemma)) ||
        (complement?.pos === "ADJ" &&
          WISH_ADJECTIVES.has(complement.lemma) &&
          !tokens.slice(i + 1).some((x) => x.normal === "if" || x.normal === "to"))
      )
        return { kind: "subjects", rest: 0, subjectEnd: i, negated: negatedHere };
    }
    // "The scheduling of staff has become a real problem": today's pain is a need to improve it.
    if ((t.lemma === "be" || t.lemma === "become") && isVerbish(t) && i > 0) {
      const complement = tokens.slice(i + 1, i + 5);
      const problem = complement.find(
        (x) =>
          (x.pos === "NOUN" && PROBLEM_NOUNS.has(x.lemma)) ||
          (x.pos === "ADJ" && PROBLEM_ADJECTIVES.has(x.lemma)),
      );
      const before = tokens.slice(0, i).filter((x) => x.pos !== "AUX");
      const namesAThing =
        before.some((x) => x.pos === "NOUN") && !before.some((x) => x.pos === "PRON" || x.pos === "VERB");
      if (problem && namesAThing && !negatedHere)
        return { kind: "complaint", rest: 0, subjectEnd: i, negated: false };
    }
    // "Key features include a booking system, …"
    if (LISTING_VERBS.has(t.lemma) && isVerbish(t)) {
      const subject = tokens.slice(0, i).filter((x) => x.pos === "NOUN");
      if (subject.some((x) => NEED_NOUNS.has(x.lemma)) && !tokens.slice(0, i).some((x) => x.pos === "VERB"))
        return { kind: "list", rest: i + 1, subjectEnd: i, negated: negatedHere };
    }
  }
  return null;
}

/** Skips "to", "be able to", "a way to", "the option of" before the action. */
function skipFrames(tokens: Token[], from: number): number {
  let i = from;
  for (let guard = 0; guard < 4; guard += 1) {
    const t = tokens[i];
    if (!t) break;
    if (t.normal === "to" && t.pos === "PART") {
      i += 1;
      continue;
    }
    if (t.lemma === "be" && isWord(tokens[i + 1], "able") && isWord(tokens[i + 2], "to")) {
      i += 3;
      continue;
    }
    if (t.normal === "able" && isWord(tokens[i + 1], "to")) {
      i += 2;
      continue;
    }
    // "a way to", "the option to", "the possibility of"
    const frame = t.pos === "DET" ? tokens[i + 1] : t;
    const link = tokens[t.pos === "DET" ? i + 2 : i + 1];
    if (frame && ABILITY_NOUNS.has(frame.lemma) && link && (link.normal === "to" || link.normal === "of")) {
      i += t.pos === "DET" ? 3 : 2;
      continue;
    }
    break;
  }
  return i;
}

/** The noun phrase starting at `from` (determiners, adjectives, nouns, possessives), as an index range. */
function nounPhraseEnd(tokens: Token[], from: number): number {
  let i = from;
  while (
    tokens[i] &&
    (["DET", "ADJ", "NOUN", "PROPN", "NUM", "PRON"].includes(tokens[i]!.pos) ||
      tokens[i]!.text === "-" ||
      tokens[i]!.text === "'s")
  )
    i += 1;
  return i;
}

/** "to run the business" after an object: what the action is for. */
function purposeAt(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  return (
    t.normal === "to" &&
    i >= 2 &&
    next?.pos === "VERB" &&
    prev !== undefined &&
    ["NOUN", "PROPN", "ADV", "ADJ"].includes(prev.pos) &&
    !COMPLEMENT_NOUNS.has(prev.lemma) &&
    // "a booking system for clients to make appointments" says who does what, not why.
    !tokens.slice(Math.max(0, i - 4), i).some((x) => x.normal === "for") &&
    tokens.slice(0, i).some((x) => x.pos === "VERB")
  );
}

/** "such as …", "e.g. …", ", like …", "including …": examples, left out of a minimal story. */
function examplesAt(tokens: Token[], i: number): boolean {
  const t = tokens[i]!;
  const next = tokens[i + 1];
  if (t.normal === "such" && next?.normal === "as") return true;
  if (t.normal === "for" && next?.normal === "example") return true;
  if (/^(?:e\.g\.?|eg|etc\.?|including)$/.test(t.normal)) return true;
  return t.normal === "like" && tokens[i - 1]?.text === ",";
}

/** Two verbs in the same form ("offers" and "provides", "book" and "view"). */
const sameForm = (a: Token | undefined, b: Token | undefined) =>
  a !== undefined &&
  b !== undefined &&
  a.pos === "VERB" &&
  b.pos === "VERB" &&
  a.normal.endsWith("s") === b.normal.endsWith("s") &&
  (a.normal !== a.lemma) === (b.normal !== b.lemma);

/** Cuts the tail of a need into action, ends and conditions. */
function cutTail(tokens: Token[]) {
  const action: Token[] = [];
  const ends: Token[] = [];
  const conditions: Token[][] = [];
  const anchors: Array<Token | undefined> = [];
  let mode: "action" | "ends" | "condition" | "examples" = "action";
  tokens.forEach((t, i) => {
    if (mode === "action" && examplesAt(tokens, i)) mode = "examples";
    if (mode === "examples") {
      if (t.text === ")") mode = "action";
      return;
    }
    if (t.text === "(") {
      mode = "examples";
      return;
    }
    if (mode === "action" && t.normal === "but" && t.pos === "CCONJ") mode = "examples";
    // "…, as managing shifts has become hard", "…, ensuring proper coverage": an aside on the need,
    // not part of it (nor its purpose).
    const afterComma = tokens[i - 1]?.text === "," && tokens.slice(0, i).some((x) => x.pos === "VERB");
    const next = tokens[i + 1];
    const aside =
      (t.normal === "as" && next !== undefined && next.pos !== "PRON" && next.normal !== "well") ||
      (t.pos === "VERB" && /ing$/.test(t.normal));
    if (mode === "action" && afterComma && aside) mode = "examples";
    if (mode === "examples") return;
    if (mode === "action" && purposeAt(tokens, i)) mode = "ends";
    else if (endsAt(tokens, i) === i && (mode === "action" || mode === "condition")) mode = "ends";
    // "… when supplies run out and provides reports": a verb like the action's own ends the condition.
    else if (mode === "condition" && t.pos === "CCONJ" && sameForm(tokens[i + 1], tokens[0])) mode = "action";
    else if (conditionAt(tokens, i) && (mode === "action" || (mode === "condition" && t.pos === "SCONJ"))) {
      mode = "condition";
      conditions.push([]);
      anchors.push(action.at(-1));
    }
    if (mode === "action") action.push(t);
    else if (mode === "ends") ends.push(t);
    else conditions.at(-1)!.push(t);
  });
  const trim = (list: Token[]) => {
    while (
      list.length &&
      ["PUNCT", "CCONJ", "ADP", "PART", "DET", "SCONJ"].includes(list.at(-1)!.pos) &&
      list.at(-1)!.text !== ")" &&
      // "the day before" says when
      !(/^(?:before|after)$/.test(list.at(-1)!.normal) && list.at(-2)?.pos === "NOUN")
    )
      list.pop();
    while (list.length && (list[0]!.pos === "INTJ" || list[0]!.pos === "PUNCT")) list.shift();
    return list;
  };
  const kept = conditions.map((c, i) => ({ c: trim(c), anchor: anchors[i] })).filter(({ c }) => c.length > 1);
  return {
    action: trim(action),
    ends: trim(ends),
    conditions: kept.map(({ c }) => c),
    anchors: kept.map(({ anchor }) => anchor),
  };
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
