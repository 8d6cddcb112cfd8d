import { longEnoughToTell, tokensOf } from "../text";
import { lexnamesOf } from "../text/lexicon";
import { BYE, CLOSING_MARGIN_MINUTES } from "./decide";
import { saysNoted } from "./heard";
import { normalise } from "./text";
import { ABOUT_YOURS, CONFIRM, COST_LIMIT, DENY, DONE, FAREWELL, NO_MORE, RANKING } from "./vocabulary";

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
  "I've written that down for the team.",
  "I've noted that for the team.",
  "The team will see that in your interview.",
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

/** Asked once each when a long conversation has used every way of `ASK_MORE`. */
export const ASK_AGAIN = [
  "What else comes up for you?",
  "Anything further you'd want from it?",
  "What else should the team hear?",
  "Is there another thing you'd change?",
  "What else would you want the team to know?",
];

/**
 * Asked, each once, of a statement of substance they add after the read-back or the closing that no
 * probe fits: more about what they just said, before anything else is asked for; never twice running.
 */
export const ELABORATE = ["Could you say a bit more about that?", "Is there more on that?"];

/**
 * More about what they just said (see `ELABORATE`), or null: only of a new point, brought when asked
 * for more (`lastAsked`) or naming nothing the answer before named (`newPoint`); an answer to a
 * follow-up about the same point is heard out.
 */
export function elaborate(
  said: string[],
  answer: string,
  { lastAsked, newPoint, heard = "" }: { lastAsked: string; newPoint: boolean; heard?: string },
): string | null {
  if (!INVITES_MORE.test(lastAsked.trim()) && !newPoint) return null;
  if (answer.trim().endsWith("?") || DONE.test(answer) || words(answer) < 8) return null;
  // Not of a ranking, a list or two things said back ("that" would point at none of them), nor of a
  // limit on what it may cost (noted, and more asked for).
  // Nor of a reply weighing the interviewer's own words ("No, I think what you said was better").
  if (RANKING.test(answer) || COST_LIMIT.test(answer) || ABOUT_YOURS.test(answer)) return null;
  if (/\bthose\.$|\bnoted all\b/.test(heard)) return null;
  return ELABORATE.find((q) => !said.some((s) => s.includes(normalise(q)))) ?? null;
}

