/**
 * What a story written by rules may say: the participant's need in plain words. A slip of the
 * keyboard is put right when one known word is a letter away ("acoording" → "according"); words
 * that only make sense beside the quote (a pronoun, "those changes"), talk about the interview, and
 * a goal with nothing to build are never written as a story. The quote keeps every word as said.
 */
import { articleFor, infinitive, singular } from "../text/grammar";
import { lexnamesOf, looksMisspelt } from "../text/lexicon";
import { type Token, tokensOf } from "../text/nlp";
import { isPersonNoun } from "./people";
import { BUSINESS_ITSELF, GOAL_NOUNS, POINTING_WORDS, PRODUCT_VERBS, TALK_VERBS } from "./refusals";
import { GENERIC_HEADS, LIGHT_VERBS } from "./vocabulary";

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** What a product is called when it is the one acting: "the system", "the scheduling feature". */
const PRODUCT_HEADS = new Set([...GENERIC_HEADS, "feature", "function", "functionality", "module"]);

/** Who speaks or is spoken of in a reason or a rule: "so that they …", "we must never …". */
const PEOPLE_SPEAKING = new Set(["they", "them", "we", "us", "you", "your", "me"]);

const known = (word: string) =>
  lexnamesOf(word).length > 0 ||
  lexnamesOf(infinitive(word)).length > 0 ||
  lexnamesOf(singular(word)).length > 0;

/** A near word WordNet knows, as written or with a plain ending taken off ("addressed" → "address"). */
const knownNear = (word: string) =>
  lexnamesOf(word).length > 0 ||
  [/s$/, /es$/, /ed$/, /d$/, /ing$/].some(
    (ending) => ending.test(word) && lexnamesOf(word.replace(ending, "")).length > 0,
  );

/** Small words typed with two letters swapped ("teh", "taht", "adn"). */
const SWAPPED_SMALL_WORDS = new Set([
  "the",
  "that",
  "and",
  "what",
  "with",
  "this",
  "they",
  "then",
  "them",
  "from",
  "have",
  "would",
  "their",
]);

/**
 * A slip of two letters swapped, when exactly one swap makes a small word ("teh" → "the") or a
 * word WordNet knows; else null: nobody can tell which was meant.
 */
function swapped(word: string): string | null {
  const swaps = new Set<string>();
  for (let i = 0; i < word.length - 1; i += 1)
    swaps.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  const meant = [...swaps].filter((w) => SWAPPED_SMALL_WORDS.has(w) || knownNear(w));
  return meant.length === 1 ? meant[0]! : null;
}

/** Every word one edit away: a letter left out, added, changed, or two swapped. */
function oneEditAway(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i += 1) {
    const [head, tail] = [word.slice(0, i), word.slice(i)];
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const c of LETTERS) {
      out.add(head + c + tail);
      if (tail) out.add(head + c + tail.slice(1));
    }
  }
  out.delete(word);
  return out;
}

/**
 * The word as it was meant: itself when WordNet knows it (or it is short, a name, or a compound),
 * the one known word a single edit away, or null when several are.
 * British and American spellings ("customisable") are both right.
 */
export function meantWord(token: Token): string | null {
  const said = `${token.pos} ${token.text} ${token.lemma} ${token.stop}`;
  if (!meant.has(said)) {
    if (meant.size > 5000) meant.clear();
    meant.set(said, meantWordOnce(token));
  }
  return meant.get(said)!;
}

const meant = new Map<string, string | null>();

/**
 * Real words typed for another that no dictionary check can catch, where the other is what a
 * product conversation means: "costumers" (people who make costumes) for "customers".
 */
const SLIPS_OF_REAL_WORDS: Record<string, string> = { costumer: "customer", costumers: "customers" };

function meantWordOnce(token: Token): string | null {
  const word = token.normal;
  const slip = SLIPS_OF_REAL_WORDS[word];
  if (slip) return slip;
  if (!["NOUN", "VERB", "ADJ", "ADV"].includes(token.pos) || token.pos === "PROPN") return word;
  if (looksMisspelt(word)) return swapped(word);
  if (word.length < 5 || /[^a-z]/.test(word) || /^[A-Z]/.test(token.text)) return word;
  if (
    token.stop ||
    known(word) ||
    known(token.lemma) ||
    known(word.replace(/is(e|ing|ed|es|able|ation)/, "iz$1"))
  )
    return word;
  // Two words run together ("cashbook", "overstaffed", "backend") are meant as written.
  const part = (w: string) => known(w) || tokensOf(w)[0]?.stop === true;
  for (let i = 2; i <= word.length - 2; i += 1)
    if (part(word.slice(0, i)) && part(word.slice(i))) return word;
  // None near: a word of the trade ("waitlists"); several: nobody can tell which was meant.
  const near = [...oneEditAway(word)].filter(knownNear);
  if (near.length === 1) return near[0]!;
  return near.length === 0 || word.length < 6 ? word : null;
}

