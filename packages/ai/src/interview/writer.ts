import type { StakeholderType } from "@parley/db/schema";
import { CLOSING } from "../offline/interviewer";
import { STAKEHOLDER_LABELS } from "../roles";
import { withArticle } from "../text";
import type { FoundNeed } from "../writer/needs";
import { answerTo, participantAsk } from "./asks";
import {
  afterClosing,
  askedWhat,
  askMore,
  asksWhatToAdd,
  elaborate,
  offlineAfterClosing,
  probeOnHard,
  THANKS,
  whatToAdd,
  yesToMore,
} from "./closing";
import {
  ANYTHING_ELSE,
  ASKED_AGAIN,
  aboutElse,
  EXAMPLE_ASK,
  GO_AHEAD,
  IMAGE_MARK,
  LISTENING,
  NOTES_MARK,
  nextTopic,
  ONE_MORE_FEATURE,
  ONE_MORE_LEAD,
  OWN_NEED_CONFIRMED,
  ROLE_AGAIN,
  WARM_UP_AFTER,
  WARM_UP_AFTER_ROLE,
  WHY_FIRST,
  YES_TO_OPEN,
} from "./decide";
import { answeredBy, type FocusKind, focusesOf, followUpFor, PROBES, saidAlready } from "./focus";
import { needHeard, noted, sayBack, saysNoted } from "./heard";
import { aboutOne, pointBack, probeOnAdding, timeUpNote, toldBefore, untold } from "./listen";
import { askedFrames, namedProbe, plural } from "./naming";
import { bareTitle } from "./questions";
import { addedSince, justSaidBack, pointOf, quotedSince, readBackPoints } from "./readback";
import { coveredPoints } from "./readback-cover";
import { clean, repeats, SPEAKER_WANTS } from "./readback-phrase";
import { isQuote, sayable } from "./readback-said";
import { reviewAfterClose, reviewReadBack } from "./review";
import { putRight, quoteOf, statedNeeds } from "./sayback";
import {
  type InterviewState,
  READ_BACK_OPENING,
  READ_BACK_QUESTION,
  readState,
  topicSenses,
  WRAP_UP_AGAIN,
  WRAP_UP_QUESTION,
} from "./state";
import { allTold, keywords, normalise, senses, sentences } from "./text";
import type { ReadBack, Topic, TurnContext, TurnDecision } from "./types";
import {
  AFFIRM,
  CONFIRM,
  DECLINE,
  DONE,
  FAREWELL,
  INJECTION,
  MORE_FROM_ME,
  ONE_MORE,
  SUCCESS,
  TODAY,
  UNSURE,
} from "./vocabulary";

/**
 * The offline question writer: one question per turn, about the most informative thing in the last
 * answer named in natural words, nothing leading, no filler praise. A participant's question is
 * answered first. The read-back says the needs heard in short points; after it, a new need is said
 * back and added. Elsewhere: a probe naming what was said (naming.ts), which read-back points are
 * said (readback-said.ts), what is said once the interview has closed (closing.ts), and the
 * participant's review of the read-back (review.ts).
 */

/**
 * Offline, the ways to ask for more after the read-back (each once), so a participant still giving
 * needs is listened to up to the listening limit; the last says the interview is ending.
 */
export const OFFLINE_LISTENING = [
  LISTENING[0]!,
  LISTENING[1]!,
  "What else comes to mind?",
  "Is there anything else you'd want it to do?",
  "Is there anything more I should note before we finish?",
];

/** Asked once of a long account of how it is done today. */
export const WORST_PART = "Which part of that gives you the most trouble today?";

/** Said to a yes to "What would you like to add?": they have more, and are thinking. */
const STILL_THINKING = ["Take your time; I'm listening.", "No rush; go ahead whenever you're ready."];
/** Said when no need can be put in a short phrase (or the rules cannot read the language). */
const UNREAD =
  "I can't sum up your answers in short points here; the team will read them in full as you wrote them.";
/** Asked once when they keep adding after the read-back, before the interview closes. */
const LAST_CALL = "Is there anything you'd like to add before we finish?";
/** The model path's fallback read-back with nothing to read (offline asks `WRAP_UP_QUESTION`). */
const NOTHING_TO_READ = `${READ_BACK_OPENING} nothing I can put in short points; the team will read your answers in full, as you wrote them. ${LAST_CALL}`;

