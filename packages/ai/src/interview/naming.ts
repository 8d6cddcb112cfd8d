/**
 * Offline follow-ups that name what was said (issue 33): the prewritten probe's "that" becomes the
 * thing the answer named ("What goes wrong with the whiteboard?"), but only where the phrase is
 * sure to read right in its place; anywhere else the probe is asked as written. A frame is asked
 * once, named or not.
 */
import { gerund, tokensOf } from "../text";
import { type FocusKind, PROBES } from "./focus";
import { putRight } from "./sayback";
import { normalise } from "./text";

/** Words the interviewer would not say of the participant's things: their "I" was not swapped. */
const SPEAKER = /\b(?:i|me|my|we|us|our|ours)\b/i;

/**
 * The phrase as it can stand for "that" in a probe of its kind, or null:
 * - a refusal, as they named it ("reminders by email");
 * - a workaround, as the thing they use ("the whiteboard", "your paper diary");
 * - a need, as an action whose verb they said themselves ("queue updates" → "queuing updates
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
  if (kind !== "need" || words.length < 2 || !/ing$/.test(words[0]!)) return null;
  // "read and write the diary" is not "reading the diary": a verb one of several is not named.
  const tokens = tokensOf(answer);
  const said = tokens.some(
    (t, i) => t.pos === "VERB" && gerund(t.lemma) === words[0] && tokens[i + 1]?.pos !== "CCONJ",
  );
  // It ends on the thing acted on or how ("… offline"), not mid-phrase ("as much as possible").
  const last = tokensOf(phrase).at(-1);
  return said && last && ["NOUN", "PROPN", "ADV"].includes(last.pos) ? phrase : null;
}

/**
 * The need probe an action reads well in: "What would automating the diary change for you?". As the
 * subject of "Who else would … help?" a gerund reads garbled, so that frame keeps "that".
 */
const ACTION_FRAME = /^What would that change\b/;

/** "the spreadsheets" take "do", not "does". */
const plural = (name: string) => /[^s]s$/.test(name.split(/\s+/).at(-1)!);

/** The probe with its "that" said as the phrase, when the phrase can stand there; else as written. */
export function namedProbe(
  probe: string,
  kind: FocusKind,
  phrase: string | undefined,
  answer: string,
): string {
  const name = phrase ? nameable(kind, phrase, answer) : null;
  if (!name || !/\bthat\b/.test(probe) || (kind === "need" && !ACTION_FRAME.test(probe))) return probe;
  const named = probe.replace(/\bthat\b/, name);
  return plural(name) ? named.replace(`does ${name}`, `do ${name}`) : named;
}

/** "What goes wrong with that?" as a pattern that also matches it named ("… with the whiteboard?"). */
function frameOf(probe: string): RegExp {
  const escaped = normalise(probe).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(escaped.replace(/\bthat\b/, "(?:\\S+ ){0,6}\\S+").replace(/\bdoes\b/, "(?:does|do)"));
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
