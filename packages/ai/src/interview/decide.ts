import { tokensOf, wordsOf } from "../text";
import { GOAL_NOUNS } from "../writer/refusals";
import { participantAsk, saysMore } from "./asks";
import { coverage } from "./coverage";
import {
  answeredBy,
  type FocusKind,
  focusesOf,
  followUpFor,
  followUpOn,
  listsThings,
  PROBES,
  STATED,
  saidAlready,
  saysMany,
} from "./focus";
import { askedProbe } from "./naming";
import {
  addedSince,
  asTheirOwn,
  justSaidBack,
  listedDuties,
  readBackPoints,
  runTogetherDuties,
} from "./readback";
import { sayable } from "./readback-said";
import { statedNeeds } from "./sayback";
import { type InterviewState, READ_BACK_QUESTION, readState, topicSenses } from "./state";
import {
  allTold,
  informativeWordCount,
  isVague,
  keywords,
  normalise,
  phrases,
  rulesRead,
  senses,
} from "./text";
import type { InterviewMessage, InterviewPlan, Topic, TurnContext, TurnDecision } from "./types";
import {
  CONFIRM,
  DENY,
  DONE,
  FAREWELL,
  GREETING,
  INJECTION,
  LEAD_TIME,
  MORE_FROM_ME,
  OFF_TOPIC,
  PRIORITY,
  PROBLEM,
  RANKING,
  REASON_GIVEN,
  SCOPE_SAID,
  SUCCESS,
  UNSURE,
} from "./vocabulary";

/**
 * The offline decision for each turn, by rules. The model path asks a model for the same decision
 * and then holds it to `enforceRules`, so both providers pace, read back and close alike.
 */

/** Minutes before the role's limit at which the interviewer starts closing (read-back, then close). */
export const CLOSING_MARGIN_MINUTES = 2;

/**
 * The next topic to open: the plan's order, skipping asked, declined and already covered topics, and
 * a topic about success once the participant has said how they would judge it.
 */
export function nextTopic(
  plan: InterviewPlan,
  messages: InterviewMessage[],
  state: InterviewState,
  answer = "",
  offline = false,
): Topic | null {
  const covered = new Set(
    coverage(plan, messages, state.decisions)
      .filter((c) => c.status === "covered")
      .map((c) => c.topicId),
  );
  const successSaid = messages.some((m) => m.role === "user" && SUCCESS.test(m.content));
  const answered = (t: Topic) => successSaid && SUCCESS.test(`${t.title} ${t.intent}`);
  return (
    plan.topics.find(
      (t) =>
        !state.askedTopics.has(t.id) &&
        !state.declinedTopics.has(t.id) &&
        !covered.has(t.id) &&
        !answered(t) &&
        !(offline && (toldOf(t, answer) || putOff(t, messages))) &&
        askable(t, messages, answer),
    ) ?? null
  );
}

/**
 * Of the planned features not asked yet, the one the answer says most about (by its title's and
 * keywords' words, less the business itself and the project's own name), or null.
 */
function relatedTopic(
  plan: InterviewPlan,
  messages: InterviewMessage[],
  state: InterviewState,
  answer: string,
  title: string,
): Topic | null {
  const own = senses(answer);
  const general = senses(title);
  let best: { topic: Topic; score: number } | null = null;
  for (const t of plan.topics) {
    if (t.source !== "feature" || state.askedTopics.has(t.id) || state.declinedTopics.has(t.id)) continue;
    if (!askable(t, messages, answer) || putOff(t, messages)) continue;
    const score = [...topicSenses(t)].filter(
      (m) => own.has(m) && !GOAL_NOUNS.has(m) && !general.has(m),
    ).length;
    if (score > 0 && (!best || score > best.score)) best = { topic: t, score };
  }
  return best?.topic ?? null;
}

/** Put off: "… can wait for a second release", "later", "not a priority", "out of scope". */
const DEFERRED =
  /\b(?:can wait|later|next release|second release|next phase|phase two|future|not a priority|not (?:for )?now|out of scope|is out)\b/i;

/**
 * Offline, a feature the last answer put off ("the waitlist can wait for a second release"): not
 * asked about next, which would read as not having heard.
 */
function deferredIn(topic: Topic, answer: string): boolean {
  if (topic.source !== "feature" || !answer) return false;
  const marks = [...senses(topic.title)];
  return answer
    .split(/[.;!?]|,\s*(?:but|and)\b/)
    .some((part) => DEFERRED.test(part) && marks.some((m) => senses(part).has(m)));
}

/**
 * Offline, a feature any answer put off: not asked about later either ("Who is asking for the
 * waitlist?" two answers after "the waitlist can wait for a second release" reads as not heard).
 */
const putOff = (topic: Topic, messages: InterviewMessage[]) =>
  messages.some((m) => m.role === "user" && deferredIn(topic, m.content));

/**
 * A constraint the last answer named whole ("… so it has to start in January for a March launch"
 * of "Launch before March"): what it means for them was just said, so it is not asked next.
 */
