/**
 * Phone numbers: digit groups in a phone's shape, read with libphonenumber-js's metadata (the
 * numbering plans of each country); context from the kit's tokens rejects the phone-shaped numbers
 * that are amounts or identifiers. Numbers said digit by digit in a transcript are read the same way.
 */
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { found } from "./detect-patterns";
import type { FoundDetail, Reading } from "./detect-reading";
import { isVerbForm, lexiconTag } from "./names";
import { IDENTIFIER_NOUNS, SPOKEN_DIGITS, SPOKEN_REPEATS } from "./phone-vocabulary";

// Groups of digits (an area code may sit in brackets) joined by one space, dash, dot or slash.
const PHONE_SHAPE =
  /(?<![\w@+/.,:-])(?:\+ ?)?(?:\(\d{1,5}\)|\d{1,12})(?:(?: ?[-./–] ?| |(?<=\)))(?:\(\d{1,5}\)|\d{1,12}))*(?![\w@]|[.,:/]\d)/g;

// National numbers with a trunk 0 are read in the countries whose speakers Parley hears most; the
// numbering plans come from libphonenumber's metadata.
const TRUNK_ZERO_REGIONS: CountryCode[] = ["GB", "DE", "FR", "NL", "IE", "AT", "CH", "BE", "AU", "NZ", "ZA"];

const CODE_BEFORE = /(?:^|\s)(?=[A-Z\d]*[A-Z])(?=[A-Z\d]*\d)[A-Z\d]{3,}\s$/;

const DATE_SHAPE = /^(?:\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4})$/;

interface Group {
  text: string;
  start: number;
  end: number;
}

const phoneReadings = new Map<string, boolean>();

/** True when the digits, written as they are, read as a telephone number (remembered). */
function readsAsPhone(written: string, groups: number[]): boolean {
  const key = `${written}|${groups.join()}`;
  let reads = phoneReadings.get(key);
  if (reads === undefined) {
    reads = phoneShape(written, groups);
    if (phoneReadings.size >= 10_000) phoneReadings.clear();
    phoneReadings.set(key, reads);
  }
  return reads;
}

function phoneShape(written: string, groups: number[]): boolean {
  const digits = written.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15 || DATE_SHAPE.test(written)) return false;
  if (written.startsWith("+") || /^00[1-9]/.test(digits)) {
    const number = parsePhoneNumberFromString(`+${digits.replace(/^00/, "")}`);
    return Boolean(number?.isPossible() && (number.isValid() || groups.length >= 2));
  }
  // North American Numbering Plan: an area code starting with 2–9, written 3-3-4 (made-up numbers
  // such as 555 123 4567 break the exchange rule, so it is not checked).
  const nanpGrouped =
    (groups.join() === "3,3,4" || (groups.join() === "1,3,3,4" && digits.startsWith("1"))) &&
    /^1?[2-9]\d{9}$/.test(digits);
  if (nanpGrouped) return Boolean(parsePhoneNumberFromString(digits, "US")?.isPossible());
  if (groups.length === 1 && /^1?[2-9]\d{9}$/.test(digits))
    return Boolean(parsePhoneNumberFromString(digits, "US")?.isValid());
  if (/^0[1-9]/.test(digits)) {
    const leading = groups[0]!;
    const grouped = groups.length >= 2 && leading >= 2 && leading <= 5;
    for (const region of TRUNK_ZERO_REGIONS) {
      const number = parsePhoneNumberFromString(digits, region);
      if (number?.isValid()) return true;
      if (grouped && digits.length >= 10 && number?.isPossible() && (region === "GB" || region === "DE"))
        return true;
    }
  }
  return false;
}

const IDENTIFIER_HINT = new RegExp(String.raw`\b(?:${[...IDENTIFIER_NOUNS].join("|")})(?:e?s)?\b`, "i");

// Between an identifier's noun and its number: "order no. 123", "ticket number: 123", "case #123".
const BETWEEN_NOUN_AND_NUMBER = new Set(["number", "no", "nr", "num", "#", ":", ".", "is", "was", "-"]);

/** A number right after "order", "invoice no.", "the ticket number is" is that thing's identifier. */
function namedAsIdentifier(reading: Reading, start: number): boolean {
  // The kit reads the line only when one of the nouns is written just before the number.
  if (!IDENTIFIER_HINT.test(reading.text.slice(Math.max(0, start - 40), start))) return false;
  for (const token of reading.tokensBefore(start, 5)) {
    if (BETWEEN_NOUN_AND_NUMBER.has(token.normal.replace(/\.$/, "") || ".")) continue;
    return IDENTIFIER_NOUNS.has(token.lemma);
  }
  return false;
}

