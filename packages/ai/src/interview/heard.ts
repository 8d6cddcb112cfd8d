import { pointOf, readsWhole } from "./readback";
import { pointsBack } from "./readback-cover";
import { clean } from "./readback-phrase";
import { acknowledgement, statedNeeds } from "./sayback";
import { normalise, sentences } from "./text";
import { RANKING } from "./vocabulary";

/** What the offline interviewer says back of an answer before it asks on: a need heard, in short. */

/**
 * A want someone is reported to have said ("you said that I want …", "she told me she'd like …")
 * is not the participant's own: said back as theirs it misreads them, so none is said back.
 */
const REPORTED = /\b(?:said|says|told (?:me|us|you)|asked)(?: that)?,? (?:i|we|you|he|she|they)\b/i;
export const sayBack = (answer: string) => {
  if (REPORTED.test(answer)) return "";
  const listed = listLength(answer);
  if (listed >= 3) return `Thank you; I've noted all ${listed} points of your list.`;
  // A long answer of many needs ("Clients should …. The system should …. …"): two said back would
  // claim the rest were added with them.
  if (manyNeeds(answer)) return "Thank you; I've noted all of that.";
  // "Tracking receipts is the highest priority, followed by …" ranks what they asked for: not new.
  return RANKING.test(answer) ? "Got it; I've noted what comes first." : acknowledgement(answer);
};

/** An answer that states many needs, four or more, in sentences of its own. */
export const manyNeeds = (answer: string) => statedNeeds(answer).length >= 4;

/** How many numbered points an answer lists ("1. Online booking … 2. Staff rotas …"); 0 when none. */
export function listLength(answer: string): number {
  let n = 0;
  while (new RegExp(`(?:^|\\s)${n + 1}[.)]\\s`).test(answer)) n += 1;
  return n;
}

/**
 * "So you'd like patients to get a text two days before.", "So there should be confirmation mails
 * for appointments.": one need, short, said as the read-back says it, so that the "that" of the
 * question after it points at what they asked for. Not one that opens on "it" ("So it has to …"
 * names nothing), points back, or carries a slip.
 */
export function needHeard(answer: string): string {
  const [first] = statedNeeds(answer);
  // Their own "you" ("you want the ones closer to you") would read as the participant once said back.
  if (!first || REPORTED.test(answer) || /\byou/i.test(first.sentence.text)) return "";
  const point = pointOf(first.sentence.text, true, true);
  if (!point || /^It\b/.test(point) || !readsWhole(point) || !clean(point) || pointsBack(point)) return "";
  // A want of their own is said back; another need only of an answer of several sentences, where
  // "that" could point elsewhere (of one, saying it back would only echo it).
  if (!OWN_WANT.test(point) && sentences(answer).length < 2) return "";
  return `So ${point[0]!.toLowerCase()}${point.slice(1)}`;
}
const OWN_WANT = /^You(?:'d| would)? (?:like|love|want|need|wish)\b/;

/** Words that already tell them it was noted ("… and I've noted your question for them."). */
export const saysNoted = (text: string) => /\bnoted\b/.test(text);

/** What they added, noted when it cannot be said back: offline, each way in turn. */
const NOTED = ["Thank you, I've noted that.", "I've written that down too.", "Noted, thank you."];
export const noted = (said: string[], offline: boolean) =>
  offline
    ? NOTED[said.filter((s) => NOTED.some((n) => s.includes(normalise(n)))).length % NOTED.length]!
    : NOTED[0]!;
