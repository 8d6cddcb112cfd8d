/**
 * Offline follow-ups that name what was said (issue 33): the prewritten probe's "that" becomes the
 * thing the answer named ("What goes wrong with the whiteboard?"), but only where the phrase is
 * sure to read right in its place; anywhere else the probe is asked as written. A frame is asked
 * once, named or not.
 */
import { gerund, type Token, tokensOf } from "../text";
import { lexnamesOf } from "../text/lexicon";
import { type FocusKind, PROBES } from "./focus";
import { putRight } from "./sayback";
import { normalise } from "./text";

/** Words the interviewer would not say of the participant's things: their "I" was not swapped. */
const SPEAKER = /\b(?:i|me|my|we|us|our|ours)\b/i;

/**
 * The phrase as it can stand for "that" in a probe of its kind, or null:
 * - a refusal, as they named it ("reminders by email");
 * - a workaround, as the thing they use ("the whiteboard", "your paper diary");
 * - a need or a pain, as an action whose verb they said themselves ("queue updates" → "queuing updates
 *   offline"), alone and not one of several: a gerund made from anything else ("letting clients …"
 *   from "enable") reads as ours.
 * Never a phrase with a slip in it, a figure, or more than six words.
 */
export function nameable(kind: FocusKind, phrase: string, answer: string): string | null {
  const words = phrase.trim().split(/\s+/);
  if (!phrase.trim() || words.length > 6 || /[\d"“”()?:;,]/.test(phrase) || SPEAKER.test(phrase)) return null;
  if (putRight(phrase) !== phrase) return null;
  if (kind === "refusal") return phrase;
  if (kind === "workaround") return /^(?:the|your)\s/.test(phrase) && words.length <= 4 ? phrase : null;
  if (kind === "need" && thing(phrase, answer)) return phrase;
  if ((kind !== "need" && kind !== "pain") || words.length < 2 || !/ing$/.test(words[0]!)) return null;
  // "read and write the diary" is not "reading the diary": a verb one of several is not named.
  const tokens = tokensOf(answer);
  const said = tokens.some(
    (t, i) => t.pos === "VERB" && gerund(t.lemma) === words[0] && tokens[i + 1]?.pos !== "CCONJ",
  );
  // It ends on the thing acted on or how ("… offline"), not mid-phrase ("as much as possible").
  const last = tokensOf(phrase).at(-1);
  return said && last && ["NOUN", "PROPN", "ADV"].includes(last.pos) ? phrase : null;
}

/** The words a thing wanted comes after: "we need", "I'd like to have", "there should be". */
const WANTED =
  /(?:want|wants|need|needs|like|love|prefer|wish for|hope for|ask for|missing|(?:should|must|could) (?:be|have|get)|(?:want|need|like|love) to (?:have|get))/;

/**
 * A thing wanted, named as they named it, that says what it is on its own: "a booking system",
 * "low-stock alerts", "the digital diary"; not "the percentage" or "the option", which only the
 * sentence around them explained, and no phrase holding a verb ("the system allow for …").
 */
function thing(phrase: string, answer: string): boolean {
  // Wanted as such ("we need a booking system"), not the object of something else they would do
  // with it ("see the free slots": the slots change nothing, seeing them does).
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (!new RegExp(`\\b${WANTED.source}\\s+${escaped}\\b`, "i").test(answer)) return false;
  // Said whole, not cut from a longer thing ("automatic email" of "automatic email or SMS confirmations").
  if (new RegExp(`\\b${escaped}\\s+(?:or|and|&|/)\\s+\\w`, "i").test(answer)) return false;
  // Read where they said it: out of its sentence, "delivery alerts" may read as a verb.
  const from = answer.toLowerCase().indexOf(phrase.toLowerCase());
  const tokens = tokensOf(answer).filter(
    (t) => t.start >= from && t.end <= from + phrase.length && t.pos !== "PUNCT",
  );
  const [first] = tokens;
  // A plural noun the tagger took for a verb ("delivery alerts") is still a noun.
  const noun = (t: Token) =>
    t.pos === "NOUN" || (/s$/.test(t.normal) && lexnamesOf(t.lemma).some((c) => c.startsWith("noun.")));
  if (!first || !noun(tokens.at(-1)!)) return false;
  if (first.pos === "DET" && !/^(?:a|an|the)$/.test(first.normal)) return false;
  const words = first.pos === "DET" ? tokens.slice(1) : tokens;
  return words.length >= 2 && words.every((t) => ["ADJ", "PROPN"].includes(t.pos) || noun(t));
}

/**
 * The need probes an action reads well in: "What would automating the diary change for you?",
 * "How important is automating the diary compared with the rest?". As the subject of "Who else
 * would … help?" a gerund reads garbled, so that frame keeps "that"; a thing reads well in any.
 */
const ACTION_FRAME = /^(?:What would that change|How important is that|Why does that matter)\b/;
/** The pain probe a trouble named as an action reads well in: "What does waiting on hold cost you, …?" */
const PAIN_FRAME = /^What does that cost you\b/;

/** "the spreadsheets" take "do", not "does". */
export const plural = (name: string) => /[^s]s$/.test(name.split(/\s+/).at(-1)!);

/** The probe with its "that" said as the phrase, when the phrase can stand there; else as written. */
export function namedProbe(
  probe: string,
  kind: FocusKind,
  phrase: string | undefined,
  answer: string,
): string {
  const name = phrase ? nameable(kind, phrase, answer) : null;
  const action = kind === "need" && !thing(name ?? "", answer);
  if (!name || !/\bthat\b/.test(probe) || (action && !ACTION_FRAME.test(probe))) return probe;
  if (kind === "pain" && !PAIN_FRAME.test(probe)) return probe;
  const named = probe.replace(/\bthat\b/, name);
  // An action is one thing however many it names: "Why does watering the seedlings matter …?"
  if (!plural(name) || action) return named;
  return named.replace(`does ${name}`, `do ${name}`).replace(`is ${name}`, `are ${name}`);
}

/** "What goes wrong with that?" as a pattern that also matches it named ("… with the whiteboard?"). */
export function frameOf(probe: string, capture = false): RegExp {
  const escaped = normalise(probe).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    escaped
      .replace(/\bthat\b/, capture ? "((?:\\S+ ){0,6}\\S+)" : "(?:\\S+ ){0,6}\\S+")
      .replace(/\bdoes\b/, "(?:does|do)")
      .replace(/\bis\b/, "(?:is|are)"),
  );
}

/** The messages asked so far, plus each probe asked in its named form, so no frame is asked twice. */
export function askedFrames(asked: string[]): string[] {
  const said = asked.map(normalise);
  const named = Object.values(PROBES)
    .flat()
    .filter((p) => /\bthat\b/.test(p) && said.some((s) => frameOf(p).test(s)));
  return [...asked, ...named];
}

/** Whether an interviewer message asked one of the follow-up probes, as written or named. */
export function askedProbe(message: string): boolean {
  const said = normalise(message);
  return Object.values(PROBES)
    .flat()
    .some((p) => said.includes(normalise(p)) || (/\bthat\b/.test(p) && frameOf(p).test(said)));
}
