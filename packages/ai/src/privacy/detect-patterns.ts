/**
 * The patterned details but phones (detect-phone.ts): each is a shape found by a regular
 * expression and then checked by the library made for it (card-validator's networks and Luhn check
 * for cards, ibantools' country formats and mod-97 for IBANs, IANA's top-level domains for emails
 * said aloud) or by its published rules (US SSN and ITIN ranges, UK National Insurance prefixes).
 */
import { createRequire } from "node:module";
import cardValidator from "card-validator";
import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import type { FoundDetail, Reading } from "./detect-reading";
import { lexiconTag } from "./names";

export const found = (
  reading: Reading,
  kind: FoundDetail["kind"],
  start: number,
  end: number,
): FoundDetail => ({
  kind,
  start,
  end,
  text: reading.text.slice(start, end),
});

// --- Email ---------------------------------------------------------------------------------

const WRITTEN_EMAIL =
  /(?<![\w.+%-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]*[A-Za-z0-9])?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}(?![\w@-])/g;

// Said aloud and transcribed: "jane dot doe at clinic dot com".
const SPOKEN_EMAIL =
  /(?<![\w.@-])[a-z0-9]+(?:(?: dot | underscore | dash |[._-])[a-z0-9]+)* at [a-z0-9-]+(?: dot [a-z0-9-]+)+(?![\w@])/gi;

let topLevelDomains: Set<string> | undefined;
// tlds ships a JSON list (IANA's root zone), read once.
const isTopLevelDomain = (label: string) => {
  topLevelDomains ??= new Set(createRequire(import.meta.url)("tlds") as string[]);
  return topLevelDomains.has(label.toLowerCase());
};

const NOT_A_MAILBOX = new Set([
  "PastTense",
  "PresentTense",
  "Gerund",
  "Copula",
  "Modal",
  "Preposition",
  "Determiner",
  "Pronoun",
  "Conjunction",
  "Adverb",
]);

export function findEmails(reading: Reading): FoundDetail[] {
  const out: FoundDetail[] = [];
  if (!reading.text.includes("@") && !/ at /i.test(reading.text)) return out;
  for (const m of reading.text.matchAll(WRITTEN_EMAIL))
    out.push(found(reading, "EMAIL", m.index, m.index + m[0].length));
  for (const m of reading.text.matchAll(SPOKEN_EMAIL)) {
    const lastLabel = m[0].split(" dot ").at(-1)!;
    if (!isTopLevelDomain(lastLabel)) continue;
    // "we looked at google dot com" names a website: a mailbox is no verb form or function word.
    const local = m[0].slice(0, m[0].search(/ at /i)).toLowerCase();
    if (NOT_A_MAILBOX.has(lexiconTag(local) ?? "")) continue;
    out.push(found(reading, "EMAIL", m.index, m.index + m[0].length));
  }
  return out;
}

// --- IBAN ----------------------------------------------------------------------------------

const IBAN_SHAPE = /(?<![\w])[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]){11,30}(?![\w])/g;

export function findIbans(reading: Reading): FoundDetail[] {
  const out: FoundDetail[] = [];
  if (reading.digitCount < 8) return out;
  for (const m of reading.text.matchAll(IBAN_SHAPE)) {
    // The shape may run on into the words after the number: drop whole chunks from the end until
    // what is left is a valid IBAN.
    let candidate = m[0];
    while (candidate.replace(/ /g, "").length >= 15) {
      if (isValidIBAN(electronicFormatIBAN(candidate.toUpperCase()) ?? "")) {
        out.push(found(reading, "IBAN", m.index, m.index + candidate.length));
        break;
      }
      const cut = candidate.lastIndexOf(" ");
      if (cut < 0) break;
      candidate = candidate.slice(0, cut);
    }
  }
  return out;
}

// --- Payment card --------------------------------------------------------------------------

const CARD_SHAPE = /(?<![\w+.,-])\d(?:[ -]?\d){12,18}(?![\w]|[.,-]\d)/g;

export function findCards(reading: Reading): FoundDetail[] {
  const out: FoundDetail[] = [];
  if (reading.digitCount < 13) return out;
  for (const m of reading.text.matchAll(CARD_SHAPE)) {
    const separators = new Set(m[0].replace(/\d/g, ""));
    if (separators.size > 1) continue;
    // card-validator knows the networks' prefixes and lengths and runs the Luhn check.
    if (cardValidator.number(m[0].replace(/\D/g, "")).isValid)
      out.push(found(reading, "CARD", m.index, m.index + m[0].length));
  }
  return out;
}

// --- National identifiers ------------------------------------------------------------------

// US Social Security numbers: no area 000, 666 or 900–999, no group 00, no serial 0000 (SSA's
// rules); the 9xx area is the IRS's ITIN, whose group is 50–65, 70–88, 90–92 or 94–99.
const US_SSN = /(?<![\w-])(?!000|666|9)\d{3}([- ])(?!00)\d{2}\1(?!0000)\d{4}(?![\w-])/g;
const US_ITIN = /(?<![\w-])9\d{2}([- ])(?:5\d|6[0-5]|7\d|8[0-8]|9[0-24-9])\1\d{4}(?![\w-])/g;
// UK National Insurance numbers: two prefix letters (not D, F, I, Q, U, V; no O second; not BG,
// GB, KN, NK, NT, TN, ZZ), six digits, suffix A–D, in capitals as HMRC writes them.
const UK_NINO =
  /(?<![\w])(?!BG|GB|KN|NK|NT|TN|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![\w])/g;

export function findIds(reading: Reading): FoundDetail[] {
  const out: FoundDetail[] = [];
  if (reading.digitCount < 6) return out;
  for (const pattern of [US_SSN, US_ITIN, UK_NINO])
    for (const m of reading.text.matchAll(pattern))
      out.push(found(reading, "ID", m.index, m.index + m[0].length));
  return out;
}