export function welcomeText(ctx: TurnContext, firstQuestion: string): string {
  // "as a business stakeholder"; a participant of no named role is asked without one.
  const label = STAKEHOLDER_LABELS[ctx.stakeholderType as StakeholderType].toLowerCase();
  const role = ctx.stakeholderType === "other" ? "" : ` as ${withArticle(label)}`;
  const about = ctx.project.title ? ` about ${ctx.project.title}` : "";
  return [
    `Hello, and thank you for taking the time to talk${about}!`,
    `I'm Parley's interview assistant (running in offline mode), and I'll ask you a few questions${role}. This takes about ${ctx.timeLimitMinutes} minutes; there are no right or wrong answers.`,
    firstQuestion,
  ].join(" ");
}

/** The first probe of a topic that no earlier message contains and the last answer has not answered. */
function probe(topic: Topic, said: string[], answer = "", told = "", offline = false): string | null {
  // Offline, an answer about something else does not answer a feature's question ("…, so we are
  // short staffed" says nothing of what online booking would change): only one that names it.
  const marks = topicSenses(topic);
  const about = !offline || topic.source !== "feature" || [...senses(answer)].some((s) => marks.has(s));
  const question = topic.probes.find(
    (p) =>
      !said.some((s) => s.includes(normalise(p))) &&
      !(about && answeredBy(p, answer)) &&
      !toldBefore(p, told, answer) &&
      !measuredBefore(p, told, offline) &&
      !(offline && SCOPE_SAID.test(told) && FIRST_RELEASE.test(p)),
  );
  if (!question) return null;
  // Offline, a feature's title is said bare where it reads right ("What would online booking …?").
  const bare = offline && topic.source === "feature" ? bareTitle(topic.title) : null;
  if (!bare) return question;
  // "What would you need from SMS reminders to use them?"
  const spoken = question.replace(`"${topic.title}"`, bare);
  return plural(bare) ? spoken.replace(/\bit\?$/, "them?") : spoken;
}

/** A line drawn around a release: "… is reminders only; anything touching … is out", "out of scope". */
const SCOPE_SAID =
  /\b(?:first|initial|next) (?:release|version|phase)\b[^.!?]*\bonly\b|\bout of scope\b|\b(?:anything|everything) (?:touching|involving|about|to do with)\b[^.!?]*\bis out\b/i;
/**
 * Offline, a question about what the first release holds is not asked once they drew its line: it
 * was answered, and of a feature outside it, it contradicts them ("What could we leave out of bank
 * feed matching at first?").
 */
const FIRST_RELEASE = /\bat first\b|\bfirst release\b/i;

/** A question about what a feature would be worth or how to judge it. */
const MEASURE_ASKED = /\bworth to\b|\bjudge whether\b|\bhad worked\b|\bmeasure success\b|\ba success for\b/i;

/**
 * Offline, such a question is answered once they said how they judge success, whatever the last
 * answer was.
 */
const measuredBefore = (question: string, told: string, offline: boolean) =>
  offline && MEASURE_ASKED.test(question) && SUCCESS.test(told);

/**
 * Asked for a summary after the closing: the points as they stand now, each said as the read-back
 * says it (a need added late is stored as said, slips and all), and only those that read whole.
 */
function summaryNow(ctx: TurnContext, offline: boolean): string {
  // Offline, the read-back's own reading of everything said so far: no point it read back before is lost.
  const points = offline
    ? readBackPoints(ctx, { now: true, asSaid: false, offline: true })
    : [...new Set(reviewAfterClose(ctx).points.flatMap((p) => pointOf(p, true) ?? []))];
  // As the first read-back says them: their own words, quoted, kept too.
  const said = sayable(ctx, points, offline, offline);
  const answers = ctx.messages.filter((m) => m.role === "user").map((m) => m.content);
  const quotes = said.filter(isQuote);
  const shown = offline
    ? [
        ...coveredPoints(
          ctx,
          said.filter((p) => !isQuote(p)),
          answers,
        ),
        ...quotes,
      ]
    : said;
  // Offline, a need added after the read-back that no point says is shown in their words.
  const theirs = offline ? unsaidAdditions(ctx, shown) : [];
  const lines = [...shown, ...theirs.map((q) => `In your words: “${q}”`)];
  return lines.length ? `${READ_BACK_OPENING}\n${lines.map((p) => `- ${p}`).join("\n")}\n` : UNREAD;
}

