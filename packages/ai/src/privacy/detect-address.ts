/**
 * Street addresses: a house number and a street name with its type ("221B Baker Street", "12 Main
 * St.", "1600 Pennsylvania Avenue NW"), a Germanic street and its number ("Hauptstraße 5",
 * "Berliner Straße 12"), a French number and street ("12 rue de Rivoli"), or a PO box; each with the
 * unit, city and postcode written after it when they are clearly part of it. The street name's
 * words are read with the kit's parts of speech: "3 blocks down the street" has no name.
 */
import type { Token } from "../text";
import {
  DIRECTIONS,
  STREET_NAME_PARTICLES,
  STREET_TYPES,
  STREET_WORD_ENDINGS,
  STREET_WORDS_BEFORE_NAME,
  UNIT_WORDS,
} from "./address-vocabulary";
import type { FoundDetail, Reading } from "./detect-reading";
import { isDictionaryWord, isNamedNonPerson, lexiconTag } from "./names";

const alternatives = (words: Iterable<string>) =>
  [...words]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.]/g, "\\."))
    .join("|");

const bothCases = (words: Iterable<string>) =>
  [...words].flatMap((w) => [w, w[0]!.toUpperCase() + w.slice(1)]);

const HOUSE_NUMBER = String.raw`\d{1,5}[A-Za-z]?(?:[-–/]\d{1,5}[A-Za-z]?)?`;
const NAME_WORD = String.raw`(?:\d{1,3}(?:st|nd|rd|th)|\p{L}[\p{L}'’.-]*)`;
const ENGLISH_STREET = new RegExp(
  String.raw`(?<![\w$£€.,/-])(${HOUSE_NUMBER})[ \t]+((?:${NAME_WORD}[ \t]+){1,4})(${alternatives(STREET_TYPES)})(?![\p{L}\d])(\.?)`,
  "giu",
);
const FRENCH_STREET = new RegExp(
  String.raw`(?<![\w$£€.,/-])\d{1,4}(?:[ \t]?(?:bis|ter))?,?[ \t]+(?:${alternatives(bothCases(STREET_WORDS_BEFORE_NAME))})[ \t]+(?:(?:${alternatives(STREET_NAME_PARTICLES)})[ \t]*)*\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’-]*){0,2}`,
  "gu",
);
const GERMANIC_STREET =
  /(?<![\p{L}\d-])(?:(\p{L}[\p{L}-]*)[ \t]+)?(\p{L}[\p{L}-]*\.?)[ \t]+(\d{1,4}[a-z]?(?:[-–]\d{1,4}[a-z]?)?)(?![\p{L}\d]|[.,]\d)/gu;
const PO_BOX = /(?<![\w])P\.? ?O\.? ?Box[ \t]+\d{1,6}(?![\w])/gi;

const UK_POSTCODE = String.raw`[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[A-Z]{2}`;
const CANADIAN_POSTCODE = String.raw`[A-Z]\d[A-Z][ \t]?\d[A-Z]\d`;
const US_ZIP = String.raw`\d{5}(?:-\d{4})?`;
const DIRECTION_AFTER = new RegExp(String.raw`^[ \t]+(${alternatives(DIRECTIONS)})(?![\p{L}\d])`, "iu");
const UNIT_AFTER = new RegExp(
  String.raw`^,?[ \t]+(?:(?:${alternatives(UNIT_WORDS)})\.?[ \t]*#?[ \t]*|#[ \t]?)[A-Za-z]?\d[\dA-Za-z-]{0,5}(?![\w])`,
  "iu",
);
const STATE_AFTER = /^,?[ \t]+[A-Z]{2}(?![\w])/;
const CITY_WORD = String.raw`\p{L}[\p{L}'’-]*`;
/** ", Springfield", ", New York", ", Salt Lake City": one to three words after a comma. */
const CITY_OF_WORDS = [1, 2, 3].map(
  (n) => new RegExp(String.raw`^,[ \t]*${CITY_WORD}(?:[ \t]${CITY_WORD}){${n - 1}}(?![\p{L}])`, "u"),
);
const POSTCODE_AFTER = new RegExp(
  String.raw`^,?[ \t]+(${UK_POSTCODE}|${CANADIAN_POSTCODE}|${US_ZIP})(?![\w])`,
);
const POSTCODE_AND_CITY_AFTER =
  /^,?[ \t]+\d{4,5}[ \t]+\p{Lu}[\p{L}-]+(?:[ \t]\p{Lu}[\p{L}-]+)?(?![\p{L}\d])/u;

