/**
 * A need raised after the read-back, said back before the closing line (issue 27): in the writer's
 * phrasing when every means of it passes the checks ("Got it: you'd like clients to be able to book
 * appointments and view availability. I've added that."), refusals kept as refusals ("you don't
 * want loyalty programs"), and otherwise in the participant's own words, as a short quote cleaned
 * of fillers and markup ("Got it; I've added it in your words: “…”").
 */
import { analyze, type Sentence, type Token, tokensOf } from "../text";
import { canBeNoun, canBeVerb } from "../text/lexicon";
import { clausesOf, type FoundNeed, findNeeds, needOfListedThing } from "../writer/needs";
import { meantWord } from "../writer/plain";
import { BUSINESS_ITSELF, GOAL_NOUNS, VAGUE_NOUNS } from "../writer/refusals";
import { saidBackPart, wantedParts } from "./phrasing";
import { anotherWould } from "./readback-phrase";
import { ANSWER_WORD, FILLER, PLANNING } from "./vocabulary";

/**
 * The needs an answer states, as the writer finds them, and the things it refuses by name alone
 * ("Yes, but no loyalty programs"), in the order said.
 */
export function statedNeeds(answer: string): FoundNeed[] {
  const found = findNeeds(answer).filter((n) => !PLANNING.test(n.sentence.text));
  const refusals: FoundNeed[] = [];
  for (const sentence of analyze(answer)) {
    if (found.some((n) => n.sentence.start === sentence.start)) continue;
    for (const clause of clausesOf(sentence)) {
      const need = needOfListedThing(clause, sentence);
      if (need?.negated && clause.some((t) => /^(?:no|without)$/.test(t.normal))) refusals.push(need);
    }
  }
  return [...found, ...refusals].sort((a, b) => a.sentence.start - b.sentence.start);
}

/**
 * A point naming nothing to build: every noun in it is the business, a goal or a vague word
 * ("You'd like to find another solution", "The new system should help run the business better"),
 * or the project itself ("… the work in the salon" for a salon's system).
 */
export function namesNothing(point: string, projectTitle: string): boolean {
  // ("The project we are working on should make the work faster": the project and its work, itself)
  const own = new Set([...tokensOf(projectTitle).map((t) => t.lemma), "project", "work"]);
  const nouns = tokensOf(point).filter((t) => t.pos === "NOUN" || t.pos === "PROPN");
  return nouns.every((t) => GOAL_NOUNS.has(t.lemma) || VAGUE_NOUNS.has(t.lemma) || own.has(t.lemma));
}

/** "I need to run my business more efficiently": a goal, naming the business and nothing to build. */
const goalOnly = (text: string) =>
  namesNothing(text, "") && tokensOf(text).some((t) => BUSINESS_ITSELF.has(t.lemma));

const MAX_QUOTE_WORDS = 20;

