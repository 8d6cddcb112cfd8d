import { normalise } from "./text";

/**
 * What the offline interviewer says once the interview is closed and the participant goes on.
 */

/**
 * After the closing, the participant may go on: what they add is acknowledged briefly, and the
 * way to end the interview is said again only when there is nothing to acknowledge. No line is
 * said twice: each is an opener and a body not combined before.
 */
const CLOSING_TAILS = [
  "You can press 'End Interview' whenever you're ready.",
  "When you're ready, 'End Interview' lets you review and save your answers.",
  "I'm still listening, and 'End Interview' saves everything when you're done.",
  "Take your time; press 'End Interview' to review what was captured.",
];
/** Tails that say the interviewer is waiting for more. */
const WAITING = /\bstill listening\b|\btake your time\b/i;

/** Something added after the closing that could not be said back: kept, and the participant told so. */
const KEPT = [
  "That's kept with your interview for the team.",
  "I've noted that for the team.",
  "Noted; the team will read it as you said it.",
  "That's noted too.",
  "I've added that to your interview.",
];
const OPENERS = ["", "Thank you.", "Thanks.", "All right."];

/**
 * Asked, each once, when an answer at or after the closing brings a new need: they are still
 * giving needs, so more is asked for rather than the way to end said.
 */
export const ASK_MORE = [
  "Is there anything more you'd add?",
  "Anything else on your list?",
  "What other needs come to mind?",
  "Is there more the system should do for you?",
  "Does anything else matter to you here?",
  "What else would help you day to day?",
];

/** The first way to ask for more not said before, or null when each has been. */
export function askMore(said: string[]): string | null {
  return ASK_MORE.find((q) => !said.some((s) => s.includes(normalise(q)))) ?? null;
}

/** The first opener and body not said together before, or null when every pairing was. */
function unsaid(said: string[], lead: string, bodies: string[]): string | null {
  for (const opener of lead ? [""] : OPENERS) {
    for (const body of bodies) {
      const text = [lead, opener, body].filter(Boolean).join(" ").replace(/\n /g, "\n");
      if (!said.includes(normalise(text))) return text;
    }
  }
  return null;
}

/**
 * The reply after the closing: what they asked answered and what they added said back (or, when
 * it could not be, the note that it is kept), else how to end the interview (`done`: they said
 * they are done, and nothing says the interviewer is waiting for more).
 */
export function afterClosing(said: string[], lead: string, substantive: boolean, done = false): string {
  if (lead && !said.includes(normalise(lead))) return lead;
  // To "that's all, thanks", not "I'm still listening": only how to end.
  const tails = done ? CLOSING_TAILS.filter((t) => !WAITING.test(t)) : CLOSING_TAILS;
  const options = substantive ? [...KEPT, ...tails] : tails;
  const bare = OPENERS.find((o) => o && !said.includes(normalise(o)));
  return unsaid(said, lead, options) ?? (lead || bare || OPENERS[1]!);
}