function toldOf(topic: Topic, answer: string): boolean {
  if (topic.source !== "constraint" || !answer) return false;
  const marks = [...senses(topic.title)];
  const said = senses(answer);
  return marks.length > 0 && marks.every((m) => said.has(m));
}

/** A topic with a question not asked yet that the last answer has not already answered. */
export function askable(topic: Topic, messages: InterviewMessage[], answer: string): boolean {
  const said = messages.filter((m) => m.role === "ai").map((m) => normalise(m.content));
  return topic.probes.some((p) => !said.some((s) => s.includes(normalise(p))) && !answeredBy(p, answer));
}

/** Offline, the most follow-ups on one topic while each answer brings something new. */
const MOST_FOLLOW_UPS = 3;

/** The things an answer names: its nouns, as lemmas. */
const thingsOf = (text: string) =>
  new Set(
    tokensOf(text)
      .filter((t) => t.pos === "NOUN")
      .map((t) => t.lemma.toLowerCase()),
  );

/**
 * Whether the answer is about something other than the answer before the last question: it names
 * things, none of which that answer named.
 */
export function aboutElse(messages: InterviewMessage[], answer: string): boolean {
  const lastAi = messages.findLastIndex((m) => m.role === "ai");
  const before = messages.slice(0, lastAi).findLast((m) => m.role === "user")?.content;
  if (!before) return false;
  const then = thingsOf(before);
  const now = [...thingsOf(answer)];
  return now.length > 0 && !now.some((s) => then.has(s));
}

/** A question that asks the participant to do something: "Could you start by …?" */
const REQUEST = /^(?:[\w\s]+,\s*)?(?:could|can) you\b/i;

/** Asked of a need or a trouble they add after the read-back; a yes to it is asked to go ahead. */
export const EXAMPLE_ASK = "Could you give me an example?";

/** The reason of a follow-up asked again after a yes that answered nothing. */
export const YES_TO_OPEN = "yes-to-open";
/** Said before a follow-up asked again, once, after a yes that answered nothing. */
export const ASKED_AGAIN = "Let me ask it again:";

/** Said once, before a request the participant only said yes to. */
export const GO_AHEAD = "Please go ahead.";

/** An order of importance followed up once, unless it says why: "… is first, as it ensures …". */
export const WHY_FIRST = "Why does that come first for you?";

/** What a plain statement says that no focus reads (see `STATED`); where a release is drawn is why it is drawn there. */
function statedKind(answer: string): FocusKind | null {
  if (SCOPE_SAID.test(answer)) return "preference";
  return STATED.find((s) => s.cue.test(answer))?.kind ?? null;
}

/** A question a yes does not answer: "What would …?", "How does …?". */
const OPEN_QUESTION = /^(?:what|how|where|when|who|which|why)\b/i;

/**
 * How many follow-ups the current topic may still take: the exchanges left before closing (at the
 * pace of this interview so far), shared among the key features and constraints not yet asked.
 */
export function followUpAllowance(state: InterviewState, remaining: Topic[], timeLimit: number): number {
  const timeLeft = timeLimit - CLOSING_MARGIN_MINUTES - state.elapsedMinutes;
  const perExchange = state.answers > 0 ? Math.max(0.5, state.elapsedMinutes / state.answers) : 1;
  const exchangesLeft = timeLeft / perExchange;
  if (!remaining.length) return exchangesLeft >= 1 ? 3 : 0;
  // Key features come first; the rest of the plan fills whatever time follow-ups leave.
  const priority = remaining.filter((t) => t.source === "feature").length;
  const allowed = Math.min(2, Math.floor(exchangesLeft / (priority + 1)));
  return state.askedTopics.size <= 1 ? Math.min(1, allowed) : allowed;
}

/** A phrase from the answer that the interviewer has not already quoted. */
export function freshPhrase(answer: string, messages: InterviewMessage[]): string | undefined {
  const said = messages.filter((m) => m.role === "ai").map((m) => normalise(m.content));
  return phrases(answer).find((p) => !said.some((s) => s.includes(normalise(p))));
}

export const NOTES_MARK = "You wrote in your notes";
export const IMAGE_MARK = "the image you shared";

/** Once each: a question about what the participant wrote in their notes, then about their images. */
function aboutSharedMaterial(ctx: TurnContext, current: Topic): TurnDecision | null {
  const said = ctx.messages.filter((m) => m.role === "ai").map((m) => m.content);
  const note = (ctx.notesContext ?? "")
    .split("\n")
    .map((l) => l.trim())
    .find(Boolean);
  if (note && !said.some((s) => s.includes(NOTES_MARK))) {
    return { action: "follow_up", topicId: current.id, reason: "notes", reflect: note.slice(0, 120) };
  }
  if ((ctx.imageContext ?? "").trim() && !said.some((s) => s.includes(IMAGE_MARK))) {
    return { action: "follow_up", topicId: current.id, reason: "image" };
  }
  return null;
}

