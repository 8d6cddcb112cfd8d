import type { StakeholderType } from "@parley/db/schema";
import { decideTurn, nextTopic } from "./decide";
import { makePlan } from "./plan";
import { type ChatMessage, decisionMessages, planMessages, questionMessages } from "./prompts";
import { readState } from "./state";
import {
  DECISION_FORMAT,
  type InterviewMessage,
  type InterviewPlan,
  PLAN_FORMAT,
  type ProjectBrief,
  type ReadBack,
  type ReadBackReview,
  type Topic,
  type TurnContext,
  type TurnDecision,
  ZInterviewPlan,
  ZModelTurnDecision,
} from "./types";
import { readBackPoints, reviewReadBack, writeTurn } from "./writer";

/**
 * The interviewer's one entry point for the engine: a turn is a decision, then one message. Without
 * a provider the rules decide and write; with one, a model decides (strict structured output, held
 * to the same rules) and writes the message as a stream. Plan checks and metering stay with the
 * engine, around the provider it passes in.
 */

export type ResponseFormat = typeof PLAN_FORMAT | typeof DECISION_FORMAT;

/** What the interviewer needs from a model provider; the engine adapts its providers to this. */
export interface InterviewProvider {
  complete(messages: ChatMessage[], signal?: AbortSignal): Promise<string>;
  stream(messages: ChatMessage[], signal?: AbortSignal): AsyncIterable<string>;
  /** A JSON answer constrained by a strict `json_schema` response format, as text. */
  structured(messages: ChatMessage[], format: ResponseFormat, signal?: AbortSignal): Promise<string>;
}

export interface TurnResult {
  decision: TurnDecision;
  /** Where the decision came from: the rules, or the model (held to the rules). */
  decidedBy: "rules" | "model";
  /** The message, chunk by chunk (offline: word by word, so both providers feel the same). */
  stream: AsyncIterable<string>;
  /** True only on the closing message after the read-back. */
  final: boolean;
  /** Set on the read-back turn: the points read back, the participant's own sentences. */
  readBack?: ReadBack;
  /** Set on the closing turn: what the participant confirmed and corrected. */
  review?: ReadBackReview;
}

export interface TurnInput {
  plan: InterviewPlan;
  project: ProjectBrief;
  stakeholderType: StakeholderType;
  messages: InterviewMessage[];
  now: number;
  timeLimitMinutes: number;
  notesContext?: string | null;
  imageContext?: string | null;
  /** The decisions of the interviewer messages so far, when stored with the interview. */
  decisions?: TurnContext["decisions"];
  signal?: AbortSignal;
}

export async function* words(text: string): AsyncGenerator<string> {
  for (const part of text.match(/\S+\s*/g) ?? []) yield part;
}

export async function collect(stream: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += chunk;
  return text.trim();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, ""));
  } catch {
    return undefined;
  }
}

/**
 * A structured answer, or "" when the call fails: a compatible server without `json_schema` support
 * (older Ollama, vLLM without guided decoding) answers 400, and the rules then decide. A call the
 * caller aborted still throws.
 */
async function structuredOrNothing(
  provider: InterviewProvider,
  messages: ChatMessage[],
  format: ResponseFormat,
  signal?: AbortSignal,
): Promise<string> {
  try {
    return await provider.structured(messages, format, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    return "";
  }
}

/** The plan for a new interview: the model's when it gives a valid one, else the rules'. */
export async function planInterview(
  input: {
    project: ProjectBrief;
    stakeholderType: StakeholderType;
    timeLimitMinutes: number;
    thinTopics?: Array<Pick<Topic, "title"> & Partial<Topic>>;
    signal?: AbortSignal;
  },
  provider?: InterviewProvider | null,
): Promise<{ plan: InterviewPlan; plannedBy: "rules" | "model" }> {
  const offline = () =>
    makePlan(input.project, input.stakeholderType, input.timeLimitMinutes, input.thinTopics);
  if (!provider) return { plan: offline(), plannedBy: "rules" };
  const text = await structuredOrNothing(
    provider,
    planMessages({ ...input, thinTopics: (input.thinTopics ?? []).map((t) => t.title) }),
    PLAN_FORMAT,
    input.signal,
  );
  const parsed = ZInterviewPlan.safeParse(parseJson(text));
  return parsed.success ? { plan: parsed.data, plannedBy: "model" } : { plan: offline(), plannedBy: "rules" };
}

/**
 * Holds a model's decision to the rules both providers share: pacing, read-back before close,
 * nothing declined re-asked, a reflection that is really the participant's words.
 */
export function enforceRules(ctx: TurnContext, proposed: TurnDecision, rules: TurnDecision): TurnDecision {
  const state = readState(ctx.plan, ctx.messages, ctx.now, ctx.decisions);
  // The rules own the start, the read-back, the close and the pacing; the model owns the middle.
  if (["read_back", "close"].includes(rules.action) || !state.lastAnswer) return rules;
  if (proposed.action === "close" || proposed.action === "read_back") {
    return nextTopic(ctx.plan, ctx.messages, state)
      ? rules
      : { ...proposed, action: "read_back", topicId: "" };
  }
  const topic = ctx.plan.topics.find((t) => t.id === proposed.topicId);
  if (!topic || state.declinedTopics.has(topic.id)) return rules;
  if (proposed.action === "next_topic" && state.askedTopics.has(topic.id)) return rules;
  if (proposed.action === "rephrase" && state.unsureOnTopic > 1) return rules;
  const reflect =
    proposed.reflect && state.lastAnswer.toLowerCase().includes(proposed.reflect.toLowerCase())
      ? proposed.reflect
      : undefined;
  const { reflect: _dropped, ...rest } = proposed;
  return reflect ? { ...rest, reflect } : rest;
}

export async function interviewTurn(
  input: TurnInput,
  provider?: InterviewProvider | null,
): Promise<TurnResult> {
  const ctx: TurnContext = input;
  const rules = decideTurn(ctx);
  let decision = rules;
  let decidedBy: TurnResult["decidedBy"] = "rules";
  const state = readState(ctx.plan, ctx.messages, ctx.now, ctx.decisions);
  if (provider && state.lastAnswer && !["read_back", "close"].includes(rules.action)) {
    const text = await structuredOrNothing(
      provider,
      decisionMessages({ ...input, state }),
      DECISION_FORMAT,
      input.signal,
    );
    const parsed = ZModelTurnDecision.safeParse(parseJson(text));
    if (parsed.success) {
      const { reflect, ...rest } = parsed.data;
      decision = enforceRules(ctx, reflect ? { ...rest, reflect } : rest, rules);
      decidedBy = decision === rules ? "rules" : "model";
    }
  }
  let offlineText: string | undefined;
  if (!provider) {
    const written = writeTurn(ctx, decision);
    decision = written.decision;
    offlineText = written.text;
  }
  const readBack = decision.action === "read_back" ? { points: readBackPoints(ctx) } : undefined;
  const final = decision.action === "close";
  const review =
    final && !state.closed ? reviewReadBack(readBackPoints(ctx), state.lastAnswer ?? "") : undefined;
  const base = {
    decision,
    decidedBy,
    final,
    ...(readBack ? { readBack } : {}),
    ...(review ? { review } : {}),
  };
  if (offlineText !== undefined) return { ...base, stream: words(offlineText) };
  const messages = questionMessages({ ...input, decision, readBackPoints: readBack?.points ?? [] });
  return { ...base, stream: provider!.stream(messages, input.signal) };
}