/** The first way to ask for more not said before, or null when each has been. */
export function askMore(said: string[]): string | null {
  // Each way once, then the other ways of a long conversation, never words said before.
  return [...ASK_MORE, ...ASK_AGAIN].find((q) => !said.some((s) => s.includes(normalise(q)))) ?? null;
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

/** "Thanks", "Thank you very much!": nothing more to come. */
export const THANKS = /^\W*(?:ok(?:ay)?,? )?(?:thanks|thank you)(?: (?:very|so) much)?\W*$/i;

/** A question a yes does not answer: "Is there anything …?", "Anything more …?", "Is there more …?". */
export const INVITES_MORE =
  /(?:^|[.!?]["'”’)]*\s+)(?:is there (?:anything|more)|anything (?:else|more|to add)|what (?:else|other|more)|does anything else)\b[^.!?]*\?\s*$/i;
export const WHAT_TO_ADD = "What would you like to add?";
const ASKED_WHAT = /(?:^|[.!?]\s+)what (?:else |more )?would you like to add\?\s*$/i;
/** Asked for what they would add, each once before any is said again. */
const WHAT_ELSE = [WHAT_TO_ADD, "What else would you like to add?", "What more would you like to add?"];

/** A yes, or a yes with a few words ("Yeah. So for now, that's it."), to a question that invites more. */
export function yesToMore(lastAsked: string, answer: string): boolean {
  // To "What would you like to add?" a yes is no answer yet: they are thinking, not asked again.
  if (!INVITES_MORE.test(lastAsked) || ASKED_WHAT.test(lastAsked) || DONE.test(answer)) return false;
  // "Yes but no loyalty programs" says it already.
  const rest = answer.replace(/^\W*(?:yes|yeah|yep|yup|sure)\b/i, "");
  if (/\b(?:but|no|not|don't|never|without)\b/i.test(rest)) return false;
  return CONFIRM.test(answer) || (/^\W*(?:yes|yeah|yep|yup|sure)\b/i.test(answer) && words(answer) <= 8);
}

/** The first way to ask what they would add not said yet (else the plain one). */
/** Whether the interviewer's last message asked what they would add. */
export const askedWhat = (text: string) => WHAT_ELSE.includes(text.trim());
/** Whether the interviewer's last message ended by asking what they would add ("Thank you. What would you like to add?"). */
export const asksWhatToAdd = (text: string) => ASKED_WHAT.test(text);

export const whatToAdd = (said: string[]) =>
  WHAT_ELSE.find((q) => !said.some((s) => s.includes(normalise(q)))) ??
  unsaid(said, "", WHAT_ELSE) ??
  WHAT_TO_ADD;

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * They are done: a goodbye, thanks, "no, that's all", "I can't think of anything"; a long answer
 * only by its thanks for the conversation ("… after I'm done" in a long answer is not a goodbye).
 */
export const isDone = (answer: string) =>
  FAREWELL.test(answer) ||
  unreadRemark(answer) ||
  (words(answer) <= 4 && /^\W*(?:no|nope|nah)\b/i.test(answer)) ||
  (words(answer) <= 12 &&
    (DONE.test(answer) ||
      BYE.test(answer) ||
      THANKS.test(answer) ||
      DENY.test(answer) ||
      NO_MORE.test(answer)));

/**
 * A short remark in a language the rules do not read ("und jetzt …", "ça suffit"): too short for the
 * language to be told, no English function word in it, and most of its words unknown in English.
 * Once the interview is closed it may be a goodbye or a "go away": never kept going as if it were
 * an answer, only the way to end said.
 */
export function unreadRemark(answer: string): boolean {
  if (longEnoughToTell(answer)) return false;
  const tokens = tokensOf(answer).filter((t) => /^\p{L}{2,}$/u.test(t.normal));
  if (!tokens.length || tokens.some((t) => t.stop)) return false;
  const known = tokens.filter((t) => lexnamesOf(t.normal).length > 0).length;
  return known * 3 < tokens.length * 2;
}

/** Acknowledgements of a remark after the closing that brings no need: no way out said. */
const REMARKED = ["I've noted that.", ...KEPT];
const BARE_OK = /^\W*(?:ok(?:ay)?|alright|all right|fine)\W*$/i;
const WAIT = ["Take your time.", "No rush; I'm listening.", "All right."];
const GO_ON = ["Go on, I'm listening.", "Please go on.", "Go ahead; I'm listening."];
/** An answer that breaks off ("That's a minor issue, but..."): they are going on. */
const TRAILING = /(?:\.\.\.|…|\b(?:but|and|so|because))\W*$/i;

/**
 * Offline, the reply after the closing: to a yes to "anything more?", what they would add is asked;
 * to a goodbye, thanks or "no, that's all", how to end said at most once more after the closing;
 * to anything else, what they said acknowledged (said back where it reads right), and more invited
 * while they seem to go on, never the way out.
 */
export function offlineAfterClosing(
  said: string[],
  reply: {
    lead: string;
    heard: string;
    answer: string;
    lastAsked: string;
    giving: boolean;
    /** A follow-up on what they added, asked in place of "anything more?". */
    probe?: string | null;
    /** What they added names nothing the answer before it named. */
    newPoint?: boolean;
  },
): string {
  const { lead, heard, answer, lastAsked, giving, probe, newPoint } = reply;
  const join = (...parts: string[]) => parts.filter(Boolean).join(" ").replace(/\n /g, "\n");
  if (yesToMore(lastAsked, answer)) return unsaid(said, lead, WHAT_ELSE) ?? join(lead, whatToAdd(said));
  if (isDone(answer)) {
    const hints = said.filter((s) => /\bend interview\b/.test(s)).length;
    const tails = CLOSING_TAILS.filter((t) => !WAITING.test(t));
    if (hints <= 1) return unsaid(said, lead || "Thank you.", tails) ?? join(lead || "Thank you.", tails[0]!);
    return (
      unsaid(said, lead, ["Thank you.", "Thanks again.", "Thank you for your time."]) ??
      join(lead, "Thank you.")
    );
  }
  if (TRAILING.test(answer.trim()) && !heard) return unsaid(said, lead, GO_ON) ?? join(lead, GO_ON[0]!);
  // A bare "Yeah." brings nothing to note: they may be thinking.
  if (!lead && !giving && (CONFIRM.test(answer) || BARE_OK.test(answer)))
    return unsaid(said, "", WAIT) ?? WAIT[0]!;
  // Their question answered is reply enough when nothing else came with it.
  if (lead && !heard && words(answer) < 4) return lead;
  // Their question answered says it was noted: the remark is not noted a second time.
  const ack = heard || (saysNoted(lead) ? "" : unsaid(said, "", REMARKED) || REMARKED[0]!);
  // (not after their question was answered: "that" would point at the question)
  const about = lead ? null : elaborate(said, answer, { lastAsked, newPoint: Boolean(newPoint), heard });
  const further = giving ? (probe ?? about ?? askMore(said)) : null;
  return join(lead, ack, further ?? "");
}

/**
 * The problem or doubt they name just before the read-back ("keeping it in sync is the hard part",
 * "we're least sure about that"): followed up once before anything is read back.
 */
const HARD =
  /\b(?:the )?hard(?:est)? part\b|\bhardest\b|\b(?:most )?difficult part\b|\bbiggest (?:problem|challenge|pain|headache)\b|\btricky part\b/i;
const DOUBT =
  /\bleast (?:sure|certain|confident)\b|\briskiest\b|\bbiggest (?:risk|unknown|assumption)\b|\bnot sure (?:about|whether|if) that\b/i;
// Asked in the plan's written words (focus.ts): what goes wrong, and what a doubt turns on.
/** A hard part or a doubt named, in any sentence. */
export const NAMES_PROBLEM = new RegExp(`${HARD.source}|${DOUBT.source}`, "i");
const ON_HARD = "What goes wrong with that?";
const ON_DOUBT = "What does it depend on?";

/**
 * The one follow-up on a problem or doubt named in the last answer, or null (asked, none named, or
 * no room: the read-back still comes by the role's limit less the closing margin).
 */
export function probeOnHard(
  state: { lastAnswer: string | null; elapsedMinutes: number; answers: number },
  limitMinutes: number,
  said: string[],
): string | null {
  const answer = state.lastAnswer ?? "";
  const perExchange = state.answers > 0 ? state.elapsedMinutes / state.answers : 1;
  if (state.elapsedMinutes + 2 * perExchange > limitMinutes - CLOSING_MARGIN_MINUTES) return null;
  const question = DOUBT.test(answer) ? ON_DOUBT : HARD.test(answer) ? ON_HARD : null;
  return question && !said.some((s) => s.includes(normalise(question))) ? question : null;
}