/** "That is just what we want": agreement with their own list, not an answer to the question. */
export const OWN_NEED_CONFIRMED = /\bthat(?:'?s| is) (?:exactly |just )?what (?:i|we) (?:need|want)/i;

/** How a decision's reason starts when the answer only agreed or only said no. */
export const BARE_ANSWER = "A bare yes or no";

/** Offline, the warm-up's second question, on the role they just described. */
export const WARM_UP_AFTER = "Which part of that takes up most of your time today?";
/** The same, after a role only named ("I'm the owner of the salon"): no duties for "that" to point at. */
export const WARM_UP_AFTER_ROLE = "What takes up most of your time day to day?";
/** The warm-up asked again, once, of an answer that said nothing of their work. */
export const ROLE_AGAIN = "Before we go on, what does your own work involve day to day?";

/** Their role or business said as such: "I'm the owner of …", "my role is …", "I run a salon". */
const ROLE_SAID =
  /\b(?:i'?m|i am) (?:the|an?) (?:\S+ ){0,2}(?:owner|manager|director|head|lead|founder|receptionist|stylist|developer|designer|engineer|assistant|nurse|doctor|teacher|accountant)\b|\bmy (?:role|job) (?:is|here is)\b|\bi(?:'m| am) (?:responsible|in charge)\b|\bi (?:have|own|run|manage) (?:a|an|the|my)\b/i;

/** The last open question, asked once when the plan is done and time remains. */
export const ANYTHING_ELSE = "Is there anything we haven't touched on that matters to you?";

/** Follow-ups on these keep the interview open while they come, whatever the topic count says. */
const STILL_COMING: ReadonlyArray<FocusKind> = ["need", "pain", "refusal", "condition", "workaround"];

/** A planned feature or constraint the participant raised themselves, not asked yet: taken up next. */
function raisedTopic(
  plan: InterviewPlan,
  messages: InterviewMessage[],
  answer: string,
  state: InterviewState,
): Topic | null {
  const current = plan.topics.find((t) => t.id === state.currentTopic);
  // A word that marks the topic under way too ("mostly by phone", in answer to how they book) is
  // about that topic: it raises no other.
  const ours = current ? topicSenses(current) : new Set<string>();
  const own = new Set([...senses(answer)].filter((s) => !ours.has(s)));
  return (
    plan.topics.find((t) => {
      if (t.source !== "feature" && t.source !== "constraint") return false;
      if (t.id === state.currentTopic || state.askedTopics.has(t.id) || state.declinedTopics.has(t.id))
        return false;
      if (!askable(t, messages, answer) || deferredIn(t, answer)) return false;
      const marks = [...senses(t.title)];
      return marks.length > 0 && marks.filter((m) => own.has(m)).length >= Math.min(2, marks.length);
    }) ?? null
  );
}

/**
 * What is followed up once offline before the plan goes on: how they would judge success, something
 * tried before, a risk, a problem, a workaround, a condition, a figure.
 */
const STRIKING: ReadonlyArray<FocusKind> = [
  "goal",
  "tried",
  "risk",
  "pain",
  "workaround",
  "condition",
  "number",
];

/** How long past the time limit the interviewer keeps listening while new needs come: half as long again. */
export const LISTENING_LIMIT = 1.5;

/**
 * Offline, a participant still giving needs after the read-back is listened to past the listening
 * limit (told once that time is up, never closed on mid-need) up to this many messages: far below
 * the server's cap on a conversation's messages, so the interview still ends.
 */
export const LISTENING_CAP_MESSAGES = 240;

/** Asked while the participant keeps adding after the read-back, each once. */
export const LISTENING = [
  "What else should I add?",
  "Is there anything else the team should know?",
  "Anything more before we finish?",
];

/** What keeps the interview open after a read-back: a new need or refusal. */
const NEEDS: ReadonlyArray<FocusKind> = ["need", "refusal"];

export const BYE =
  /\b(?:bye|goodbye|see you (?:next time|later|soon|then)|have a (?:nice|good|great) (?:day|evening|weekend))\b/i;

/** "That covers it", "that's all": done with what they had to add (not "let's stop"). */
const COVERED =
  /\bthat covers\b|\bthat'?s (?:all|everything|it)\b|\bnothing (?:else|more)\b|\bwe(?:'ve| have) covered\b/i;

