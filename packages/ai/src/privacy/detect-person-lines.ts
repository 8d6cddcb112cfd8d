/**
 * Which lines the person rules need the kit to read: those with a word that could start a name
 * (detect-person.ts). A superset of the rules, read from the words as written with the same
 * lexicons and vocabularies, so a line of products and numbers costs no analysis.
 */
import { isCaseless } from "./detect-reading";
import {
  isDictionaryWord,
  isKnownName,
  isNamedNonPerson,
  isPersonNoun,
  isThingWord,
  lexiconTag,
  verbBase,
} from "./names";
import { ADDRESSING_VERBS, NAMING_PHRASES, PARTNER_PREPOSITIONS, TITLES } from "./person-vocabulary";

const WORD = /\p{L}[\p{L}'’]*/gu;
/** The word at `at` opens the line or follows a full stop, question or exclamation mark. */
function startsASentence(line: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && (line[i] === " " || line[i] === "\t")) i--;
  return i < 0 || (i < at - 1 && (line[i] === "." || line[i] === "!" || line[i] === "?"));
}

/**
 * True when some word of the line could start a name, read with the same lexicons as the rules
 * below: a title, a known name, or a capitalised word that is no known thing, place or date (not
 * at a sentence's start); in a lower-case line, a known name or a word no dictionary knows. Lines
 * without one ("We see about 60 patients a day, more on Mondays.") are not analysed at all.
 */
export function mayHoldAName(
  line: string,
  taken: (start: number, end: number) => boolean = () => false,
): boolean {
  const caseless = isCaseless(line);
  const words = new RegExp(WORD.source, "gu");
  let beforePrevious: RegExpExecArray | null = null;
  let previous: RegExpExecArray | null = null;
  for (let m = words.exec(line); m; beforePrevious = previous, previous = m, m = words.exec(line)) {
    const first = m[0].charCodeAt(0);
    // Lower-case words in edited text start no name (a title aside): most words stop here.
    if (!caseless && first >= 97 && first <= 122) {
      if (TITLES.has(m[0])) return true;
      continue;
    }
    // Words inside an email, an address or a number already found are no one's name.
    if (taken(m.index, m.index + m[0].length)) continue;
    const word = /s$/.test(m[0]) ? m[0].replace(/['’]s$/, "") : m[0];
    if (word.length > 1 && word === word.toUpperCase()) continue;
    if (!caseless && !/^\p{Lu}/u.test(word)) continue;
    if (word === "I") continue;
    const lowered = word.toLowerCase();
    if (!caseless && startsASentence(line, m.index)) {
      if (TITLES.has(lowered) || isKnownName(lowered)) return true;
      continue;
    }
    const could = couldStartName(lowered, caseless ? caselessWords : capitalisedWords, caseless);
    if (could === "name") return true;
    // A word no lexicon knows is a name only after a cue or beside another capitalised word.
    if (could !== "unknown") continue;
    if (mayBeCued(line, beforePrevious, previous, m)) return true;
    if (!caseless && besideACapital(line, previous, m)) return true;
  }
  return false;
}

type Written = RegExpExecArray;
const endOf = (w: Written) => w.index + w[0].length;
const NEXT_WORD = /[ \t]+(\p{L})/uy;

/** "Kwame Mensah": the word next to it, before or after with only a space between, is capitalised too. */
function besideACapital(line: string, previous: Written | null, current: Written): boolean {
  if (previous && /^\p{Lu}/u.test(previous[0]) && /^[ \t]+$/.test(line.slice(endOf(previous), current.index)))
    return true;
  NEXT_WORD.lastIndex = endOf(current);
  const next = NEXT_WORD.exec(line)?.[1];
  return next !== undefined && next !== next.toLowerCase();
}

/**
 * Whether the words before a word could be one of the cues the rules below read (a superset: the
 * rules see parts of speech and lemmas, this sees the words as written).
 */
function mayBeCued(line: string, beforePrevious: Written | null, previous: Written | null, current: Written) {
  if (!previous) return false;
  const between = line.slice(endOf(previous), current.index);
  const word = previous[0].toLowerCase().replace(/’/g, "'");
  if (between.includes(",") || word === "and" || word === "or") {
    // A list after a capitalised word, or an appositive after a role: "Tom, Priya", "my colleague, Sarah".
    const before = between.includes(",") ? previous[0] : (beforePrevious?.[0] ?? "");
    if (/^\p{Lu}/u.test(before) || isPersonNoun(before.toLowerCase())) return true;
  }
  if (
    TITLES.has(word) ||
    PARTNER_PREPOSITIONS.has(word) ||
    NAMING_LAST_WORDS.has(word) ||
    word.endsWith("'s")
  )
    return true;
  if (ADDRESSING_VERBS.has(word) || ADDRESSING_VERBS.has(verbBase(word))) return true;
  return isPersonNoun(word);
}

const NAMING_LAST_WORDS = new Set(NAMING_PHRASES.map((phrase) => phrase.at(-1)!.replace(/^'/, "")));

// What each word can be is read once and remembered: a known name or title, a word no lexicon
// knows (a name only with a cue), or neither.
type Candidate = "name" | "unknown" | "no";
const caselessWords = new Map<string, Candidate>();
const capitalisedWords = new Map<string, Candidate>();
const WORDS_KEPT = 50_000;

function couldStartName(word: string, seen: Map<string, Candidate>, caseless: boolean): Candidate {
  let could = seen.get(word);
  if (could === undefined) {
    could =
      TITLES.has(word) || isKnownName(word)
        ? "name"
        : caseless
          ? caselessCandidate(word)
          : capitalisedCandidate(word);
    if (seen.size >= WORDS_KEPT) seen.clear();
    seen.set(word, could);
  }
  return could;
}

const caselessCandidate = (word: string): Candidate =>
  !isDictionaryWord(word) && !lexiconTag(word) && !/['’]/.test(word) ? "unknown" : "no";

const capitalisedCandidate = (word: string): Candidate =>
  !isNamedNonPerson(word) && !isThingWord(word) ? "unknown" : "no";
