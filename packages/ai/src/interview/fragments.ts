/**
 * Signs that a follow-up question names what it asks about by a fragment of the answer rather than
 * by a phrase a person would choose (issue 27), read with the text kit on the question itself, over
 * the words that fill its frame. A question with a sign is not asked: the frame is asked with
 * "that" instead ("What would that change for you?").
 */
import { analyze, type Token } from "../text";
import { lexnamesOf } from "../text/lexicon";
import { countNoun, strayCapital } from "./phrasing";

const CANNOT_START: ReadonlySet<Token["pos"]> = new Set(["ADP", "SCONJ", "CCONJ", "AUX", "PART", "PUNCT"]);
const CANNOT_END: ReadonlySet<Token["pos"]> = new Set(["DET", "ADP", "CCONJ", "SCONJ", "AUX", "PART"]);
const SUBJECT_PRONOUN = /^(?:i|we|you|they|he|she)$/;
const CLAUSE_START = /^(?:that|which|who|whom|whose|what|where|when|how|why|whether|if|because|while)$/;
/** A number followed by these counts per something: "12 bookings a week". */
const RATE = /^(?:a|an|per|each|every)$/;
/** Words that take a bare noun of means: "by phone", "per email", "via text". */
const MEANS = /^(?:by|per|via)$/;
const MAX_WORDS = 8;

/** A noun naming an amount of time, money or another measure: "hours", "percent", "euros". */
const measures = (t: Token) =>
  lexnamesOf(t.lemma).some((c) => c === "noun.time" || c === "noun.quantity" || c === "noun.measure") ||
  /^(?:percent|%)$/.test(t.normal);

export interface FragmentOptions {
  /** The phrase is a clause by design (a condition: "when supplies run low"). */
  clause?: boolean;
}

/**
 * Why the words filling a question's frame read as a fragment, or null when they read as a phrase:
 *  - more than eight words, or markup;
 *  - a first or last word no phrase starts or ends with ("in the new system", "handling when");
 *  - a gerund of a copula ("being automated", "letting the system be automated");
 *  - a clause inside ("you say the percentage", "how many customers might walk in");
 *  - a bare spelled-out number and noun that measures nothing ("two services"; "two hours", "12
 *    bookings" and "twelve bookings a week" are fine);
 *  - a singular count noun without a determiner ("booking system");
 *  - an ordinary word capitalised mid-sentence ("Stocks").
 */
export function fragmentIn(question: string, phrase: string, options: FragmentOptions = {}): string | null {
  if (!phrase || phrase === "that") return null;
  const at = question.indexOf(phrase);
  if (at < 0) return null;
  if (/[*_#`:;()"“”«»[\]]/.test(phrase)) return "markup";
  const all = analyze(question).flatMap((s) => s.tokens);
  const inside = all.filter((t) => t.start >= at && t.end <= at + phrase.length);
  const words = inside.filter((t) => t.pos !== "PUNCT" || t.text === "-");
  const first = words[0];
  const last = words.at(-1);
  if (!first || !last) return null;
  if (words.filter((t) => t.text !== "-").length > MAX_WORDS) return "more than eight words";
  if (!options.clause && CANNOT_START.has(first.pos)) return `starts with "${first.text}"`;
  if (
    CANNOT_END.has(last.pos) ||
    CLAUSE_START.test(last.normal) ||
    (SUBJECT_PRONOUN.test(last.normal) && last.pos === "PRON")
  )
    return `ends with "${last.text}"`;
  for (const [i, t] of words.entries()) {
    const next = words[i + 1];
    if (t.normal === "being" || (t.lemma === "be" && words.slice(0, i).some((w) => w.normal === "letting")))
      return "a gerund of a copula";
    if (i > 0 && strayCapital(t)) return `"${t.text}" capitalised mid-sentence`;
    if (!options.clause) {
      if (
        SUBJECT_PRONOUN.test(t.normal) &&
        t.pos === "PRON" &&
        next &&
        (next.pos === "VERB" || next.pos === "AUX")
      )
        return "a clause inside";
      if (CLAUSE_START.test(t.normal) && t.pos !== "DET" && words.slice(i + 1).some((w) => w.pos === "AUX"))
        return "a clause inside";
    }
    if (t.pos === "NUM" && next?.pos === "NOUN") {
      const before = all[all.indexOf(t) - 1];
      const rated = words
        .slice(i + 2)
        .some((w, j) => RATE.test(w.normal) && words[i + 3 + j]?.pos === "NOUN");
      const money = before && /^[$€£]$/.test(before.text);
      const figure = /\d/.test(t.text);
      if (!rated && !money && !figure && !measures(next) && before?.pos !== "DET")
        return "a bare number and noun";
    }
  }
  // A singular count noun heading a run of nouns and adjectives with nothing to determine it.
  let runStart = -1;
  for (let i = 0; i <= all.length; i += 1) {
    const t = all[i];
    const inRun = t && (t.pos === "NOUN" || t.pos === "ADJ" || t.pos === "PROPN" || t.text === "-");
    if (inRun && runStart < 0) runStart = i;
    if (inRun || runStart < 0) continue;
    const run = all.slice(runStart, i);
    const head = run.filter((r) => r.pos === "NOUN").at(-1);
    const before = all[runStart - 1];
    runStart = -1;
    if (!head || head !== run.at(-1) || !inside.includes(head)) continue;
    if (run.some((r) => r.pos === "PROPN" || /^[A-Z]{2,}/.test(r.text))) continue;
    // "at night", "by hand", "on paper": one bare noun after a preposition is an idiom, not a cut.
    const idiom = before?.pos === "ADP" && run.length === 1;
    const determined =
      idiom ||
      (before &&
        (["DET", "NUM", "PRON"].includes(before.pos) || before.text === "'s" || MEANS.test(before.normal)));
    if (!determined && countNoun(head)) return `"${run.map((r) => r.text).join(" ")}" has no determiner`;
  }
  return null;
}
