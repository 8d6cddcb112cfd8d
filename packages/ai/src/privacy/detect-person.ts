/**
 * People's names, read sentence by sentence on the kit's tokens. A name starts where
 *  - a cue says a person follows (a title, "my colleague", "ask", "talk to", "I'm", "thanks"), or
 *  - the lexicon knows a given name or surname that is capitalised and means nothing else here
 *    (a given name that is also a place or a month, "Jordan", "April", needs a surname or a cue), or
 *  - an unknown capitalised word stands beside a known name ("Priya Patel");
 * and runs on over the capitalised words that can be part of a name ("John Miller", "Mary-Jane van
 * der Berg"). Products, organisations and places are told apart by the lexicons: compromise files
 * "Google" and "Paris", WordNet knows "Slack", "Zoom" and "Teams" as things. Speech transcripts in
 * lower case are read by the same cues, and a known given name followed by a known surname.
 */
import { mayBeEnglish, type Sentence, type Token } from "../text";
import { mayHoldAName } from "./detect-person-lines";
import { type FoundDetail, isCaseless, type Reading } from "./detect-reading";
import {
  isDictionaryWord,
  isGivenName,
  isKnownName,
  isNamedNonPerson,
  isPersonNoun,
  isPlaceOrTime,
  isPlainName,
  isSurname,
  isThingWord,
  isTimeWord,
  isVerbForm,
  lexiconTag,
  onlyAName,
  verbBase,
} from "./names";
import {
  ADDRESSING_VERBS,
  ARTICLES,
  LIST_JOINERS,
  NAMING_PHRASES,
  PARTNER_PREPOSITIONS,
  SAINTS,
  SURNAME_PARTICLES,
  TITLES,
  VERBS_WITH_A_PARTNER,
} from "./person-vocabulary";

type Cue = "title" | "verb" | "naming" | "role" | "list";

const FUNCTION_POS = new Set([
  "PRON",
  "DET",
  "ADP",
  "AUX",
  "CCONJ",
  "SCONJ",
  "NUM",
  "PART",
  "PUNCT",
  "SYM",
  "X",
]);
const SENTENCE_OPENERS = new Set(['"', "“", "‘", "(", "-", "–", "—", ":"]);
const MAX_NAME_WORDS = 4;

