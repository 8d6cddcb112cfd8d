/**
 * What the product does for a person, said as what they want done: "the system should send
 * reminders" is "have reminders sent" (the person sends nothing, and is not the one reminded), "I
 * want the app to read the receipt photo" is "have the receipt photo read by the app", "it should
 * automatically adjust the booking time" is "have the booking time adjusted automatically".
 */
import { pastParticiple } from "../text/inflect";
import type { Token } from "../text/nlp";
import { baseOf } from "./means";
import { lower, text } from "./noun-phrases";

/** Verbs whose participle is the verb itself, which the conjugator misses ("read" → "read"). */
const SAME_PARTICIPLE = new Set(["read", "set", "put", "cut", "shut", "let", "hit", "spread", "broadcast"]);

const participleOf = (verb: string) => (SAME_PARTICIPLE.has(verb) ? verb : pastParticiple(verb));

/** Words a noun phrase (or two joined: "both the client and staff") is made of. */
const NOUN_PHRASE = new Set(["DET", "ADJ", "NOUN", "PROPN", "NUM"]);

/**
 * "have <object> <done>[ by the <product>][ automatically] <the rest>", or null when the verb has no
 * object of its own to be done to ("update automatically", "send me a text").
 */
export function doneFor(tokens: Token[], options: { by: Token[] | null; automatic: boolean }): string | null {
  const [verb, ...said] = tokens;
  if (!verb) return null;
  let end = 0;
  while (
    said[end] &&
    (NOUN_PHRASE.has(said[end]!.pos) ||
      said[end]!.text === "-" ||
      said[end]!.text === "'s" ||
      said[end]!.normal === "both" ||
      // "the client and staff", "email or SMS confirmations"
      (said[end]!.pos === "CCONJ" && NOUN_PHRASE.has(said[end + 1]?.pos ?? "")))
  )
    end += 1;
  const object = said.slice(0, end);
  // "display which staff are free" shows a question's answer, not a thing done to.
  if (/^(?:which|what|whose|how)$/.test(object[0]?.normal ?? "")) return null;
  if (!object.some((t) => t.pos === "NOUN" || t.pos === "PROPN")) return null;
  const rest = said.slice(end).filter((t) => t.normal !== "automatically");
  const by = options.by ? `by ${lower(text(options.by))}` : "";
  return [
    "have",
    text(object).replace(/^(?:The|A|An)\b/, (w) => w.toLowerCase()),
    participleOf(baseOf(verb)),
    by,
    options.automatic ? "automatically" : "",
    text(rest),
  ]
    .filter(Boolean)
    .join(" ")
    .replace(/ ([,;])/g, "$1");
}

/**
 * What a tool does in a person's place when they say "I want the app to …" ("read the receipt",
 * "sort the list"); "I want the system to generate reports" is still the person's own act.
 */
export const TOOL_VERBS = new Set([
  "read",
  "scan",
  "recognise",
  "recognize",
  "detect",
  "calculate",
  "compute",
  "fill",
  "sort",
  "match",
  "assign",
  "translate",
  "convert",
  "sync",
  "transcribe",
  "categorise",
  "categorize",
  "extract",
  "suggest",
  "recommend",
  "predict",
  "flag",
  "check",
  "verify",
  "validate",
]);
