/**
 * Which construction states a need in a clause: a desire ("we want to"), an obligation ("clients
 * should"), a wish ("it would be great if"), a list ("key features include"), a complaint ("… has
 * become a real problem"), and where its subject ends and its action starts.
 */
import { swappedLetters } from "../text/lexicon";
import type { Token } from "../text/nlp";
import { isNounish, isVerbish, isWord } from "./clauses";
import type { NeedTrigger } from "./needs";
import { isPersonNoun } from "./people";
import {
  CONDITIONAL_DESIRE,
  DESIRE_VERBS,
  LISTING_VERBS,
  NEED_NOUNS,
  OBLIGATION_MODALS,
  OBLIGATION_VERBS,
  PROBLEM_ADJECTIVES,
  PROBLEM_NOUNS,
  WISH_ADJECTIVES,
} from "./vocabulary";

export interface Trigger {
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
export function triggerOf(tokens: Token[]): Trigger | null {
  for (let i = 0; i < tokens.length; i += 1) {
    const raw = tokens[i]!;
    const t = { ...raw, lemma: desireLemma(raw, tokens[i - 1]) };
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    const negatedHere = t.negated || isWord(next, "not", "never") || isWord(prev, "never");
    // "would be great if …"
    // "It's important that customers can see …" too.
    const wishFrame = isWord(prev, "would", "'d", "will") || (isWord(prev, "it") && i === 1);
    if (t.lemma === "be" && wishFrame && next && WISH_ADJECTIVES.has(next.lemma)) {
      const at = tokens.findIndex(
        (x, j) => j > i + 1 && (x.normal === "if" || x.normal === "to" || x.normal === "that"),
      );
      if (at > 0) return { kind: "wish", rest: at + 1, subjectEnd: at + 1, negated: false };
    }
    // "I'd like", and with a word between: "I'd also like", "we would really like".
    const afterWould =
      isWord(prev, "would", "'d", "d") || (prev?.pos === "ADV" && isWord(tokens[i - 2], "would", "'d", "d"));
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