/** The needs stated after the read-back that no shown point names: at most three, quoted short. */
function unsaidAdditions(ctx: TurnContext, shown: string[]): string[] {
  const first = ctx.messages.findIndex((m) => m.role === "ai" && m.content.startsWith(READ_BACK_OPENING));
  if (first < 0) return [];
  const named = new Set(shown.flatMap((p) => keywords(p)));
  return ctx.messages
    .slice(first + 1)
    .filter((m) => m.role === "user")
    .flatMap((m) => statedNeeds(m.content).map(quoted))
    .filter((x, i, all) => all.indexOf(x) === i)
    .filter((x) => keywords(x).filter((w) => named.has(w)).length < 2)
    .slice(0, 3);
}

/**
 * A need's quote with every slip put right, as the acknowledgement quoted it ("shouldn't be too
 * expensive"), when all can be; else as they wrote it (half put right would read worse).
 */
function quoted(need: FoundNeed): string {
  const quote = quoteOf(need);
  const fixed = putRight(quote);
  return fixed && clean(fixed) ? fixed : quote;
}

/** A want said back before a question: "So you'd love to …", "Got it: you'd like …". */
const SAID_BACK = /^(?:So you|Got it: you)\b/;

/** A read-back given again says only what was added since: the earlier one stands. */
const SINCE = "besides what I read back before, you added:";
/** Their question for the interviewer's view, asked back. */
const THEIR_PREFERENCE = "What would you prefer?";
/** At most this many points in such a read-back with their own words quoted. */
const MOST_SINCE = 5;

/** The interviewer's message for a decision, written by rules. */
export function writeTurn(
  ctx: TurnContext,
  decision: TurnDecision,
  /**
   * The offline interviewer's message (issue 33's offline round: follow-ups naming what was said,
   * the wider read-back, listening on after "What would you like to add?"); without it, the
   * message the checks after the model fall back to, as it was before that round.
   */
  offline = false,
): { text: string; decision: TurnDecision; readBack?: ReadBack } {
  const written = writeFor(ctx, decision, offline);
  return { ...written, decision: written.decision ?? decision };
}

/** A quote of theirs a shorter point already says the heart of ("You don't want voice to be …"). */
const saysPart = (quote: string, points: string[]) => {
  const words = new Set(keywords(quote));
  // (a point's words without its full stop: "… the only way in.")
  return points.some((p) => {
    const own = keywords(p.replace(/[.!?]+$/, ""));
    return own.length > 0 && own.every((w) => words.has(w));
  });
};

/**
 * What a reply to the read-back changed, said before the next words: a bare "no" corrects nothing
 * said; a question they asked is answered, not taken as a correction; only a reply that speaks to one
 * of its points corrects anything, and one that speaks to none ("the waitlist is for later, not
 * dropped") is noted as said. "" when the reply was not to the read-back or changed nothing.
 */
function readBackReplyNoted(
  ctx: TurnContext,
  state: InterviewState,
  reply: string,
  answerFirst: string,
  substantive: boolean,
): string {
  const corrections =
    !/^\W*(?:no|nope|nah)\W*$/i.test(reply) && (state.lastAsked ?? "").includes(READ_BACK_QUESTION)
      ? reviewReadBack(readBackPoints(ctx), reply).corrections
      : [];
  if (corrections.some((c) => c.point !== null)) return "Got it; I've corrected that.";
  if (corrections.length) return "Got it; I've noted that.";
  // Their question answered says it was noted already.
  return substantive && !saysNoted(answerFirst) ? "I've noted that." : "";
}