/** A number followed by a currency, a unit or a plural noun ("1 250 000 euros", "…users") is an amount. */
function namedAsAmount(reading: Reading, start: number, end: number): boolean {
  if (/[$€£¥]\s?$/.test(reading.text.slice(Math.max(0, start - 2), start))) return true;
  const written = /^\s?(%|\p{L}+)/u.exec(reading.text.slice(end, end + 30))?.[1];
  if (!written) return false;
  if (written === "%") return true;
  const tag = lexiconTag(written.toLowerCase());
  if (tag === "Currency" || tag === "Unit" || tag === "Duration") return true;
  // The kit reads the line only for a word that may be a plural noun.
  if (!/s$/i.test(written) && tag !== "Plural") return false;
  const next = reading.tokenAfter(end);
  if (!next || /\S/.test(reading.text.slice(end, next.start))) return false;
  // A plural noun counts what the number is ("… 000 users"); a verb after it ("… 6123 goes to")
  // does not, though the tagger may call it a noun.
  return next.pos === "NOUN" && next.lemma !== next.normal && !isVerbForm(next.normal);
}

export function findPhones(reading: Reading): FoundDetail[] {
  const out: FoundDetail[] = [];
  if (reading.digitCount < 7) return out;
  for (const m of reading.text.matchAll(PHONE_SHAPE)) {
    if (m[0].replace(/\D/g, "").length < 7) continue;
    // Digits right after a code of capitals and digits belong to it ("DE62 7183 0207 …", an IBAN
    // that failed its check).
    if (CODE_BEFORE.test(reading.text.slice(Math.max(0, m.index - 16), m.index))) continue;
    const groups: Group[] = [];
    for (const g of m[0].matchAll(/\+ ?\d+|\(\d+\)|\d+/g))
      groups.push({ text: g[0], start: m.index + g.index, end: m.index + g.index + g[0].length });
    // A run of numbers may hold a phone number among others ("in 2 of 555 123 4567"): the longest
    // run of groups that reads as a phone, from the left.
    let from = 0;
    while (from < groups.length) {
      const hit = longestPhone(reading, groups, from);
      if (!hit) break;
      out.push(found(reading, "PHONE", hit.start, hit.end));
      from = hit.next;
    }
  }
  return out;
}

function longestPhone(reading: Reading, groups: Group[], from: number) {
  // A part of a run stands alone only where spaces part it from its neighbours ("in 2 of 555 123
  // 4567"), never inside "2024-555-…".
  const apart = (a: Group, b: Group) => /^\s+$/.test(reading.text.slice(a.end, b.start));
  for (let size = groups.length - from; size >= 1; size--) {
    for (let first = from; first + size <= groups.length; first++) {
      const last = first + size - 1;
      if (first > 0 && !apart(groups[first - 1]!, groups[first]!)) continue;
      if (last < groups.length - 1 && !apart(groups[last]!, groups[last + 1]!)) continue;
      const start = groups[first]!.start;
      const end = groups[last]!.end;
      const written = reading.text.slice(start, end);
      const sizes = groups.slice(first, last + 1).map((g) => g.text.replace(/\D/g, "").length);
      if (!readsAsPhone(written, sizes)) continue;
      if (!written.startsWith("+") && namedAsIdentifier(reading, start)) continue;
      if (namedAsAmount(reading, start, end)) continue;
      return { start, end, next: last + 1 };
    }
  }
  return undefined;
}

// --- Phone numbers said digit by digit -----------------------------------------------------

const SPOKEN_DIGIT = `(?:${[...SPOKEN_REPEATS.keys()].join("|")})?[ \\t-]*(?:${[...SPOKEN_DIGITS.keys()].join("|")})`;
const SPOKEN_NUMBER = new RegExp(
  String.raw`(?<![\p{L}])(?:plus[ \t]+)?${SPOKEN_DIGIT}(?:[ \t,-]+${SPOKEN_DIGIT}){5,}(?![\p{L}])`,
  "giu",
);

/** "five five five, one two three, four five six seven": seven digits or more said one by one. */
export function findSpokenPhones(reading: Reading): FoundDetail[] {
  const out: FoundDetail[] = [];
  if (!/\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b/i.test(reading.text)) return out;
  for (const m of reading.text.matchAll(SPOKEN_NUMBER)) {
    let digits = "";
    let repeat = 1;
    for (const word of m[0].toLowerCase().split(/[ \t,-]+/)) {
      if (SPOKEN_REPEATS.has(word)) repeat = SPOKEN_REPEATS.get(word)!;
      else if (SPOKEN_DIGITS.has(word)) {
        digits += SPOKEN_DIGITS.get(word)!.repeat(repeat);
        repeat = 1;
      }
    }
    const international = /^plus/i.test(m[0]);
    // Said aloud, a number has no written grouping: read it as grouped, by its length alone.
    const written = international ? `+${digits}` : digits;
    const grouped = international ? [2, digits.length - 2] : nanpOrTrunkGroups(digits);
    if (grouped && readsAsPhone(written, grouped))
      out.push(found(reading, "PHONE", m.index, m.index + m[0].length));
  }
  return out;
}

/** The grouping a national number would be written in: 3-3-4 in North America, else trunk code and rest. */
function nanpOrTrunkGroups(digits: string): number[] | undefined {
  if (/^[2-9]\d{9}$/.test(digits)) return [3, 3, 4];
  if (/^1[2-9]\d{9}$/.test(digits)) return [1, 3, 3, 4];
  if (/^0[1-9]\d{7,10}$/.test(digits)) return [4, digits.length - 4];
  return undefined;
}
