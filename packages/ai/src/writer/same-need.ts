/** One story per distinct need: when two stories a participant asked for say the same need. */
import { infinitive } from "../text/grammar";
import { contentLemmas } from "../text/nlp";
import { ABILITY_NOUNS, BROAD_VERBS } from "./vocabulary";

/** Two stories that say one need: the same things, with the same or a broad verb ("consider breaks", "handle breaks"). */
export function sameNeed(a: string, b: string): boolean {
  const [verbA, ...thingsA] = needWords(a);
  const [verbB, ...thingsB] = needWords(b);
  // "book" said alone is the same need as "book appointments".
  if (!thingsA.length || !thingsB.length) return verbA === verbB;
  const [fewer, more] = thingsA.length <= thingsB.length ? [thingsA, thingsB] : [thingsB, thingsA];
  // One says the other's things and a few more ("sync the digital diary for staff scheduling"),
  // not a whole clause of its own that happens to name them.
  const nested = fewer.every((l) => more.includes(l)) && more.length - fewer.length <= 3;
  if (verbA === verbB) return nested;
  // Two verbs, one saying nothing of its own ("consider breaks", "handle breaks"): about the same
  // thing first, with at most two more ("track receipts", "handle receipts, expenses and wages").
  const broad = BROAD_VERBS.has(verbA ?? "") || BROAD_VERBS.has(verbB ?? "");
  return broad && nested && thingsA[0] === thingsB[0] && more.length - fewer.length <= 2;
}

/** A means' words that say the need: "have the option to select a stylist" is "select a stylist". */
export const needWords = (text: string) => {
  // The verb by its own form ("make" is a stop word, yet it is the act), then the things.
  const [verb = "", ...rest] = text
    .replace(/^have (?:the |an? )?(?:option|ability|possibility|way) to /, "")
    .split(/\s+/);
  const things = contentLemmas(rest.join(" ")).filter((l) => !ABILITY_NOUNS.has(l));
  return ABILITY_NOUNS.has(verb) ? things : [infinitive(verb.toLowerCase()), ...things];
};