function writeFor(
  ctx: TurnContext,
  decision: TurnDecision,
  offline: boolean,
): { text: string; decision?: TurnDecision; readBack?: ReadBack } {
  const state = readState(ctx.plan, ctx.messages, ctx.now, ctx.decisions);
  const said = ctx.messages.filter((m) => m.role === "ai").map((m) => normalise(m.content));
  const topic = ctx.plan.topics.find((t) => t.id === decision.topicId);
  /** A question is fresh when no earlier interviewer message contains it. */
  const fresh = (text: string) => !said.some((s) => s.includes(normalise(text)));
  const quote = decision.reflect ? `"${decision.reflect.replace(/["?]/g, "").trim()}"` : null;
  // The participant's question, answered before anything else is asked.
  const ask = decision.asked && state.lastAnswer ? participantAsk(state.lastAnswer) : null;
  const answerFirst = ask
    ? answerTo(ask, {
        project: ctx.project,
        topic: topic ?? null,
        lastQuestion: state.lastAsked,
        offline,
      })
    : "";
  const withAnswer = (question: string) => [answerFirst, question].filter(Boolean).join(" ");

  if (!ctx.messages.some((m) => m.role === "ai")) {
    return { text: welcomeText(ctx, probe(topic ?? ctx.plan.topics[0]!, said) ?? "") };
  }
  // A yes to "Is there anything you'd like to add?" says they are about to add it: what is asked.
  const lastAsked = ctx.messages.findLast((m) => m.role === "ai")?.content ?? "";
  const added = ask ? ask.rest : (state.lastAnswer ?? "");
  // Offline, once closed: what they add acknowledged, the way out said only when they are done.
  if (offline && state.closed) {
    const heard = sayBack(added);
    const giving = Boolean(heard) || statedNeeds(added).length > 0 || keywords(added).length >= 5;
    const lead = (decision.asked === "summary" ? summaryNow(ctx, offline) : "") || answerFirst;
    // After their question is answered, "that" would point at the question: no probe.
    const onAdding = giving && !answerFirst ? aboutOne(probeOnAdding(ctx, added), heard) : null;
    const probe = onAdding ? pointBack(onAdding, heard) : null;
    const newPoint = aboutElse(ctx.messages, added);
    return {
      text: offlineAfterClosing(said, { lead, heard, answer: added, lastAsked, giving, probe, newPoint }),
    };
  }
  // A yes to "Could you give me an example?" is a yes to giving one.
  if (offline && lastAsked.endsWith(EXAMPLE_ASK) && CONFIRM.test(added) && decision.action === "follow_up")
    return { text: GO_AHEAD, decision: { ...decision, reason: "go-on" } };
  if (offline && yesToMore(lastAsked, state.lastAnswer ?? "")) {
    const onTopic = state.currentTopic ?? decision.topicId;
    const text = whatToAdd(said);
    return { text, decision: { action: "follow_up", topicId: onTopic, reason: "go-on" } };
  }
  // A yes to "What would you like to add?" says they are still finding the words: waited for, once,
  // not closed on.
  if (
    offline &&
    !state.closed &&
    asksWhatToAdd(lastAsked) &&
    CONFIRM.test(added) &&
    (decision.action === "close" || decision.action === "read_back") &&
    STILL_THINKING.some(fresh)
  ) {
    const onTopic = state.currentTopic ?? decision.topicId;
    const text = STILL_THINKING.find(fresh)!;
    return { text, decision: { action: "follow_up", topicId: onTopic, reason: "listening" } };
  }
  // What they add once asked what is their addition, whatever it holds: noted, and more asked for
  // while a way to ask is left, rather than closed on.
  const asks = offline ? OFFLINE_LISTENING : LISTENING;
  const more = asks.find(fresh);
  const wrapping = decision.action === "close" || decision.action === "read_back";
  if (
    offline &&
    askedWhat(lastAsked) &&
    wrapping &&
    more &&
    keywords(added).length >= 5 &&
    !DONE.test(added)
  ) {
    const heard = sayBack(added) || noted(said, offline);
    const onTopic = state.currentTopic ?? decision.topicId;
    return {
      text: withAnswer(`${heard} ${more}`),
      decision: { action: "follow_up", topicId: onTopic, reason: "listening" },
    };
  }
  // Offline, an answer after the read-back that brings a new need (or, in words the rules cannot
  // read, anything of substance) is neither closed on nor read back over: said back (or noted), and
  // more asked for while a way to ask is left.
  const wrapUp = decision.action === "close" || (decision.action === "read_back" && !decision.asked);
  // "Do you need anything else from me?" is answered and closed on, not asked for more.
  const doneAsking = ask?.kind === "info" && MORE_FROM_ME.test(ask.sentence);
  if (
    offline &&
    wrapUp &&
    state.readBackAt >= 0 &&
    !DONE.test(added) &&
    !FAREWELL.test(added) &&
    !doneAsking
  ) {
    const heard = sayBack(added);
    // Unread, only a long answer counts: a short one may be a remark or a goodbye ("und jetzt …").
    const giving = heard || statedNeeds(added).length || keywords(added).length >= 7 || ONE_MORE.test(added);
    // After their question is answered, "that" would point at the question: more is asked for.
    const probeOn = answerFirst ? null : aboutOne(probeOnAdding(ctx, added), heard);
    const onAdding = giving ? (probeOn ?? askMore(said)) : null;
    const further = onAdding ? pointBack(onAdding, heard) : null;
    if (further) {
      const onTopic = state.currentTopic ?? decision.topicId;
      const listening = { action: "follow_up", topicId: onTopic, reason: "listening" } as const;
      // Their question answered says they were heard: no "noted" after its "thank you".
      const text = withAnswer(
        [heard || (answerFirst ? "" : noted(said, offline)), further].filter(Boolean).join(" "),
      );
      return { text, ...(state.closed ? {} : { decision: listening }) };
    }
  }
  // Offline, their question for the interviewer's view turned back to them, on their own thread
  // ("what would you prefer for the bad ratings?"): not the plan's question again, nor a probe
  // about "that".
  const asksTheirs = decision.action === "rephrase" || decision.action === "follow_up";
  if (offline && asksTheirs && decision.asked === "opinion" && fresh(THEIR_PREFERENCE))
    return { text: withAnswer(THEIR_PREFERENCE) };
  switch (decision.action) {
    case "close": {
      const answer = state.lastAnswer ?? "";
      // Their question is answered, not said back as a need.
      const heard = sayBack(ask ? ask.rest : answer);
      const summary = decision.asked === "summary" ? summaryNow(ctx, offline) : "";
      const substantive = !heard && !DONE.test(answer) && keywords(answer).length >= 5;
      if (state.closed) {
        const lead = [summary || answerFirst, heard].filter(Boolean).join(" ");
        const done = DONE.test(answer) || FAREWELL.test(answer) || THANKS.test(answer);
        return { text: afterClosing(said, lead, substantive, offline && done) };
      }
      const kept = heard || readBackReplyNoted(ctx, state, ask ? ask.rest : answer, answerFirst, substantive);
      return {
        text: [summary || answerFirst, kept, CLOSING].filter(Boolean).join(" ").replace(/\n /g, "\n"),
      };
    }
    case "read_back": {
      // The hard part or the doubt they just named: followed up once before the first read-back.
      const hard =
        offline && !decision.asked && state.readBackAt < 0
          ? probeOnHard(state, ctx.timeLimitMinutes, said)
          : null;
      if (hard) {
        const onTopic = state.currentTopic ?? decision.topicId;
        return {
          text: withAnswer(hard),
          decision: { action: "follow_up", topicId: onTopic, reason: "hard" },
        };
      }
      // Only needs that read as a short, clean phrase are said back: fewer points, each true.
      const heard = readBackPoints(ctx, { now: true, asSaid: false, offline });
      const given = state.readBackAt >= 0 ? ctx.messages[state.readBackAt]!.content : null;
      const readable = sayable(ctx, heard, offline, state.readBackAt < 0);
      // Offline, read again after they added to it: everything they added, each statement, not
      // only the needs the rules read ("Union rules say technicians cannot be tracked after hours").
      const since = offline && given !== null && !decision.asked ? addedSince(ctx, state.readBackAt) : [];
      const points = [
        ...readable,
        ...since.filter(
          (p) =>
            !given!.includes(p) && !readable.includes(p) && !repeats(p, readable) && !saysPart(p, readable),
        ),
      ];
      const first = decision.asked === "summary" ? "" : answerFirst;
      // Read again only with something it did not say the first time: else, while they are still
      // adding, more is asked for once, and then the interview closes.
      // (the acknowledgement just before said them back already: "Got it: you'd like …")
      const just = offline ? justSaidBack(ctx) : () => false;
      if (given !== null && points.every((p) => given.includes(p) || just(p))) {
        const answer = state.lastAnswer ?? "";
        const adding = !DONE.test(answer) && keywords(answer).length >= 3;
        if (!fresh(LAST_CALL) || !adding)
          return writeTurn(ctx, { ...decision, action: "close", topicId: "" }, offline);
        const heard = sayBack(ask ? ask.rest : answer) || noted(said, offline);
        return {
          text: withAnswer(`${heard} ${LAST_CALL}`),
          decision: { ...decision, action: "follow_up", reason: "listening" },
        };
      }
      // Offline, read again: only what the earlier read-backs did not say, not the list once more.
      const earlier = ctx.messages.filter((m) => m.role === "ai" && m.content.includes(READ_BACK_OPENING));
      const added =
        offline && given !== null ? points.filter((p) => !earlier.some((m) => m.content.includes(p))) : [];
      const opening = added.length ? `${READ_BACK_OPENING} ${SINCE}` : READ_BACK_OPENING;
      // (and what they added that no point can say, in their words, while the list is short enough
      // to check at a glance: it says all they added)
      const theirs = added.length
        ? quotedSince(ctx, state.readBackAt, points)
            .filter((q) => !saysPart(q, points))
            .slice(0, Math.max(0, MOST_SINCE - added.length))
        : [];
      const shown = added.length ? [...added, ...theirs.map((q) => `In your words: ${q}`)] : points;
      // Nothing that can be said in short points: no read-back of nothing, but a plain wrap-up question.
      const text = points.length
        ? `${opening}\n${shown.map((p) => `- ${p}`).join("\n")}\n${READ_BACK_QUESTION}`
        : offline
          ? said.some((m) => m.includes(normalise(PROBES.several[0]!)))
            ? WRAP_UP_AGAIN
            : WRAP_UP_QUESTION
          : NOTHING_TO_READ;
      // Read again, what is stored keeps every need said since the first read-back (as the close
      // stores it), whether or not the interviewer gets to close before they leave.
      const kept =
        offline && given !== null ? [...new Set([...points, ...reviewAfterClose(ctx).points])] : points;
      return { text: [first, text].filter(Boolean).join("\n"), readBack: { points: kept } };
    }
    case "follow_up": {
      if (decision.reason === "notes" && quote) {
        return { text: `${NOTES_MARK}: ${quote}. Could you tell me more about that?` };
      }
      if (decision.reason === "image") return { text: `What should the team notice in ${IMAGE_MARK}?` };
      if (decision.reason === "anything-else" && fresh(ANYTHING_ELSE)) {
        // Asked in reply to the read-back, what the reply corrected is said first.
        const reply = ask ? ask.rest : (state.lastAnswer ?? "");
        const noted = readBackReplyNoted(ctx, state, reply, answerFirst, false);
        return { text: withAnswer([noted, ANYTHING_ELSE].filter(Boolean).join(" ")) };
      }
      if (decision.reason === "role-again" && fresh(ROLE_AGAIN)) return { text: withAnswer(ROLE_AGAIN) };
      if (decision.reason === "why-first") return { text: withAnswer(WHY_FIRST) };
      if (decision.reason === "role" && fresh(WARM_UP_AFTER) && fresh(WARM_UP_AFTER_ROLE)) {
        // A role only named (a short answer) gives "that" nothing to point at.
        const named = (state.lastAnswer ?? "").trim().split(/\s+/).length < 15;
        return { text: withAnswer(named ? WARM_UP_AFTER_ROLE : WARM_UP_AFTER) };
      }
      const kind = /^focus:(\w+)/.exec(decision.reason)?.[1] as FocusKind | undefined;
      const messages = ctx.messages.filter((m) => m.role === "ai").map((m) => m.content);
      // How they would keep track of a goal is a question for those who run the business, not a
      // patient's or a customer's: taken as asked of an end user.
      const keepTrack = ctx.stakeholderType === "user" ? [PROBES.goal[1]!] : [];
      const asked = [...(offline ? askedFrames(messages) : messages), ...keepTrack];
      const answer = ask ? ask.rest : (state.lastAnswer ?? "");
      const listening = decision.reason === "missed" || decision.reason === "listening";
      // After a read-back, what they add is listened to: its probe, else a plain request for more.
      // A probe an earlier answer already answered is passed over for the next of its kind; the
      // probe names what they said where that reads right.
      const stock = kind ? untold(kind, asked, answer, allTold(ctx), offline) : null;
      // Its kind's probes all asked (some in named form): the answer's next focus with one free.
      const other = offline && kind && !stock ? followUpFor(answer, asked, undefined, true) : null;
      const probed =
        stock && offline
          ? namedProbe(stock, kind!, decision.reflect, answer)
          : (stock ??
            (other &&
            !toldBefore(other.question, allTold(ctx), answer) &&
            !saidAlready(other.question, answer, allTold(ctx))
              ? namedProbe(other.question, other.focus.kind, other.focus.phrase, answer)
              : null));
      const onward = listening || state.readBackAt >= 0;
      // Offline, what they add after the read-back is followed up once, then more is asked for.
      // A correction of the read-back is noted, not probed.
      const adding =
        offline && onward && !probed && decision.reason !== "missed" && !answerFirst
          ? probeOnAdding(ctx, answer)
          : null;
      // After a read-back, what they add is said back first: it was not in what was read to them.
      // (their question answered "I've noted your question" already: not noted twice).
      const heard =
        state.readBackAt < 0
          ? ""
          : sayBack(answer) || (listening && !saysNoted(answerFirst) ? noted(said, offline) : "");
      // Offline, a statement of substance no probe fits: more about it first (not of a correction,
      // nor after their question was answered: "that" would point at the question).
      const further =
        offline && decision.reason === "listening" && !answerFirst
          ? elaborate(said, answer, { lastAsked, newPoint: aboutElse(ctx.messages, answer), heard })
          : null;
      const more = offline ? (further ?? asks.find(fresh) ?? askMore(said)) : (asks.find(fresh) ?? null);
      // Two things said back: a follow-up about "that" would point at neither, so more is asked for.
      const followUp = offline ? aboutOne(probed ?? adding, heard) : (probed ?? adding);
      const question = followUp ?? (onward ? more : null);
      // Offline, before the read-back, a need followed up is said back first: "that" is what they want.
      const need = offline && kind === "need" && probed === stock && !heard ? needHeard(answer) : "";
      const late = offline && onward && question ? timeUpNote(ctx, state.elapsedMinutes, said) : "";
      if (question)
        return {
          text: withAnswer([heard, need, late, pointBack(question, heard)].filter(Boolean).join(" ")),
        };
      // Offline, every way to ask for more used: no new topic after the read-back, but its end.
      if (offline && state.readBackAt >= 0) {
        const end = { action: "read_back", topicId: "", reason: "Nothing more to ask for." } as const;
        return writeTurn(ctx, end, offline);
      }
      break;
    }
    case "rephrase": {
      if (decision.asked === "repeat" && state.lastQuestion) {
        return { text: withAnswer(state.lastQuestion) };
      }
      if (decision.reason === "greeting" && state.lastAsked) return { text: `Hello! ${state.lastAsked}` };
      if (decision.reason === YES_TO_OPEN && state.lastAsked) {
        // Offline, a yes to what was said back before the question ("So you'd love to … What would
        // that change for you?") confirms it: glad of it, and the question goes on from there.
        const before = ctx.messages.findLast((m) => m.role === "ai")?.content ?? "";
        if (
          offline &&
          SAID_BACK.test(before) &&
          /^(?:what|how|why|where|when|who|which)\b/i.test(state.lastAsked)
        )
          return { text: `Good. And ${state.lastAsked[0]!.toLowerCase()}${state.lastAsked.slice(1)}` };
        return { text: `${ASKED_AGAIN} ${state.lastAsked}` };
      }
      // (the question with it, unless it was just said twice: a third time reads as a machine's)
      if (decision.reason === "go-ahead" && state.lastAsked) {
        const times = said.filter((m) => m.includes(normalise(state.lastAsked!))).length;
        return { text: times >= 2 ? GO_AHEAD : `${GO_AHEAD} ${state.lastAsked}` };
      }
      // Not a question about today that an earlier answer already answered.
      const other = topic ? probe(topic, said, "", allTold(ctx), offline) : null;
      if (decision.asked) {
        // After the read-back, what they asked about was what the interviewer just said: the
        // answer says it again, in other words, and is the whole reply.
        if (offline && state.readBackAnswered && decision.asked === "check" && answerFirst)
          return { text: answerFirst };
        if (other) return { text: withAnswer(other) };
        if (state.lastQuestion) return { text: withAnswer(`${ASKED_AGAIN} ${state.lastQuestion}`) };
      } else if (other) return { text: `Let me try another angle. ${other}` };
      // The warm-up, which has no other question, asked once in other words.
      else if (offline && topic?.source === "role" && ctx.stakeholderType !== "user" && fresh(ROLE_AGAIN))
        return { text: ROLE_AGAIN };
      break;
    }
    case "redirect": {
      const lead = INJECTION.test(state.lastAnswer ?? "")
        ? "I'll stay with the interview questions."
        : "Let's come back to the project.";
      // After the read-back, its question or the request for more, not a topic of the plan again.
      if (offline && state.readBackAt >= 0) {
        const again = (state.lastAsked ?? "").includes(READ_BACK_QUESTION)
          ? READ_BACK_QUESTION
          : (askMore(said) ?? state.lastAsked);
        if (again) return { text: `${lead} ${again}` };
      }
      const onwards = nextTopic(ctx.plan, ctx.messages, state, state.lastAnswer ?? "", offline);
      // (not what an earlier answer told already: "What evidence …?" after "7 out of 10 exit calls")
      const told = allTold(ctx);
      const question =
        (topic && probe(topic, said, "", told, offline)) ??
        (onwards && probe(onwards, said, "", told, offline));
      if (question) return { text: `${lead} ${question}` };
      break;
    }
    case "next_topic": {
      if (topic) {
        const last = state.lastAnswer ?? "";
        const told = allTold(ctx);
        const question = probe(topic, said, last, told, offline);
        // Another topic not asked yet whose question passes `fits`: asked instead.
        const instead = (fits: (question: string) => boolean) => {
          const other = ctx.plan.topics.find((t) => {
            if (t.id === topic.id || state.askedTopics.has(t.id) || state.declinedTopics.has(t.id))
              return false;
            const asked = probe(t, said, last, told, offline);
            return asked !== null && fits(asked);
          });
          return other ? writeTurn(ctx, { ...decision, topicId: other.id }, offline) : null;
        };
        // Offline, no question about how to judge success right after another: a topic whose
        // question asks something else, when one is left.
        if (question && offline && MEASURE_ASKED.test(question) && MEASURE_ASKED.test(lastAsked)) {
          const other = instead((asked) => !MEASURE_ASKED.test(asked));
          if (other) return other;
        }
        // Offline, a need they just stated that the plan moves on from is said back first, so it
        // reads as heard ("Got it: you'd like clients to rate their visit. I've added that.").
        // Only a want said as their own ("I'd like …", "we need …"), said back in a few words, and
        // not of a long answer: one want said back of five would read as the only one kept.
        const short = sentences(last).length <= 2;
        const heard =
          offline && state.readBackAt < 0 && short && SPEAKER_WANTS.test(last) ? sayBack(last) : "";
        const lead = decision.asked
          ? ""
          : decision.reason === ONE_MORE_FEATURE
            ? ONE_MORE_LEAD
            : DECLINE.test(last)
              ? "That's fine, we can skip it."
              : UNSURE.test(last)
                ? "No problem."
                : /^Got it: you\b/.test(heard) && heard.split(/\s+/).length <= 24
                  ? heard
                  : // "No, that's exactly what I need!": glad of it, before the plan goes on.
                    offline && OWN_NEED_CONFIRMED.test(last)
                    ? "Good to hear."
                    : "";
        if (question) return { text: withAnswer(`${lead} ${question}`.trim()) };
        // Its question was answered before it was asked: a topic not yet asked about, rather than
        // a read-back while there is still something to ask.
        const blocked = topic.probes.some((p) => fresh(p) && measuredBefore(p, told, offline));
        if (blocked || topic.probes.some((p) => fresh(p) && toldBefore(p, told, last))) {
          // A bare "yes" confirmed what was said before: that is taken further, on the same topic.
          const asked = ctx.messages.filter((m) => m.role === "ai").map((m) => m.content);
          const further =
            !blocked && AFFIRM.test(last) && keywords(last).length < 3
              ? untold("need", asked, last, told, offline)
              : null;
          if (further) return { text: withAnswer(further) };
          const other = instead(() => true);
          if (other) return other;
        }
      }
      break;
    }
  }
  // Offline, nothing fresh of its kind after a long account of how it is done today: which part of
  // that gives them the most trouble, once.
  const account = state.lastAnswer ?? "";
  if (
    offline &&
    decision.action === "follow_up" &&
    state.readBackAt < 0 &&
    !ask &&
    fresh(WORST_PART) &&
    TODAY.test(account) &&
    account.trim().split(/\s+/).length >= 30
  )
    return { text: withAnswer(WORST_PART) };
  // Nothing fresh to ask in that direction: the next topic's question, else the read-back, rather
  // than a question asked before.
  const onwards =
    decision.action === "next_topic"
      ? null
      : nextTopic(ctx.plan, ctx.messages, state, state.lastAnswer ?? "", offline);
  if (onwards) {
    return writeTurn(
      ctx,
      {
        ...decision,
        action: "next_topic",
        topicId: onwards.id,
        reason: `${decision.reason} Nothing fresh to ask: next topic.`,
      },
      offline,
    );
  }
  // Offline, needs still coming with time left: more asked for, not read back over them.
  const answer = state.lastAnswer ?? "";
  const coming = focusesOf(answer).some(
    (f) => f.kind === "need" || f.kind === "pain" || f.kind === "refusal",
  );
  if (offline && state.readBackAt < 0 && coming) {
    const more = fresh(ANYTHING_ELSE) ? ANYTHING_ELSE : askMore(said);
    const onTopic = state.currentTopic ?? decision.topicId;
    if (more)
      return {
        text: withAnswer(more),
        decision: { action: "follow_up", topicId: onTopic, reason: "anything-else" },
      };
  }
  const last = {
    action: "read_back",
    topicId: "",
    reason: "Nothing left to ask without repeating.",
  } as const;
  return writeTurn(ctx, last, offline);
}