/** Calendar words that "this" dates rather than points with ("this year"). */
const CALENDAR = /^(?:year|month|week|quarter|season|summer|winter|spring|autumn|term|semester)$/;

export type PlainWords =
  | { text: string }
  | { refused: "pointing" | "heading" | "fragment" | "talk" | "goal" | "spelling" };

/**
 * A story's means (or ends) in plain words, slips of the keyboard put right, or why it cannot be
 * written: a pronoun or pointing word ("us", "it", "those changes"), talk about the interview
 * ("thank you for your time"), a goal with nothing to build ("run the business more efficiently"),
 * or a word nobody can tell the meaning of. With `ownWords`, the story is the speaker's own, so
 * "me" is its role.
 */
export function plainWords(
  text: string,
  { means, ownWords = false }: { means: boolean; ownWords?: boolean },
): PlainWords {
  // Read in the sentence it will stand in, so "book" after "to" is a verb.
  const frame = means ? "I want to " : "so that ";
  const tokens = tokensOf(frame + text)
    .filter((t) => t.start >= frame.length)
    .map((t) => ({ ...t, start: t.start - frame.length, end: t.end - frame.length }));
  const pointing = (t: Token, i: number) => {
    // "view their schedules" after "employees"; "have their impact on bookings" and "get reminders
    // close to their shift time" point back to people only the quote names.
    // ("flow into the records on their own" means by themselves.)
    const onOwn = tokens[i - 1]?.normal === "on" && tokens[i + 1]?.normal === "own";
    if (means && t.normal === "their") return !onOwn && !tokens.slice(0, i).some(isPersonNoun);
    if (!POINTING_WORDS.has(t.normal)) return false;
    // "tracking that alerts me": in the speaker's own story, "me" is the one who wants it.
    if (ownWords && t.normal === "me") return false;
    // In the reason or a rule, "they" and "we" are the role itself: "so that they do not forget".
    if (!means && PEOPLE_SPEAKING.has(t.normal)) return false;
    // "so that my accountant gets it": in the reason, the thing the story's means names.
    // ("because the contract requires it": whatever "it" is, the reason is the contract's, no person's)
    if (
      !means &&
      /^(?:it|them)$/.test(t.normal) &&
      tokens[i - 1]?.pos === "VERB" &&
      tokens.slice(0, i - 1).some(isPersonNoun)
    )
      return false;
    // "… how many appointments we are expecting": in a clause of its own, "we" is the business.
    const clause = tokens
      .slice(0, i)
      .some((x) => /^(?:how|what|when|which|where|who|whether)$/.test(x.normal));
    if (clause && t.normal === "we") return false;

    const next = tokens[i + 1];
    // "this year", "next week": a time anyone can tell from the calendar.
    if (/^(?:this|these)$/.test(t.normal) && next && CALENDAR.test(next.normal)) return false;
    // "a system that sends …" relates, "one map" counts; "that functionality", "do that", "assign one" point.
    if (t.normal === "that")
      return (
        !["NOUN", "PROPN"].includes(tokens[i - 1]?.pos ?? "") &&
        (!next || ["NOUN", "ADJ", "ADP", "PUNCT"].includes(next.pos))
      );
    // ("be the only one who can …" points at nobody)
    if (t.normal === "one")
      return (
        means && tokens[i - 1]?.normal !== "only" && (!next || !["NOUN", "ADJ", "PROPN"].includes(next.pos))
      );
    return true;
  };
  // "have the percentage": the one thing, named as if already said.
  const theOne =
    means &&
    tokens.length === 3 &&
    /^(?:have|get)$/.test(tokens[0]!.lemma) &&
    tokens[1]!.normal === "the" &&
    tokens[2]!.pos === "NOUN";
  if (theOne || tokens.some(pointing)) return { refused: "pointing" };
  // "Staff Availability Insights", "Cancellation:": a heading run into the sentence, not what is
  // wanted ("Fast Accounts" is a name).
  const titled = (t: Token | undefined) => t !== undefined && /^[A-Z][a-z]/.test(t.text);
  const wordBefore = (i: number) => tokens.slice(0, i).findLast((x) => x.pos !== "PUNCT" && x.pos !== "SYM");
  const heading = tokens.some(
    (t, i) =>
      (titled(t) && tokens[i + 1]?.text === ":") ||
      (i > 0 && titled(t) && titled(tokens[i + 1]) && titled(tokens[i + 2])) ||
      // "staff Availability Insights", "scheduling Managing shifts": a title word straight after a noun
      (i > 0 &&
        titled(t) &&
        /^\p{Ll}/u.test(wordBefore(i)?.text ?? "") &&
        wordBefore(i)?.pos === "NOUN" &&
        (lexnamesOf(t.text.toLowerCase()).length > 0 || lexnamesOf(t.lemma).length > 0)),
  );
  if (heading) return { refused: "heading" };
  if (means) {
    // "have manually adjust schedules", "get finally having an overview": two verbs run together.
    const second = tokens.slice(1).find((t) => t.pos !== "ADV");
    if (
      /^(?:have|get)$/.test(tokens[0]?.normal ?? "") &&
      second?.pos === "VERB" &&
      !/ed$/.test(second.normal) &&
      // ("get reporting on staffing" names a thing)
      !(/ing$/.test(second.normal) && ["ADP", undefined].includes(tokens[tokens.indexOf(second) + 1]?.pos))
    )
      return { refused: "fragment" };
    const verb = tokens[0];
    if (verb && TALK_VERBS.has(verb.lemma)) return { refused: "talk" };
    // "reflect any changes made by the admin", "allow for adjustments": what the product does, which
    // no person does, so "I want to …" would name the wrong actor.
    if (verb && PRODUCT_VERBS.has(verb.lemma)) return { refused: "fragment" };
    // "do Fast Accounts": a name done, which says nothing of what is wanted of it.
    if (verb?.lemma === "do" && /^[A-Z]/.test(tokens[1]?.text ?? "")) return { refused: "fragment" };
    // "have the system coordinate between staff", "have the scheduling feature simplify …": what
    // the product does, with nobody's need in it.
    const productActs = tokens.findIndex(
      (t, i) => i > 1 && t.pos === "VERB" && PRODUCT_HEADS.has(tokens[i - 1]!.normal),
    );
    if (verb?.lemma === "have" && tokens[1]?.normal === "the" && productActs > 0)
      return { refused: "fragment" };
    const things = tokens.filter(
      (t, i) => t.pos === "NOUN" || t.pos === "PROPN" || (i > 0 && t.pos === "VERB" && /ing$/.test(t.normal)),
    );
    // "get notified", "have it": nothing named to build ("book online" names its act).
    if (!things.length && LIGHT_VERBS.has(verb?.lemma ?? "")) return { refused: "goal" };
    if (things.length && things.every((t) => GOAL_NOUNS.has(singular(t.normal)))) return { refused: "goal" };
    // "run the business more efficiently", "make the work in the salon faster": the act is on the
    // business itself ("manage business records" is on its records).
    const first = things[0];
    const after = first && tokens[tokens.indexOf(first) + 1];
    const head = first && after?.pos !== "NOUN" && after?.normal !== "'s";
    if (
      first &&
      head &&
      !/^(?:have|get)$/.test(verb?.lemma ?? "") &&
      BUSINESS_ITSELF.has(singular(first.normal))
    )
      return { refused: "goal" };
    // "have a basic 1h", "have integrated calendar same for …": a thing that is no noun phrase.
    if (verb?.lemma === "have" || verb?.lemma === "get") {
      const end = tokens.findIndex((t, i) => i > 0 && ["ADP", "SCONJ", "PUNCT", "PART"].includes(t.pos));
      const phrase = tokens.slice(1, end < 0 ? tokens.length : end);
      // ("reminders close to their shift" goes on with its own preposition; "a basic 1h" names no thing)
      const afterNoun = phrase.some(
        (t, i) =>
          i > 0 &&
          ["ADJ", "NUM"].includes(t.pos) &&
          phrase[i - 1]!.pos === "NOUN" &&
          tokens[tokens.indexOf(t) + 1]?.normal !== "to",
      );
      if (afterNoun || phrase.some((t) => t.pos === "NUM")) return { refused: "fragment" };
    }
  }
  let out = "";
  let from = 0;
  for (const [i, t] of tokens.entries()) {
    // "an booking system" is "a booking system".
    const next = tokens[i + 1];
    const article = /^an?$/.test(t.normal) && next ? articleFor(next.text) : t.normal;
    const meant = article !== t.normal ? article : meantWord(t);
    if (meant === null) return { refused: "spelling" };
    if (meant === t.normal) continue;
    out += text.slice(from, t.start) + meant;
    from = t.end;
  }
  return { text: out + text.slice(from) };
}
