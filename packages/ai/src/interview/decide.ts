import { coverage } from "./coverage";
import { type InterviewState, readState } from "./state";
import { hasNumber, isVague, keywords, negatedClause, normalise, phrases } from "./text";
import type { InterviewMessage, InterviewPlan, Topic, TurnContext, TurnDecision } from "./types";
import { FEELING, FREQUENCY, STEP_MARKS, WORKAROUND } from "./vocabulary";

/**
 * The offline decision for each turn, by rules. The model path asks a model for the same decision
 * and then holds it to `enforceRules`, so both providers pace, read back and close alike.
 */

/** Minutes before the role's limit at which the interviewer starts closing (read-back, then close). */
export const CLOSING_MARGIN_MINUTES = 2;

export type LadderStep = keyof typeof STEP_MARKS;

/** The next topic to open: the plan's order, skipping asked, declined and already covered topics. */
export function nextTopic(
  plan: InterviewPlan,
  messages: InterviewMessage[],
  state: InterviewState,
): Topic | null {
  const covered = new Set(
    coverage(plan, messages, state.decisions)
      .filter((c) => c.status === "covered")
      .map((c) => c.topicId),
  );
  return (
    plan.topics.find(
      (t) => !state.askedTopics.has(t.id) && !state.declinedTopics.has(t.id) && !covered.has(t.id),
    ) ?? null
  );
}

/** Why the last answer deserves a follow-up, or null. */
export function followUpTrigger(answer: string): string | null {
  if (keywords(answer).length < 2) return null;
  if (negatedClause(answer)) return "negation";
  if (hasNumber(answer)) return "number";
  if (FREQUENCY.test(answer)) return "frequency";
  if (WORKAROUND.test(answer)) return "workaround";
  if (FEELING.test(answer)) return "feeling";
  if (isVague(answer)) return "vague";
  return null;
}

/** Steps already used on the current topic, read from the interviewer's messages on it. */
function usedSteps(messages: InterviewMessage[], state: InterviewState): Set<LadderStep> {
  const used = new Set<LadderStep>();
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const x = state.info[i]!;
    if (x.topicId !== state.currentTopic) break;
    if (messages[i]!.role !== "ai") continue;
    for (const step of Object.keys(STEP_MARKS) as LadderStep[]) {
      if (STEP_MARKS[step].test(messages[i]!.content) && /You (mentioned|said)/.test(messages[i]!.content)) {
        used.add(step);
      }
    }
  }
  return used;
}

/** Whether something recurring was described on the current topic. */
function recurring(messages: InterviewMessage[], state: InterviewState): boolean {
  return messages.some(
    (m, i) => m.role === "user" && state.info[i]!.topicId === state.currentTopic && FREQUENCY.test(m.content),
  );
}

/**
 * The ladder: why it matters, then quantify, then "the last time" — the last only once the
 * participant described something that recurs. The trigger picks where to start.
 */
export function ladderStep(
  trigger: string,
  messages: InterviewMessage[],
  state: InterviewState,
): LadderStep | null {
  const used = usedSteps(messages, state);
  const recurs = recurring(messages, state);
  const first: LadderStep[] =
    trigger === "vague"
      ? ["example", "why"]
      : trigger === "frequency"
        ? ["quantify", "last_time", "why"]
        : trigger === "workaround"
          ? ["quantify", "why"]
          : ["why", "quantify"];
  const order = [...first, "why", "quantify", "last_time"] as LadderStep[];
  return (
    order.find(
      (s) => !used.has(s) && (s !== "last_time" || recurs) && (s !== "quantify" || trigger !== "number"),
    ) ?? null
  );
}

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

export function decideTurn(ctx: TurnContext): TurnDecision {
  const { plan, messages } = ctx;
  const state = readState(plan, messages, ctx.now, ctx.decisions);
  const first = plan.topics[0]!;
  if (!messages.some((m) => m.role === "ai")) {
    return { action: "next_topic", topicId: first.id, reason: "Welcome and the warm-up question." };
  }
  if (state.readBackAnswered || state.closed) {
    return { action: "close", topicId: "", reason: "The participant answered the read-back." };
  }
  const answer = state.lastAnswer ?? "";
  const last = state.info.findLast((x) => !x.question && !x.readBack);
  const upcoming = nextTopic(plan, messages, state);
  const current = plan.topics.find((t) => t.id === state.currentTopic) ?? first;
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
  if (timeUp && state.answers > 0) {
    return { action: "read_back", topicId: "", reason: "Two minutes before the role's limit: read back." };
  }
  if (last?.declined) {
    return upcoming
      ? {
          action: "next_topic",
          topicId: upcoming.id,
          reason: "The participant declined; never ask it again.",
        }
      : { action: "read_back", topicId: "", reason: "Declined, and no topic is left." };
  }
  if (last?.unsure) {
    // Rephrase the topic's opening question once; a follow-up they cannot answer is left alone.
    if (state.unsureOnTopic <= 1 && state.followUps === 0) {
      return { action: "rephrase", topicId: current.id, reason: "Not sure: ask once more in other words." };
    }
    return upcoming
      ? { action: "next_topic", topicId: upcoming.id, reason: "Still not sure after a rephrase: move on." }
      : { action: "read_back", topicId: "", reason: "Still not sure, and no topic is left." };
  }
  const remaining = plan.topics.filter(
    (t) => t.id !== current.id && !state.askedTopics.has(t.id) && !state.declinedTopics.has(t.id),
  );
  const shared = aboutSharedMaterial(ctx, current);
  if (shared) return shared;
  if (isVague(answer) && !freshPhrase(answer, messages) && state.followUps === 0) {
    return { action: "rephrase", topicId: current.id, reason: "A vague answer with nothing to build on." };
  }
  const trigger = followUpTrigger(answer);
  if (
    trigger &&
    state.followUps < followUpAllowance(state, upcoming ? remaining : [], ctx.timeLimitMinutes)
  ) {
    const step = ladderStep(trigger, messages, state);
    const reflect =
      trigger === "negation" ? (negatedClause(answer) ?? undefined) : freshPhrase(answer, messages);
    if (step && reflect) {
      return {
        action: "follow_up",
        topicId: current.id,
        reason: `ladder:${step} (${trigger})`,
        reflect,
      };
    }
  }
  if (upcoming) {
    // A one-word echo or a fragment reads as a tic; reflect only a quantity or a noun phrase.
    const reflect = phrases(answer, { strong: true }).find(
      (p) => p.includes(" ") && freshPhrase(p, messages) === p,
    );
    return {
      action: "next_topic",
      topicId: upcoming.id,
      reason: "The answer needs no follow-up; next uncovered topic.",
      ...(reflect ? { reflect } : {}),
    };
  }
  return { action: "read_back", topicId: "", reason: "Every topic has been covered." };
}