/** Markdown marks and list bullets, which are no part of what was said. */
const unmarked = (text: string) =>
  text
    .replace(/\*\*|__|`/g, "")
    .replace(/^\s*(?:#{1,6}\s+|[-*•]\s+|\d+[.)]\s+)+/, "")
    .replace(/["“”«»]/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** Fillers at the start ("Yeah, so, …", "I mean, …") and set off by commas inside (", like, "). */
function withoutFillers(text: string): string {
  let out = text;
  for (let guard = 0; guard < 6; guard += 1) {
    const m = /^(i mean|you know|[A-Za-z']+)\s*([,.!]?)\s+/i.exec(out);
    if (!m) break;
    const [whole, word = "", mark] = m;
    if (!FILLER.test(word) && !(ANSWER_WORD.test(word) && mark)) break;
    out = out.slice(whole.length);
  }
  return out.replace(/,\s*(?:like|you know|i mean|um+|uh+|ah+|kind of|sort of),/gi, ",");
}

/** "i" and "i'm" as the kit would write them. */
const capitalI = (text: string) => text.replace(/\bi(?=\b|')/g, "I");

/** At most twenty words, cut after a comma where one comes late enough, with "…" when cut. */
function short(text: string, clause: string): string {
  const words = text.split(" ");
  if (words.length <= MAX_QUOTE_WORDS) return text;
  if (clause.split(" ").length <= MAX_QUOTE_WORDS && clause.split(" ").length >= 4) return clause;
  const head = words.slice(0, MAX_QUOTE_WORDS - 5).join(" ");
  const comma = head.lastIndexOf(",");
  const cut = comma > head.length / 3 ? head.slice(0, comma) : head;
  return `${cut.replace(/[\s,;:]+$/, "")} …`;
}

/** What was said, without markup, list bullets or fillers, "i" written "I". */
export const cleaned = (text: string) => capitalI(withoutFillers(unmarked(text)));

/** The clause a need was read from, with its own spacing ("" for none). */
export function clauseText(need: FoundNeed): string {
  const [first] = need.clause;
  const last = need.clause.at(-1);
  return first && last
    ? need.sentence.text.slice(first.start - need.sentence.start, last.end - need.sentence.start)
    : "";
}

/** The need's sentence as a short quote: its own words, without fillers, markup or list bullets. */
export function quoteOf(need: FoundNeed): string {
  const sentence: Sentence = need.sentence;
  const clause = need.clause.length ? clauseText(need) : sentence.text;
  const clean = (text: string) => capitalI(withoutFillers(unmarked(text))).replace(/[\s,;:]+$/, "");
  let quote = short(clean(sentence.text), clean(clause));
  quote = quote.charAt(0).toUpperCase() + quote.slice(1);
  return /[.!…]$/.test(quote) ? quote : `${quote.replace(/\?$/, "")}.`;
}

/** A wanted thing only pointed at: "… like that functionality", "… to include this one". */
const POINTED = /\b(?:like|want|need|love|prefer|have|include|use|get|add) (?:this|that|these|those)\b/i;

/**
 * "you'd like to have a normalization of the place name not to be in caps": a want of something
 * not to be, said back as a thing to have, reads as Parley's own garble.
 */
const HUNG_NOT = /\blike to \w+\b.*\bnot to be\b/i;

/** Two noun phrases run together ("the same the information"): words nobody can check said back. */
const RUN_TOGETHER = /\bthe \w+ the\b/i;

/** Fillers of speech ("it's in like the left …", "kind of") that mark thinking aloud. */
export const SPOKEN_FILLER =
  /\b(?:is|are|was|were|in|on|at|just|and|so|but|because),? like\b|\blike,|\b(?:kind of|sort of|something like|i mean|you know)\b/i;

/**
 * Speech that reads garbled once written down and quoted back: a filler, or a thought restarted
 * after a comma ("for the prices, that should be …").
 */
export const readsAsSpeech = (quote: string) =>
  SPOKEN_FILLER.test(quote) ||
  /,\s+that\s+(?:is|was|should|would|will|can|must|needs?|has|have)\b/i.test(quote);

/** A quote says something when it has four words or more, one of them a content word. */
const substantial = (quote: string) => {
  const tokens = tokensOf(quote).filter((t) => t.pos !== "PUNCT");
  return (
    tokens.length >= 4 && tokens.some((t) => ["NOUN", "VERB", "ADJ", "PROPN"].includes(t.pos) && !t.stop)
  );
};

/** A word said with "an": it starts with a vowel sound ("an hour", "a user", "a one-off"). */
const VOWEL_SOUND = /^(?:[aeio]|u(?![bcdfghjklmnpqrstvwxz][aeiou])|hour|honest|honou?r|heir)/;
const CONSONANT_SOUND = /^(?:one\b|once|eu|uni|use|usu|ute|ufo)/;

/**
 * "an booking system" → "a", "a app" → "an": the article the next word takes, else as written (a
 * letter, a number or an abbreviation is left alone: "a FAQ", "an 80% share").
 */
function articleFor(next: string, article: string): string {
  if (!/^[a-z]{2,}/.test(next)) return article;
  return VOWEL_SOUND.test(next) && !CONSONANT_SOUND.test(next) ? "an" : "a";
}

/** "can chose", "should gave": after a modal the verb's base form ("can choose"); else undefined. */
function afterModal(t: Token, before: Token | undefined): string | undefined {
  if (!before || !/^(?:can|could|should|would|will|must|may|might)$/.test(before.normal)) return undefined;
  return t.pos === "VERB" && PAST_FORMS[t.normal] ? PAST_FORMS[t.normal] : undefined;
}
/** "to expensive": "too" before a word that can only describe ("next to impossible" left alone). */
function tooFor(next: Token | undefined, before: Token | undefined): string {
  // (not before a word that counts or picks out: "comparison to other cities", "to many clients")
  const describes =
    next?.pos === "ADJ" && !canBeVerb(next.normal) && !canBeNoun(next.normal) && !PICKS_OUT.test(next.normal);
  return describes && !/^(?:next|close|from|up)$/.test(before?.normal ?? "") ? "too" : "to";
}

const PICKS_OUT =
  /^(?:other|another|many|few|several|each|every|all|both|same|such|own|different|various|more|most)$/;

/** A subject and its verb after a comma that ends a whole clause of its own: a comma splice. */
function splices(tokens: Token[], comma: number): boolean {
  const subject = tokens[comma + 1];
  if (!subject || !/^(?:it|we|they|i|he|she|that|this|there)$/.test(subject.normal)) return false;
  // (an adverb may come between: "…, he never sees the calendar")
  const at = tokens[comma + 2]?.pos === "ADV" && subject.pos === "PRON" ? comma + 3 : comma + 2;
  const verb = tokens[at];
  // "…, that's our feedback loop" but not "…, that is, …"; nor "five people, that need access",
  // where "that" opens a clause about the people before it.
  if (!["AUX", "VERB"].includes(verb?.pos ?? "") || tokens[at + 1]?.text === ",") return false;
  if (/^(?:that|this)$/.test(subject.normal) && verb?.pos !== "AUX") return false;
  const before = tokens.slice(0, comma).filter((t) => t.pos !== "PUNCT");
  return (
    before.length >= 3 &&
    before.some((t) => t.pos === "AUX" || t.pos === "VERB") &&
    !before.some(
      (t) => t.pos === "SCONJ" || t.pos === "CCONJ" || /^(?:if|when|once|as|since|while)$/.test(t.normal),
    )
  );
}

/** Past forms typed for their base, whose base the tagger may not give. */
const PAST_FORMS: Record<string, string> = {
  chose: "choose",
  gave: "give",
  took: "take",
  made: "make",
  sent: "send",
  saw: "see",
  got: "get",
  wrote: "write",
  showed: "show",
};

/**
 * The text with each slip of the keyboard put right as the writer puts it right in a story (the one
 * known word a single edit away: "acoording" → "according"; "to expensive" → "too expensive"; two
 * sentences joined by a comma get a semicolon), or null when a slip could be several words: said
 * back as typed it would read as Parley's own mistake.
 */
export function putRight(text: string): string | null {
  let out = "";
  let at = 0;
  const tokens = tokensOf(text);
  for (const [i, t] of tokens.entries()) {
    // "dont", "cant": a contraction typed without its apostrophe ("do" + "nt") gets it back.
    if (/^nt$/i.test(t.text) && tokens[i - 1]?.end === t.start) {
      out += `${text.slice(at, t.start)}n't`;
      at = t.end;
      continue;
    }
    const meant = /^an?$/.test(t.normal)
      ? articleFor(tokens[i + 1]?.normal ?? "", t.normal)
      : t.normal === "to"
        ? tooFor(tokens[i + 1], tokens[i - 1])
        : (afterModal(t, tokens[i - 1]) ?? meantWord(t));
    // "I don't want late fees on by default, it can damage …": two sentences joined by a comma.
    if (t.text === "," && splices(tokens, i)) {
      out += `${text.slice(at, t.start)};`;
      at = t.end;
      continue;
    }
    if (meant === null) return null;
    if (meant === t.normal) continue;
    const word = /^[A-Z]/.test(t.text) ? meant[0]!.toUpperCase() + meant.slice(1) : meant;
    out += text.slice(at, t.start) + word;
    at = t.end;
  }
  // A phrase a learner shortens: "in form of reports" is "in the form of reports"; an adjective
  // for the adverb after a verb: "run the business more efficient" is "… more efficiently".
  return (out + text.slice(at))
    .replace(/\b(in) form of\b/gi, "$1 the form of")
    .replace(
      /\b((?:run|runs|work|works|operate|operates|manage|manages)\b(?:\s+[\w']+){0,3}?\s+(?:more|less))\s+efficient\b/gi,
      "$1 efficiently",
    );
}

/** The needs of an answer said back, at most `max`, each in the writer's phrasing; null when none is sayable. */
export function needsSaidBack(answer: string, max = 2): string[] {
  const said: string[] = [];
  for (const need of statedNeeds(answer)) {
    // "Marketing would love the reminders": someone else's want, not to be said back as theirs.
    if (anotherWould(clauseText(need) || need.sentence.text)) continue;
    const parts = wantedParts(need);
    if (!parts) continue;
    // What someone is to do, three things at most, as the read-back says it: a longer list may
    // end on what the system does ("… choose hairdressers, manage waitlists and sync with the diary").
    const text = parts
      .slice(0, 2)
      .map((p) => saidBackPart(p.role ? { ...p, actions: p.actions.slice(0, 3) } : p, need.negated))
      .join(", and ");
    // "You'd like to run your business better" names nothing to build: not said back as a need.
    // "You'd like to include that functionality": what "that" was is not in what is said back.
    if (!said.includes(text) && !namesNothing(text, "") && !POINTED.test(text) && !HUNG_NOT.test(text))
      said.push(text);
    if (said.length >= max) break;
  }
  return said;
}

/**
 * "Got it: you'd like to see whether a discount worked. I've added that." — or, when no need of
 * the answer can be said in Parley's words, the first one quoted: "Got it; I've added it in your
 * words: “…”". "" when the answer states no need.
 */
export function acknowledgement(answer: string): string {
  const said = needsSaidBack(answer);
  if (said.length) return `Got it: ${said.join(", and ")}. I've added ${said.length > 1 ? "those" : "that"}.`;
  // A want says more than a refusal beside it ("…, but it shouldn't be too expensive").
  const needs = statedNeeds(answer).sort((a, b) => Number(a.negated) - Number(b.negated));
  // A quote with a slip nobody can put right is left out: said in Parley's voice it reads as
  // Parley's mistake. Nor is one with their own "you": said back it reads as Parley's too. Nor one
  // cut short mid-phrase ("… quicker and more up …"): a fragment, not what they said.
  const quote = needs
    .map(quoteOf)
    .filter(
      (q) =>
        substantial(q) &&
        !/\b(?:you|your|yours)\b/i.test(q) &&
        !goalOnly(q) &&
        !RUN_TOGETHER.test(q) &&
        !readsAsSpeech(q) &&
        !q.endsWith("…"),
    )
    .map(putRight)
    .find((q) => q !== null);
  if (!quote) return "";
  return `Got it; I've added it in your words: “${quote}”`;
}