/** Parts of speech that cannot be part of a street's name. */
const NOT_IN_A_NAME = new Set(["DET", "ADP", "PRON", "CCONJ", "SCONJ", "AUX", "ADV", "INTJ", "NUM", "PUNCT"]);

// compromise's tags of words that cannot be part of a street's name.
const FUNCTION_WORD_TAGS = new Set([
  "Determiner",
  "Preposition",
  "Pronoun",
  "Conjunction",
  "Copula",
  "Modal",
  "Adverb",
  "QuestionWord",
]);

/**
 * The words between the number and the street type make a name. In edited text they start with a
 * capital and none is a function word (compromise's lexicon); in a lower-case transcript the kit's
 * parts of speech decide ("3 blocks down the street" has no name, "14 oak avenue" has one).
 */
function isStreetName(reading: Reading, start: number, end: number, caseless: boolean): boolean {
  const name = reading.text.slice(start, end);
  if (!caseless) {
    if (!/^(?:\p{Lu}|\d)/u.test(name)) return false;
    return name
      .split(/[ \t]+/)
      .every(
        (word) => !FUNCTION_WORD_TAGS.has(lexiconTag(word.toLowerCase().replace(/(?:['’]s|\.)$/, "")) ?? ""),
      );
  }
  const words = reading
    .tokensIn(start, end)
    .filter((t) => t.text !== "'s" && t.text !== "’s" && t.text !== ".");
  return (
    words.length > 0 &&
    words.every(
      (t: Token) =>
        /^\d{1,3}(?:st|nd|rd|th)$/i.test(t.text) ||
        (!NOT_IN_A_NAME.has(t.pos) && !t.stop && t.pos !== "VERB"),
    )
  );
}

/** Unit, city, state and postcode written after the street, when they are clearly its own. */
function tailLength(text: string, end: number, caseless: boolean): number {
  let at = end;
  const rest = () => text.slice(at, at + 80);
  const direction = DIRECTION_AFTER.exec(rest());
  if (direction && /^\p{Lu}/u.test(direction[1]!)) at += direction[0].length;
  const unit = UNIT_AFTER.exec(rest());
  if (unit) at += unit[0].length;
  const postcodeAndCity = POSTCODE_AND_CITY_AFTER.exec(rest());
  if (postcodeAndCity) return at + postcodeAndCity[0].length - end;
  const city = cityAfter(rest(), caseless);
  if (city) return at + city - end;
  const postcode = POSTCODE_AFTER.exec(rest());
  if (postcode) at += postcode[0].length;
  return at - end;
}

/**
 * ", Springfield, IL 62704", ", London NW1 6XE", ", Leeds": the city is taken with a state or a
 * postcode after it, or when the lexicon knows it as a place. Returns the characters taken.
 */
function cityAfter(rest: string, caseless: boolean): number {
  for (const pattern of [...CITY_OF_WORDS].reverse()) {
    const city = pattern.exec(rest);
    if (!city) continue;
    const words = city[0].replace(/^,\s*/, "").split(/[ \t]/);
    if (!caseless && !words.every((w) => /^\p{Lu}/u.test(w))) continue;
    let at = city[0].length;
    const state = STATE_AFTER.exec(rest.slice(at));
    if (state) at += state[0].length;
    const postcode = POSTCODE_AFTER.exec(rest.slice(at));
    if (postcode) at += postcode[0].length;
    if (state || postcode || isNamedNonPerson(words.join(" ").toLowerCase())) return at;
  }
  return 0;
}

const found = (reading: Reading, start: number, end: number): FoundDetail => ({
  kind: "ADDRESS",
  start,
  end,
  text: reading.text.slice(start, end),
});

const ABBREVIATED_TYPE = /^(?:st|ave|av|rd|blvd|ln|dr|ct|pl|ter|cir|cres|sq|pkwy|hwy|trl)$/i;

/** Each match of a global pattern; after a rejected one the search goes on from its next character. */
function* candidates(pattern: RegExp, text: string, accept: (m: RegExpExecArray) => FoundDetail | undefined) {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const detail = accept(m);
    if (detail) yield detail;
    else pattern.lastIndex = m.index + 1;
  }
}

// A Germanic street word right before a house number, to skip the full pattern in most texts.
const GERMANIC_HINT = new RegExp(String.raw`(?:${alternatives(STREET_WORD_ENDINGS)})[ \t]+\d`, "i");

export function findAddresses(reading: Reading): FoundDetail[] {
  const { text } = reading;
  if (reading.digitCount === 0) return [];
  // A line in lower case is a transcript's; its street names are in lower case too.
  const caselessAt = (offset: number) => reading.caselessAt(offset);

  const english = candidates(ENGLISH_STREET, text, (m) => {
    const [whole, house, name, type, dot] = m as unknown as string[];
    const caseless = caselessAt(m.index);
    const nameStart = m.index + house!.length + whole!.slice(house!.length).search(/\S/);
    if (!isStreetName(reading, nameStart, nameStart + name!.trimEnd().length, caseless)) return undefined;
    // The dot after "St." is the abbreviation's; after "Street." it ends the sentence.
    const end = m.index + whole!.length - (dot && !ABBREVIATED_TYPE.test(type!) ? 1 : 0);
    return found(reading, m.index, end + tailLength(text, end, caseless));
  });

  const french = candidates(FRENCH_STREET, text, (m) => {
    const end = m.index + m[0].length;
    return found(reading, m.index, end + tailLength(text, end, false));
  });

  const germanic = !GERMANIC_HINT.test(text)
    ? []
    : candidates(GERMANIC_STREET, text, (m) => {
        const [whole, before, word] = m as unknown as string[];
        const lower = word!.toLowerCase();
        const ending = STREET_WORD_ENDINGS.find((e) => lower.endsWith(e));
        if (!ending) return undefined;
        const joined = lower.length > ending.length;
        // A joined street word needs a name of its own before the ending ("Haupt-straße") and is no
        // English word ("monitoring", "brigade"); a separate one needs a capitalised word before it
        // ("Berliner Straße").
        if (joined && (lower.length - ending.length < 3 || isDictionaryWord(lower) || lexiconTag(lower)))
          return undefined;
        if (!joined && !(before && /^\p{Lu}/u.test(before))) return undefined;
        const caseless = caselessAt(m.index);
        if (!caseless && !/^\p{Lu}/u.test(joined ? word! : before!)) return undefined;
        const withBefore = !joined || (before !== undefined && /^\p{Lu}.*(?:er|e)$/u.test(before));
        const start = withBefore
          ? m.index
          : m.index + whole!.lastIndexOf(word!, whole!.length - word!.length);
        let end = m.index + whole!.length;
        const tail = POSTCODE_AND_CITY_AFTER.exec(text.slice(end, end + 60));
        if (tail) end += tail[0].length;
        return found(reading, start, end);
      });

  const poBoxes = candidates(PO_BOX, text, (m) => {
    const end = m.index + m[0].length;
    return found(reading, m.index, end + tailLength(text, end, caselessAt(m.index)));
  });
  return [...english, ...french, ...germanic, ...poBoxes];
}
