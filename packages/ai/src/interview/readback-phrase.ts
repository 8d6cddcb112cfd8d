/**
 * How a read-back point is put (issue 33): whether it reads whole, has no slip, and says something
 * no other point says; and a need in Parley's short phrasing for a long interview's read-back.
 */
import { tokensOf } from "../text/nlp";
import type { FoundNeed } from "../writer/needs";
import { meantWord } from "../writer/plain";
import { saidBackPart, wantedParts } from "./phrasing";
import { keywords } from "./text";

/** Words a clean point never holds: an apostrophe left out ("dont"), "an" before a consonant. */
const SLIP = /\b(?:dont|doesnt|didnt|cant|wont|isnt|arent|wasnt|werent)\b|\ban (?![aeiouh])[a-z]/i;
/** A point whose subject is a pronoun or a verb's -ing form names nothing the participant can check. */
const VAGUE_START = /^(?:they|they're|he|she|having|maybe)\b/i;
const MOST_POINT_WORDS = 16;

/**
 * "A, B and C" is one list (its items may be short clauses: "track demand, allocate staff and
 * schedule shifts", or end on what it is for: "… and peak times for better decisions"); "You don't
 * mind, the layout should stay …" is two clauses run on.
 */
const runsOn = (point: string) =>
  point
    .split(",")
    .slice(1)
    // (a clause joined by its conjunction does not run on: "…, so it has to start in January")
    .filter((part) => !JOINED.test(part))
    .flatMap((part) => part.split(/\b(?:and|or)\b/))
    .some((part) => part.trim().split(/\s+/).length > 3 && CLAUSE_WORD.test(part));
const JOINED =
  /^\s*(?:and|but|so|because|since|although|though|while|which (?:could|would|will|can|may|might|is|are|was|were|has|have|makes|means))\s/i;
/** A word that makes a part a clause of its own: a subject or a verb that says when or how. */
const CLAUSE_WORD =
  /\b(?:i|we|you|they|he|she|it|is|are|was|were|be|should|must|will|would|can|could|has|have|had|do|does|did|don't|doesn't|won't|can't)\b/i;

/** A point said as a short phrase of one clause, with no slip and a subject of its own. */
export const readsWhole = (point: string) =>
  point.split(/\s+/).length <= MOST_POINT_WORDS &&
  !SLIP.test(point) &&
  !VAGUE_START.test(point) &&
  !commands(point) &&
  !runsOn(point);

/** "Keep track of supplies …": a point that opens on a verb's base form is an order, with no one to do it. */
function commands(point: string): boolean {
  const [first, ...rest] = tokensOf(point);
  if (first?.pos !== "VERB" || first.normal !== first.lemma || /(?:ing|ed)$/.test(first.normal)) return false;
  // (not a noun the tagger took for a verb, the subject of a verb that follows: "Churn interviews mention …")
  const end = rest.findIndex((t) => ["ADP", "CCONJ", "SCONJ", "PUNCT"].includes(t.pos));
  const clause = end < 0 ? rest : rest.slice(0, end);
  return !clause.some((t) => t.pos === "VERB" || t.pos === "AUX");
}

/**
 * A point the rules would say back with a slip in it: a word they do not know or would correct
 * ("costumers", "teh"), or a grammar slip ("should be send"). Left out rather than carried.
 */
export function clean(point: string): boolean {
  if (BE_BASE.test(point) || BARE_CONTRACTION.test(point) || THIRD_PERSON_PAIR.test(point)) return false;
  const tokens = tokensOf(point);
  // "… might be walk in": a verb's base form after "be", where an -ing or a participle belongs.
  const beBase = tokens.some(
    (t, i) =>
      i > 0 &&
      tokens[i - 1]!.normal === "be" &&
      t.pos === "VERB" &&
      t.normal === t.lemma &&
      !/(?:ing|ed|en)$/.test(t.normal) &&
      !SAME_PARTICIPLE.test(t.normal),
  );
  if (beBase) return false;
  return tokens.every((t) => {
    const meant = meantWord(t);
    return t.pos === "PROPN" || meant === t.normal || meant === t.text.toLowerCase();
  });
}
/** Verbs whose participle is their base form: "be set up", "be put on a list", "be cut". */
const SAME_PARTICIPLE =
  /^(?:set|put|cut|let|hit|read|shut|spread|cost|hurt|quit|run|come|become|upset|bet|cast|broadcast|forecast|split|fit)$/;
/** "notify her/him", "so she/he can": a brief's third person, which a point said to the participant is not. */
const THIRD_PERSON_PAIR = /\b(?:her|him|his|he|she|s)\/(?:her|him|his|he|she)\b/i;
/** "be send", "be give": a base form where a participle belongs. */
const BE_BASE =
  /\b(?:be|been|being)\s+(?:send|give|make|take|write|show|do|keep|get|put|tell|bring|buy|pay|run|see|find|choose|know|build|pick|fill|speak)\b/i;
/** A contraction written without its apostrophe: "havent", "dont". */
const BARE_CONTRACTION =
  /\b(?:havent|hasnt|hadnt|dont|doesnt|didnt|cant|wont|isnt|arent|wasnt|werent|shouldnt|wouldnt|couldnt|ive|youre|theyre)\b/i;
/**
 * A need in Parley's short phrasing ("You'd like clients to see free slots."), as it is said back
 * after the read-back, or null when no part of it can be put that way and still read whole.
 */
export function phrasedNeed(need: FoundNeed): string | null {
  // "Our board wants …" is someone else's want: said as "you'd like" it would misstate them.
  if (OTHERS_WANT.test(need.sentence.text) || anotherWould(need.sentence.text)) return null;
  const parts = wantedParts(need);
  if (!parts?.length) return null;
  // "I want them to pick a slot", "we need the diary to update itself", "it has to start in
  // January": wanted of someone or something else, which "you'd like to pick a slot" would say of
  // the participant.
  const ofAnother = WANTED_OF.test(need.sentence.text) || REQUIRED_OF.test(need.sentence.text);
  // Two parts, else the first; a long list of means, else its first three or two.
  // Someone's list of means ("clients to book, view, choose …") may be said in part; a list of things not.
  const first = parts[0]!;
  const shorter = first.role ? [3, 2].map((n) => [{ ...first, actions: first.actions.slice(0, n) }]) : [];
  const tries = [parts.slice(0, 2), parts.slice(0, 1), ...shorter];
  for (const tried of tries) {
    const text = tried.map((p) => saidBackPart(p, need.negated)).join(", and ");
    const point = `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
    // "You'd like the percentage", "… that functionality": too little to check on its own.
    const named = keywords(text).filter((w) => !/^(?:like|want|able)$/.test(w));
    if (ofAnother && OWN_DOING.test(point)) continue;
    if (readsWhole(point) && named.length >= 2 && !POINTING.test(text)) return point;
  }
  return null;
}

/** A want of someone or something else doing it: "want them to …", "need the diary to …". */
const WANTED_OF = /\b(?:want|wants|like|love|need|needs|prefer)\s+(?!to\b)\S+(?:\s+\S+){0,3}?\s+to\s+\w/i;
/** Required of something pointed back at: "so it has to start in January", "they must sign". */
const REQUIRED_OF = /\b(?:it|this|that|they|he|she)\s+(?:has to|have to|must|should|needs to)\b/i;
/** A point saying the participant would do it: "You'd like to pick …". */
const OWN_DOING = /^You(?:'d| would)? (?:like|love|want|need|prefer) to\b/i;

/** Someone else as the one who wants: "our board wants …", "she hopes …", "they'd like …". */
const OTHERS_WANT =
  /\b(?:wants|wishes|hopes|likes)\b|\b(?:they|he|she)(?:['’]d| would)? (?:want|like|wish|hope)\b/i;
/** Who would like something: "Marketing would love …", "our clients would like …", "I'd love …". */
const WOULD_WANT = /\b(\w+)(?:['’]d| would) (?:really )?(?:love|like|want|prefer|wish)\b/i;
/** Someone other than the speaker would like it: "Marketing would love the reminders". */
export const anotherWould = (text: string) => {
  const wanter = WOULD_WANT.exec(text)?.[1];
  return wanter !== undefined && !/^(?:i|we)$/i.test(wanter);
};

/** Words pointing back to something said before, which a point said on its own loses. */
const POINTING = /\b(?:that|this|these|those|it|them)\b/i;

/** A point that says nothing another does not: its content words all in one point already given. */
export function repeats(point: string, given: string[]): boolean {
  const own = new Set(keywords(point));
  if (!own.size) return true;
  return given.some((g) => {
    const theirs = new Set(keywords(g));
    return [...own].every((w) => theirs.has(w)) || [...theirs].every((w) => own.has(w));
  });
}

/** The speaker as the one who wants: "I'd like …", "we need …". */
export const SPEAKER_WANTS = /\b(?:i|we)(?:['’]d| would)? (?:really )?(?:like|love|want|need|wish|hope)\b/i;