/** "I can't think of anything else", "nothing else comes to mind": they have run out, not asked to stop. */
const RUN_OUT =
  /\b(?:can'?t|cannot|can not) think of (?:anything|something|more)\b|\bnothing (?:else )?comes to mind\b/i;

/** A short reply that opens by agreeing, however typed: "yess that would be helpful", "Yes, spot on". */
const AGREES = /^\W*(?:y(?:es+|eah|ep|up)|sure|right|exactly|correct|spot on)\b/i;

/** A reply that puts a point right: "Mostly right, but …", "Yes, but it was …", "…, not …". */
const CORRECTING = /\b(?:but|actually|not quite|rather than)\b|,\s*not\b/i;

/** "No, …", "Nein, …": the read-back missed something, said with more than the no. */
const MISSED = /^\W*(?:no|nope|not quite|not really|nein|non|nee)\b/i;

/**
 * What follows the read-back belongs to no topic of the plan: it follows what they add, and a
 * model told the warm-up's topic there would ask about their role again.
 */
const AFTER_READ_BACK = "";

/**
 * After a read-back the interview stays open while the participant says it missed something or
 * brings needs (up to `LISTENING_LIMIT` times the time limit): said back and listened to, then read
 * back again once an answer brings nothing new. A reply to the read-back that adds nothing closes.
 */
function afterReadBack(
  ctx: TurnContext,
  state: InterviewState,
  answer: string,
  offline: boolean,
): TurnDecision {
  const toReadBack = ctx.messages.findLastIndex((m) => m.role === "ai") === state.readBackAt;
  const said = ctx.messages.filter((m) => m.role === "ai").map((m) => m.content);
  // Offline, instructions to the interviewer after the read-back neither end it nor are heard:
  // what was asked is asked again.
  if (offline && INJECTION.test(answer))
    return { action: "redirect", topicId: AFTER_READ_BACK, reason: "Instructions after the read-back." };
  // Offline, the writer finds the words to keep listening with: only the safety cap ends it.
  const listening = offline
    ? ctx.messages.length < LISTENING_CAP_MESSAGES
    : state.elapsedMinutes < ctx.timeLimitMinutes * LISTENING_LIMIT &&
      LISTENING.some((q) => !said.some((m) => m.includes(q)));
  // A reply to the read-back keeps it open with a new need; one to "What else should I add?" with
  // anything of substance (a problem, how they cope), which is what was asked for.
  const opening = toReadBack ? NEEDS : STILL_COMING;
  // Offline, any statement of substance answers "What else should I add?" ("Saturday morning is
  // the only slot that works for us"), however the rules read it; so does one in a language the
  // rules do not read, on either path (the model reads it).
  const told =
    (offline || !rulesRead(ctx.messages)) &&
    !toReadBack &&
    wordsOf(answer).length >= 6 &&
    !answer.trim().endsWith("?") &&
    !FAREWELL.test(answer) &&
    !BYE.test(answer) &&
    !INJECTION.test(answer) &&
    !OFF_TOPIC.test(answer);
  const news = !DONE.test(answer) && (told || focusesOf(answer).some((f) => opening.includes(f.kind)));
  const missed = toReadBack && MISSED.test(answer) && !DENY.test(answer);
  // Offline, a bare yes to an open follow-up ("Why does that matter to you?") answers nothing and
  // ends nothing: more is asked for, not closed on.
  // (A yes to "What would you like to add?" is waited for by the writer instead.)
  const lastAsked = state.lastAsked ?? "";
  const bareYes =
    offline &&
    !toReadBack &&
    CONFIRM.test(answer) &&
    (OPEN_QUESTION.test(lastAsked) || lastAsked.endsWith(EXAMPLE_ASK)) &&
    !/\badd\?$/.test(lastAsked);
  // What they add is said back and more is asked for, not probed: they are adding to a list.
  if (listening && (news || missed || bareYes))
    return { action: "follow_up", topicId: AFTER_READ_BACK, reason: missed ? "missed" : "listening" };
  // Offline, before closing on a reply to the read-back, whether anything is left is asked once:
  // after a read-back the clock called for while answers still brought needs, only agreed to (not
  // closed on them mid-flow), and after a correction ("Mostly right, but it's 18 percent across
  // all clinics"), which says they are still going over what matters.
  const before = ctx.messages[state.readBackAt - 1];
  const agreed = CONFIRM.test(answer) || (AGREES.test(answer) && wordsOf(answer).length <= 6);
  const midFlow =
    agreed &&
    before?.role === "user" &&
    !DONE.test(before.content) &&
    focusesOf(before.content).some((f) => STILL_COMING.includes(f.kind));
  const corrects = !agreed && CORRECTING.test(answer) && !DONE.test(answer) && !FAREWELL.test(answer);
  if (offline && toReadBack && (midFlow || corrects) && !said.some((m) => m.includes(ANYTHING_ELSE)))
    return { action: "follow_up", topicId: AFTER_READ_BACK, reason: "anything-else" };
  // Offline, a reply to the read-back that adds something of its own ("Right, and add that the
  // ledger rebuild is the main timeline risk", "maybe a basic 1h course") is heard, not closed on.
  const adds =
    offline &&
    toReadBack &&
    listening &&
    !agreed &&
    !DONE.test(answer) &&
    !DENY.test(answer) &&
    !FAREWELL.test(answer) &&
    !BYE.test(answer) &&
    !answer.trim().endsWith("?") &&
    keywords(answer).length >= 2;
  if (adds) return { action: "follow_up", topicId: AFTER_READ_BACK, reason: "listening" };
  // Offline, "I don't know" when asked for more: a key feature of the brief nobody has talked
  // about yet is asked, once, before the interview closes.
  const unheard =
    offline && listening && UNSURE.test(answer) && wordsOf(answer).length <= 6 && !askedOneMore(ctx)
      ? unheardFeature(ctx, state)
      : null;
  if (unheard) return { action: "next_topic", topicId: unheard.id, reason: ONE_MORE_FEATURE };
  if (toReadBack) return { action: "close", topicId: "", reason: "The participant answered the read-back." };
  // Read again only when it would say more than the last one did.
  const given = ctx.messages[state.readBackAt]!.content;
  const points = readBackPoints(ctx, { now: true, asSaid: false });
  const more = !points.every((p) => given.includes(p));
  // Offline, "that covers it" after adding a few needs: what they added read back before closing
  // (not when they ask to stop, and not a long list read to someone who wants to finish).
  // (each statement they added counts, as the read-back says it: a rule, a trouble, an idea)
  const added = () => {
    const said = sayable(ctx, readBackPoints(ctx, { now: true, asSaid: false, offline: true }), true);
    const since = addedSince(ctx, state.readBackAt);
    const fresh = [...new Set([...said, ...since].filter((p) => !given.includes(p)))];
    // (not when the acknowledgement just before said all of it back already)
    return fresh.length > 0 && fresh.length <= 5 && !fresh.every(justSaidBack(ctx));
  };
  const covered = COVERED.test(answer) || RUN_OUT.test(answer);
  if (offline && covered && !FAREWELL.test(answer) && !BYE.test(answer) && added())
    return { action: "read_back", topicId: "", reason: "Done after adding: read back what they added." };
  // Taking their leave: what they added is said back in the closing, not read back once more.
  if (DONE.test(answer) || FAREWELL.test(answer) || BYE.test(answer))
    return { action: "close", topicId: "", reason: "The participant is done after adding to the read-back." };
  if (!more) return { action: "close", topicId: "", reason: "Nothing new to read back: close." };
  return { action: "read_back", topicId: "", reason: "Nothing new since the read-back: read back again." };
}

/** The decision's reason when a key feature nobody talked about is asked after the read-back. */
export const ONE_MORE_FEATURE = "one-more-feature";
/** Said before that question; it is asked once. */
export const ONE_MORE_LEAD = "One more thing before we finish.";

const askedOneMore = (ctx: TurnContext) =>
  ctx.messages.some((m) => m.role === "ai" && m.content.includes(ONE_MORE_LEAD));

/** A key feature of the brief not asked, not declined, and named in one answer at most (in passing). */
function unheardFeature(ctx: TurnContext, state: InterviewState): Topic | null {
  const answers = ctx.messages.filter((m) => m.role === "user").map((m) => senses(m.content));
  const named = (t: Topic) => answers.filter((own) => [...topicSenses(t)].some((s) => own.has(s))).length;
  return (
    ctx.plan.topics.find(
      (t) =>
        t.source === "feature" &&
        !state.askedTopics.has(t.id) &&
        !state.declinedTopics.has(t.id) &&
        named(t) <= 1,
    ) ?? null
  );
}

/**
 * An answer that says many things, of which one is asked to come first: a long answer of many
 * needs, a list of three things or more (not their role: "two practices, twelve chairs and a front
 * desk of three" is no list to choose from), a system's duties listed in one sentence ("a booking
 * system, …, and reports") or as lines run together.
 */
function saysSeveral(answer: string, current: Topic): boolean {
  return (
    saysMany(answer) ||
    (listsThings(answer) && current.source !== "role") ||
    listedDuties(answer).length >= 3 ||
    runTogetherDuties(asTheirOwn(answer)).length >= 3
  );
}

/** `offline`: the rules write the turn too (no model), and listen on and follow up as offline does. */
export function decideTurn(ctx: TurnContext, offline = false): TurnDecision {
  const decision = decide(ctx, offline);
  const answer = readState(ctx.plan, ctx.messages, ctx.now, ctx.decisions).lastAnswer;
  const ask = answer ? participantAsk(answer) : null;
  // Small talk and instructions get the neutral redirect, not an answer.
  return ask && !decision.asked && decision.action !== "redirect"
    ? { ...decision, asked: ask.kind }
    : decision;
}

function decide(ctx: TurnContext, offline: boolean): TurnDecision {
  const { plan, messages } = ctx;
  const state = readState(plan, messages, ctx.now, ctx.decisions);
  const first = plan.topics[0]!;
  if (!messages.some((m) => m.role === "ai")) {
    return { action: "next_topic", topicId: first.id, reason: "Welcome and the warm-up question." };
  }
  const ask = state.lastAnswer ? participantAsk(state.lastAnswer) : null;
  // A question to the interviewer is answered, never taken as an answer: the rest of the answer is.
  const answer = ask ? ask.rest : (state.lastAnswer ?? "");
  const current = plan.topics.find((t) => t.id === state.currentTopic) ?? first;
  const asked = messages.filter((m) => m.role === "ai").map((m) => m.content);
  if (state.closed) {
    return { action: "close", topicId: "", reason: "After the closing: said back, and closed again." };
  }
  // Help asked for after the read-back is given, and the question they were stuck on asked again.
  // Offline, so is a question about what was just asked ("You mean things that are missing?").
  const unclear = ask?.kind === "help" || (offline && (ask?.kind === "check" || ask?.kind === "meaning"));
  if (state.readBackAnswered && unclear && state.lastAsked && !state.lastAsked.includes(READ_BACK_QUESTION))
    return {
      action: "rephrase",
      topicId: AFTER_READ_BACK,
      reason: "Asked for help: help, then ask again.",
      asked: ask!.kind,
    };
  // "Do you need anything else from me?" says they are done: the read-back, or after it the close.
  if (ask?.kind === "info" && MORE_FROM_ME.test(ask.sentence) && state.answers > 1) {
    return state.readBackAnswered
      ? { action: "close", topicId: "", reason: "Asked whether anything more is needed.", asked: ask.kind }
      : {
          action: "read_back",
          topicId: "",
          reason: "Asked whether anything more is needed.",
          asked: ask.kind,
        };
  }
  if (state.readBackAnswered) return afterReadBack(ctx, state, answer, offline);
  const last = state.info.findLast((x) => !x.question && !x.readBack);
  const upcoming = nextTopic(plan, messages, state, answer, offline);
  const backTo = state.declinedTopics.has(current.id) ? (upcoming ?? current) : current;
  // Closing starts at the limit less two minutes: read back now if the next exchange would cross it.
  const perExchange = state.answers > 0 ? state.elapsedMinutes / state.answers : 1;
  const timeUp = state.elapsedMinutes + perExchange > ctx.timeLimitMinutes - CLOSING_MARGIN_MINUTES;

  if (last?.injection) {
    return {
      action: "redirect",
      topicId: backTo.id,
      reason: "The answer tried to give the interviewer instructions.",
    };
  }
  if (last?.offTopic) {
    // Back to the topic's opening question if that was what went unanswered, else onwards.
    const target = state.followUps === 0 ? backTo : (upcoming ?? backTo);
    return { action: "redirect", topicId: target.id, reason: "The answer was off-topic." };
  }
  if (ask?.kind === "summary" && state.answers > 1) {
    return {
      action: "read_back",
      topicId: "",
      reason: "The participant asked for a summary.",
      asked: "summary",
    };
  }
  if (ask && !saysMore(ask) && !timeUp) {
    return {
      action: "rephrase",
      topicId: current.id,
      reason: `The participant asked the interviewer (${ask.kind}): answer it, then ask again.`,
      asked: ask.kind,
    };
  }
  // "Hello": the question is still open, and asked again after a hello back.
  if (GREETING.test(answer) && state.lastAsked && !timeUp) {
    return { action: "rephrase", topicId: current.id, reason: "greeting" };
  }
  if (timeUp && state.answers > 0) {
    return { action: "read_back", topicId: "", reason: "Two minutes before the role's limit: read back." };
  }
  const follow = followUpFor(answer, asked, undefined, offline);
  const stillComing = follow !== null && STILL_COMING.includes(follow.focus.kind);
  // Thanks for the conversation, with time left: what else they would add, before wrapping up;
  // offline, thanks said with a list of what they still need reads the list back.
  if (FAREWELL.test(answer) && state.answers > 1 && !asked.some((m) => m.includes(ANYTHING_ELSE))) {
    if (offline && statedNeeds(answer).length >= 2)
      return { action: "read_back", topicId: "", reason: "Thanks said after a list of needs." };
    return { action: "follow_up", topicId: current.id, reason: "anything-else" };
  }
  if (DONE.test(answer) && !stillComing && state.answers > 1) {
    return { action: "read_back", topicId: "", reason: "The participant said they are done." };
  }
  if (last?.declined && !ask) {
    return upcoming
      ? {
          action: "next_topic",
          topicId: upcoming.id,
          reason: "The participant declined; never ask it again.",
        }
      : { action: "read_back", topicId: "", reason: "Declined, and no topic is left." };
  }
  if (last?.unsure && !ask) {
    // Rephrase the topic's opening question once; a follow-up they cannot answer is left alone.
    if (state.unsureOnTopic <= 1 && state.followUps === 0) {
      return { action: "rephrase", topicId: current.id, reason: "Not sure: ask once more in other words." };
    }
    return upcoming
      ? { action: "next_topic", topicId: upcoming.id, reason: "Still not sure after a rephrase: move on." }
      : { action: "read_back", topicId: "", reason: "Still not sure, and no topic is left." };
  }
  // A yes to "Could you …?" is a yes to being asked: the question is asked again, to go ahead with.
  const request = state.lastAsked && REQUEST.test(state.lastAsked);
  if (CONFIRM.test(answer) && request && !asked.some((m) => m.startsWith(GO_AHEAD)) && !timeUp) {
    return { action: "rephrase", topicId: current.id, reason: "go-ahead" };
  }
  // A yes to an open question answers nothing: the topic's other question, not a probe about nothing.
  // Offline, "that is just what we want" agrees with what they said before, not with the question:
  // the plan goes on.
  const agreesWithOwn = offline && OWN_NEED_CONFIRMED.test(answer);
  // "Yes, that's right" to a question that asked how or what ("How would you keep track of that?")
  // answers nothing: it is asked again, once, not passed over for another question.
  // (once: a yes to the question asked again moves on)
  const askedAgain =
    asked.some((m) => m.startsWith(ASKED_AGAIN)) || ctx.decisions?.[asked.length - 1]?.action === "rephrase";
  // ("No, that is just what we want" agrees with what they said before: nothing to ask again)
  const ownAgreed = OWN_NEED_CONFIRMED.test(answer);
  if (CONFIRM.test(answer) && !ownAgreed && OPEN_QUESTION.test(state.lastAsked ?? "") && !askedAgain) {
    return { action: "rephrase", topicId: current.id, reason: YES_TO_OPEN };
  }
  if (
    CONFIRM.test(answer) &&
    !agreesWithOwn &&
    OPEN_QUESTION.test(state.lastAsked ?? "") &&
    askable(current, messages, "")
  ) {
    return { action: "next_topic", topicId: current.id, reason: `${BARE_ANSWER} to an open question.` };
  }
  // An answer that only agrees or only says no gives nothing to follow up or to rephrase.
  if (CONFIRM.test(answer) || DENY.test(answer)) {
    if (upcoming) return { action: "next_topic", topicId: upcoming.id, reason: `${BARE_ANSWER}: move on.` };
    if (!asked.some((m) => m.includes(ANYTHING_ELSE)))
      return { action: "follow_up", topicId: current.id, reason: "anything-else" };
    return { action: "read_back", topicId: "", reason: `${BARE_ANSWER}, and no topic is left.` };
  }
  const remaining = plan.topics.filter(
    (t) => t.id !== current.id && !state.askedTopics.has(t.id) && !state.declinedTopics.has(t.id),
  );
  const shared = aboutSharedMaterial(ctx, current);
  if (shared) return shared;
  if (isVague(answer) && !freshPhrase(answer, messages) && state.followUps === 0 && !ask) {
    return { action: "rephrase", topicId: current.id, reason: "A vague answer with nothing to build on." };
  }
  const lastAi = messages.findLast((m) => m.role === "ai")?.content ?? "";
  // Offline, what comes first, said without why ("Online rescheduling is the must-have"): why, once,
  // before the plan's next question (a ranking says what the rest of the answers are weighed by).
  if (
    offline &&
    !ask &&
    (PRIORITY.test(answer) || RANKING.test(answer)) &&
    !REASON_GIVEN.test(answer) &&
    !lastAi.includes(WHY_FIRST) &&
    asked.filter((m) => m.includes(WHY_FIRST)).length < 2
  )
    return { action: "follow_up", topicId: current.id, reason: "why-first" };
  // Offline, a problem, how they cope, when it comes up or a figure, just raised in answer to
  // anything but a follow-up: followed up once before the plan's next question.
  const problem =
    PROBLEM.test(answer) && followUpOn("pain", asked, answer) ? { kind: "pain" as const, phrase: "" } : null;
  // A long answer that says many things: which of them comes first, before any one is probed.
  const told = allTold(ctx);
  const several = saysSeveral(answer, current) ? followUpOn("several", asked, answer) : null;
  const many =
    several && !saidAlready(several, answer, told) ? { kind: "several" as const, phrase: "" } : null;
  // A list of things with "what matters most" asked already: a follow-up about "that" would point at
  // none of them, so the plan goes on.
  const pointless = offline && !many && saysSeveral(answer, current);
  // Offline, how long a step the work waits on takes ("GDPR review takes six weeks here"): a risk to plan around.
  const waits =
    offline && LEAD_TIME.test(answer) && followUpOn("risk", asked, answer)
      ? { kind: "risk" as const, phrase: "" }
      : null;
  const struck = pointless
    ? null
    : (many ?? waits ?? (follow && STRIKING.includes(follow.focus.kind) ? follow.focus : problem));
  // A measure of success is taken up even in answer to a follow-up: it is what the rest is judged by
  // (how they would keep track of it is a question for those who run the business, not a user's).
  const today = PROBES.goal[0]!;
  const measure =
    struck?.kind === "goal" &&
    (ctx.stakeholderType !== "user" ||
      (followUpOn("goal", asked, answer) === today &&
        !saidAlready(today, answer, told) &&
        !answeredBy(today, told)));
  // Offline, an answer about something other than what was just followed up is followed up in turn.
  const freshPoint = offline && askedProbe(lastAi) && aboutElse(messages, answer);
  if (offline && struck && (!askedProbe(lastAi) || measure || freshPoint) && !ask) {
    return {
      action: "follow_up",
      topicId: current.id,
      reason: `focus:${struck.kind}`,
      ...(struck.phrase ? { reflect: struck.phrase.slice(0, 200) } : {}),
    };
  }
  // A planned feature the participant brought up: taken up now, in its own topic's words.
  // Offline, a constraint they just explained is not taken up as raised: they said what it means.
  const taken = raisedTopic(plan, messages, answer, state);
  const raised = taken && !(offline && toldOf(taken, answer)) ? taken : null;
  if (raised) {
    return { action: "next_topic", topicId: raised.id, reason: "The participant raised a planned topic." };
  }
  const allowance = followUpAllowance(state, upcoming ? remaining : [], ctx.timeLimitMinutes);
  // With the plan done and time left, the interview stays open while the answers still bring news.
  // A need the participant states is worth one follow-up more than the plan's pace allows.
  const bonus = follow?.focus.kind === "need" || follow?.focus.kind === "pain" ? 1 : 0;
  if (
    follow &&
    !pointless &&
    (state.followUps < allowance + bonus ||
      (!upcoming && stillComing) ||
      (freshPoint && stillComing && state.followUps < MOST_FOLLOW_UPS))
  ) {
    return {
      action: "follow_up",
      topicId: current.id,
      reason: `focus:${follow.focus.kind}`,
      ...(follow.focus.phrase ? { reflect: follow.focus.phrase.slice(0, 200) } : {}),
    };
  }
  // Offline, a role described in answer to the warm-up (not a word or two): what takes their time in
  // it, once, before the plan's topics, when the time left holds two exchanges for each key feature.
  const features = remaining.filter((t) => t.source === "feature").length;
  const exchangesLeft = (ctx.timeLimitMinutes - CLOSING_MARGIN_MINUTES - state.elapsedMinutes) / perExchange;
  // A role said later, in answer to another question ("Hey, I'm Nancy, the owner of the shop"), is
  // followed up the same way while the interview is still early; not an end user's, said for
  // context (a patient's work is not what the interview is about).
  const roleSaid =
    ctx.stakeholderType !== "user" && ROLE_SAID.test(answer) && informativeWordCount(answer) >= 3;
  const warmUp =
    ((current.id === first.id && current.source === "role" && state.followUps === 0) ||
      (roleSaid && state.answers <= 4)) &&
    exchangesLeft >= (ctx.stakeholderType === "user" ? 2 * (features + 1) : features + 3);
  const describedRole =
    (informativeWordCount(answer) >= 6 || roleSaid) &&
    !asked.some((m) => m.includes(WARM_UP_AFTER) || m.includes(WARM_UP_AFTER_ROLE));
  if (offline && warmUp && describedRole) return { action: "follow_up", topicId: current.id, reason: "role" };
  // Offline, an answer to the warm-up that says nothing of their work ("I'm in line", "Yes, I'm
  // aligned with the scope"): asked once more, in other words, before the plan's topics.
  // (Not of an end user, whose work is not what the interview is about.)
  const noRole =
    ctx.stakeholderType !== "user" &&
    current.id === first.id &&
    current.source === "role" &&
    state.answers <= 3 &&
    !roleSaid &&
    informativeWordCount(answer) < 6 &&
    // (one that names what they are, "I'm a student", answered it)
    !/\b(?:i'?m|i am) an? \w+/i.test(answer) &&
    !asked.some((m) => [WARM_UP_AFTER, WARM_UP_AFTER_ROLE, ROLE_AGAIN].some((q) => m.includes(q)));
  if (offline && noRole) return { action: "follow_up", topicId: current.id, reason: "role-again" };
  // Offline, a point no focus reads but a plain statement makes (a rule others set, a sign-off, a
  // routine, an idea put forward, a preference, where the first release is drawn), just made in
  // answer to the plan's question: followed up once, in its kind's words, before the next topic.
  const stated = offline && !follow && !ask && !askedProbe(lastAi) ? statedKind(answer) : null;
  if (stated && state.followUps < Math.max(1, allowance))
    return { action: "follow_up", topicId: current.id, reason: `focus:${stated}` };
  // Offline, the planned feature the answer talked about comes first: the interview follows them.
  const onwards =
    (offline && relatedTopic(plan, messages, state, answer, ctx.project.title ?? "")) || upcoming;
  if (onwards) {
    return {
      action: "next_topic",
      topicId: onwards.id,
      reason: "The answer needs no follow-up; next uncovered topic.",
    };
  }
  if (!asked.some((m) => m.includes(ANYTHING_ELSE))) {
    return { action: "follow_up", topicId: current.id, reason: "anything-else" };
  }
  return { action: "read_back", topicId: "", reason: "Every topic has been covered and nothing new came." };
}