const isUnknown = (word: string) => !isDictionaryWord(word) && !lexiconTag(word);
const lower = (t: Token) => t.text.toLowerCase().replace(/[’]/g, "'");
const isWordLike = (t: Token) => /^\p{L}[\p{L}'’-]*$/u.test(t.text);
// Called on every token: plain ASCII is decided without a Unicode regular expression.
function isCapitalised(t: Token): boolean {
  const first = t.text.charCodeAt(0);
  if (first < 65 || (first > 90 && first < 128)) return false;
  if (first > 127 && !/^\p{Lu}/u.test(t.text)) return false;
  return !/^\p{Lu}[\p{Lu}\d]+$/u.test(t.text);
}

/** "ask", "texted" (the model may leave a verb it does not know as written: the lemmatizer reads it). */
const isAddressingVerb = (t: Token) =>
  ADDRESSING_VERBS.has(t.lemma) || ADDRESSING_VERBS.has(verbBase(t.normal));

// The naming phrases by their last word, so each token looks up only the phrases it could end.
const PHRASES_BY_LAST_WORD = new Map<string, (readonly string[])[]>();
for (const phrase of NAMING_PHRASES) {
  const last = phrase.at(-1)!;
  PHRASES_BY_LAST_WORD.set(last, [...(PHRASES_BY_LAST_WORD.get(last) ?? []), phrase]);
}

class SentenceReader {
  private readonly tokens: Token[];
  private readonly lowers: string[];
  private readonly caseless: boolean;

  constructor(
    private readonly reading: Reading,
    sentence: Sentence,
    /** False in a line franc reads as another language; asked only when an English-only rule would decide. */
    private readonly english: () => boolean,
  ) {
    this.tokens = sentence.tokens;
    this.lowers = sentence.tokens.map(lower);
    this.caseless = isCaseless(sentence.text);
  }

  private free(t: Token | undefined): t is Token {
    return t !== undefined && !this.reading.isTaken(t.start, t.end);
  }

  /** The words just before token i that say a person's name follows. */
  cueBefore(i: number): Cue | undefined {
    const { tokens, lowers } = this;
    const prev = tokens[i - 1];
    if (!prev) return undefined;
    const previous = lowers[i - 1]!;
    if (TITLES.has(previous.replace(/\.$/, "")) || (previous === "." && TITLES.has(lowers[i - 2] ?? "")))
      return "title";
    for (const phrase of PHRASES_BY_LAST_WORD.get(previous) ?? []) {
      const at = i - phrase.length;
      if (at >= 0 && phrase.every((w, k) => lowers[at + k] === w)) return "naming";
    }
    if (isAddressingVerb(prev) && (prev.pos === "VERB" || prev.pos === "NOUN")) return "verb";
    if (PARTNER_PREPOSITIONS.has(prev.normal)) {
      for (let k = i - 2; k >= Math.max(0, i - 5); k--) {
        const t = tokens[k]!;
        if (VERBS_WITH_A_PARTNER.has(t.lemma) || isAddressingVerb(t)) return "verb";
        if (t.pos === "PUNCT") break;
      }
    }
    // "our patient John Miller", "my colleague, Sarah,", "Nurse Kelly".
    const at = previous === "," ? i - 2 : i - 1;
    const role = tokens[at];
    if (!role) return undefined;
    if (role.pos === "NOUN" && isPersonNoun(role.lemma)) return "role";
    // "Nurse Kelly", "Councillor Reyes": a capitalised role is one the lexicon knows as a word
    // (WordNet also files famous people, "Goldman", as persons).
    if (role.pos === "PROPN" && isCapitalised(role) && isPersonNoun(lowers[at]!) && lexiconTag(lowers[at]!))
      return "role";
    return undefined;
  }

  private atSentenceStart(i: number) {
    const prev = this.tokens[i - 1];
    return !prev || (prev.pos === "PUNCT" && SENTENCE_OPENERS.has(prev.text));
  }

  /** A word that can continue a name already started: "Miller" after "John". */
  namePart(t: Token | undefined): boolean {
    if (!this.free(t) || !isWordLike(t)) return false;
    const word = lower(t);
    if (TITLES.has(word) || isNamedNonPerson(word)) return false;
    if (this.caseless) return isSurname(word) || (isGivenName(word) && onlyAName(word));
    if (!isCapitalised(t) || FUNCTION_POS.has(t.pos)) return false;
    return isKnownName(word) || (!isThingWord(word) && this.english());
  }

  /** Can token i start a name, given the cue before it? */
  startsName(i: number, cue: Cue | undefined): boolean {
    const t = this.tokens[i];
    if (!this.free(t) || !isWordLike(t)) return false;
    const word = lower(t);
    const next = this.tokens[i + 1];
    if (this.caseless) {
      if (t.stop || FUNCTION_POS.has(t.pos) || isNamedNonPerson(word)) return false;
      if (cue === "title") return isKnownName(word) || !isDictionaryWord(word);
      if (cue) return isKnownName(word) || (!isDictionaryWord(word) && !lexiconTag(word) && t.pos !== "VERB");
      // Without a cue only what is plainly a name: "john miller", "sarah".
      return (isGivenName(word) && this.namePart(next)) || (isGivenName(word) && onlyAName(word));
    }
    if (!isCapitalised(t) || (FUNCTION_POS.has(t.pos) && t.pos !== "X") || word === "i") return false;
    if (cue === "title") return true;
    if (isNamedNonPerson(word)) return false;
    if (!isKnownName(word)) {
      // "text Mum", "ask Nurse Kelly", "I'm British": a role, a relation or a people is no name
      // (though it may announce one); nor is a thing, a place or a group ("talk to Amazon").
      if (isThingWord(word) || isPersonNoun(word) || isPlaceOrTime(word)) return false;
    }
    // In German every noun is capitalised: outside English only a name the lexicon knows.
    if (!isKnownName(word) && !this.english()) return false;
    if (cue) return true;
    if (isKnownName(word)) {
      // "Jordan" the country, "Charlotte" the city: a person only with a surname.
      if (isPlaceOrTime(word)) return this.namePart(next);
      // "Grace" opening a sentence may be the word: a person when a verb or a surname follows.
      if (this.atSentenceStart(i) && !onlyAName(word) && !isPlainName(word))
        return this.namePart(next) || next?.pos === "VERB" || next?.pos === "AUX";
      return true;
    }
    // An unknown capitalised word is a name beside a known one or another unknown one: "Priya
    // Patel", "Kwame Mensah".
    return (
      isUnknown(word) &&
      this.free(next) &&
      isCapitalised(next) &&
      isWordLike(next) &&
      this.pairsWith(lower(next))
    );
  }

  private pairsWith(next: string): boolean {
    return (isKnownName(next) || isUnknown(next)) && !isNamedNonPerson(next);
  }

  /** The end (exclusive token index) of a name that starts at i: up to four words. */
  extend(i: number): number {
    const { tokens } = this;
    let end = i + 1;
    let words = 1;
    const adjacent = (a: Token, b: Token) => a.end === b.start;
    while (end < tokens.length) {
      const t = tokens[end]!;
      const after = tokens[end + 1];
      // "Mary-Jane", "Smith-Jones": a hyphen inside the word.
      if (
        t.text === "-" &&
        after &&
        adjacent(tokens[end - 1]!, t) &&
        adjacent(t, after) &&
        this.namePart(after)
      ) {
        end += 2;
        continue;
      }
      if (words >= MAX_NAME_WORDS) break;
      // "van der Berg": particles between capitalised parts.
      if (!this.caseless && SURNAME_PARTICLES.has(this.lowers[end]!)) {
        let k = end;
        while (k < tokens.length && SURNAME_PARTICLES.has(this.lowers[k]!)) k++;
        if (k < tokens.length && this.namePart(tokens[k])) {
          words += k - end + 1;
          end = k + 1;
          continue;
        }
        break;
      }
      if (!this.namePart(t)) break;
      words += 1;
      end += 1;
    }
    return end;
  }

  /** "Jenkins pipeline", "John Deere tractors": a name-like word used as a modifier of a thing. */
  modifiesAThing(end: number): boolean {
    const next = this.tokens[end];
    if (next?.pos !== "NOUN" || !isThingWord(next.normal) || isTimeWord(next.normal)) return false;
    // "Maria texts me", "Wei Zhang split the shifts": a "noun" with an object is the name's verb.
    const after = this.tokens[end + 1];
    if (after && (after.pos === "DET" || after.pos === "PRON")) return false;
    // "Sarah calls every Monday": a plural that is also a verb may be the name's verb.
    return !(next.lemma !== next.normal && isVerbForm(next.normal));
  }

  /** "St. Mary's", "Marks & Spencer", "the Zara window": a name that is a place's or a company's. */
  private namesNoPerson(start: number, end: number, cue: Cue | undefined): boolean {
    const before = this.lowers[start - 1];
    if (before !== undefined && SAINTS.has(before)) return true;
    if (before === "&" || this.lowers[end] === "&") return true;
    if (!cue && before !== undefined && ARTICLES.has(before)) return true;
    // "Wells Fargo", "Goldman Sachs": the lexicon's organisations, with a word before or after.
    const phrase = this.lowers.slice(start, end).join(" ");
    if (isNamedNonPerson(phrase)) return true;
    if (before !== undefined && isNamedNonPerson(`${before} ${phrase}`)) return true;
    const after = this.lowers[end];
    if (after !== undefined && isNamedNonPerson(`${phrase} ${after}`)) return true;
    const strongCue = cue === "title" || cue === "verb" || cue === "naming";
    return !strongCue && this.modifiesAThing(end);
  }

  find(): FoundDetail[] {
    const out: FoundDetail[] = [];
    const { tokens } = this;
    let lastEnd = -1;
    let i = 0;
    while (i < tokens.length) {
      const t = tokens[i]!;
      // Most words cannot start a name whatever comes before them: skip them before reading cues.
      if (
        (!this.caseless && !isCapitalised(t)) ||
        !isWordLike(t) ||
        (FUNCTION_POS.has(t.pos) && t.pos !== "X")
      ) {
        i += 1;
        continue;
      }
      // "Tom, Priya and Ahmed": a name after a name and a joiner is read with a cue.
      const listed = lastEnd === i - 1 && LIST_JOINERS.has(this.lowers[i - 1]!) ? "list" : undefined;
      const cue = this.cueBefore(i) ?? listed;
      if (!this.startsName(i, cue)) {
        i += 1;
        continue;
      }
      const end = this.extend(i);
      if (this.namesNoPerson(i, end, cue)) {
        i = end;
        continue;
      }
      const start = tokens[i]!.start;
      const stop = tokens[end - 1]!.end;
      out.push({ kind: "PERSON", start, end: stop, text: this.reading.text.slice(start, stop) });
      lastEnd = end;
      i = end;
    }
    return out;
  }
}

/**
 * English prose is about half stop words by wink's English list, German under a tenth: franc (about
 * 0.3 ms a call) is asked only about a line of ten words or more with few English stop words.
 */
function readsAsEnglish(sentences: Sentence[], text: string): boolean {
  const words = sentences.flatMap((s) => s.tokens).filter((t) => isWordLike(t));
  if (words.length < 10 || words.filter((t) => t.stop).length / words.length >= 0.1) return true;
  return mayBeEnglish(text);
}

export function findPeople(reading: Reading): FoundDetail[] {
  return reading.lines.flatMap((line, index) => {
    if (!mayHoldAName(line.text, (start, end) => reading.isTaken(line.start + start, line.start + end)))
      return [];
    let english: boolean | undefined;
    const isEnglish = () => {
      english ??= readsAsEnglish(reading.sentencesOfLine(index), line.text);
      return english;
    };
    return reading
      .sentencesOfLine(index)
      .flatMap((sentence) => new SentenceReader(reading, sentence, isEnglish).find());
  });
}
