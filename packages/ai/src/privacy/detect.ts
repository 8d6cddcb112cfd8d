/**
 * Issue 26: the personal details in a text, found before any model call so the redaction can put
 * typed placeholders in their place. A pipeline of small steps, each a kind: the patterned kinds
 * first, most specific first (an email before the name inside it, an IBAN before the digits in it,
 * a card before a phone), then addresses, then people's names on the words no earlier step took.
 * Placeholders already in the text ("[PERSON 1]") are taken before any step, so redacting twice
 * finds nothing new inside them.
 */
import { findAddresses } from "./detect-address";
import { findCards, findEmails, findIbans, findIds } from "./detect-patterns";
import { findPeople } from "./detect-person";
import { findPhones, findSpokenPhones } from "./detect-phone";
import { type DetailKind, type FoundDetail, Reading } from "./detect-reading";

export type { DetailKind, FoundDetail };

const STEPS: Array<(reading: Reading) => FoundDetail[]> = [
  findEmails,
  findIbans,
  findCards,
  findIds,
  findPhones,
  findSpokenPhones,
  findAddresses,
  findPeople,
];

/** Personal details in a text, in order, never overlapping. */
export function findDetails(text: string): FoundDetail[] {
  if (!/\p{L}|\d/u.test(text)) return [];
  const reading = new Reading(text);
  const details: FoundDetail[] = [];
  for (const step of STEPS) {
    // Within a step the longer of two overlapping finds wins.
    const finds = step(reading).sort((a, b) => a.start - b.start || b.end - a.end);
    for (const detail of finds) {
      if (reading.isTaken(detail.start, detail.end)) continue;
      reading.take(detail.start, detail.end);
      details.push(detail);
    }
  }
  return details.sort((a, b) => a.start - b.start);
}
