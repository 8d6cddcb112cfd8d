import type { StakeholderType } from "@parley/db/schema";
import { answerTo, participantAsk } from "./asks";
import { checkedStream, withoutEchoes } from "./check";
import { decideTurn, nextTopic } from "./decide";
import { makePlan } from "./plan";
import { type ChatMessage, planMessages, questionMessages, readingMessages } from "./prompts";
import { readBackPoints } from "./readback";
import { reviewAfterClose } from "./review";
import { type InterviewState, readState } from "./state";
import { normalise, rulesRead } from "./text";
import {
  type AnswerReading,
  type InterviewMessage,
  type InterviewPlan,
  PLAN_FORMAT,
  type ProjectBrief,
  READING_FORMAT,
  type ReadBack,
  type ReadBackReview,
  type Topic,
  type TurnContext,
  type TurnDecision,
  ZAnswerReading,
  ZInterviewPlan,
} from "./types";
import { writeTurn } from "./writer";

/**
 * The interviewer's one entry point for the engine: a turn is a decision, then one message. The
 * rules decide every turn (pacing, read-back, close, follow-ups, topics), so nothing waits for a
 * model before the question starts; without a provider they also write the message, with one the
 * model writes it as a stream: one model call before the first word (issue 24). Plan checks and
 * metering stay with the engine, around the provider it passes in.
 */

export type ResponseFormat = typeof PLAN_FORMAT | typeof READING_FORMAT;

/** What the interviewer needs from a model provider; the engine adapts its providers to this. */
export interface InterviewProvider {
  complete(messages: ChatMessage[], signal?: AbortSignal): Promise<string>;
  stream(messages: ChatMessage[], signal?: AbortSignal): AsyncIterable<string>;
  /** A JSON answer constrained by a strict `json_schema` response format, as text. */
  structured(messages: ChatMessage[], format: ResponseFormat, signal?: AbortSignal): Promise<string>;
}

export interface TurnResult {
  /**
   * The rules' decision. In a language the rules do not read, the model's reading of the answer is
   * added to it (and the move it asked for) by the time the stream ends: store it after the stream.
   */
  decision: TurnDecision;
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
 * (older Ollama, vLLM without guided decoding) answers 400, and the rules' plan is used. A call the
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

export async function interviewTurn(
  input: TurnInput,
  provider?: InterviewProvider | null,
): Promise<TurnResult> {
  const ctx: TurnContext = input;
  // The rules decide, on the critical path and without a model call: the one call there is writes.
  let decision = decideTurn(ctx, !provider);
  const state = readState(ctx.plan, ctx.messages, ctx.now, ctx.decisions);
  let offlineText: string | undefined;
  if (!provider) {
    const written = writeTurn(ctx, decision, true);
    decision = written.decision;
    offlineText = written.text;
  }
  const readBack =
    decision.action === "read_back" ? { points: readBackPoints(ctx, { now: true }) } : undefined;
  const final = decision.action === "close";
  // Every closing turn stores the review again: a need said after the read-back joins it.
  const review = final && state.readBackAt >= 0 ? reviewAfterClose(ctx) : undefined;
  const base = {
    decision,
    final,
    ...(readBack ? { readBack } : {}),
    ...(review ? { review } : {}),
  };
  if (offlineText !== undefined) return { ...base, stream: words(offlineText) };
  const unread =
    state.lastAnswer && MIDDLE.includes(decision.action) && !rulesRead(ctx.messages)
      ? { instead: nextTopic(ctx.plan, ctx.messages, state) }
      : null;
  // In a language the rules cannot read, their reflected phrase is not the participant's point.
  if (unread) delete decision.reflect;
  const ask = decision.asked && state.lastAnswer ? participantAsk(state.lastAnswer) : null;
  const messages = questionMessages({
    ...input,
    decision,
    readBackPoints: readBack?.points ?? [],
    ...(unread ? { unreadAnswer: unread } : {}),
    ...(ask
      ? {
          answerFirst: answerTo(ask, {
            project: ctx.project,
            topic: ctx.plan.topics.find((t) => t.id === decision.topicId) ?? null,
            lastQuestion: state.lastAsked,
          }),
        }
      : {}),
  });
  const stream = provider!.stream(messages, input.signal);
  // In English the model's words are held to the rules' behaviours before anyone sees them.
  if (!unread) return { ...base, stream: checkedStream(stream, ctx, decision) };
  // Beside the stream, never before it: the model reads the answer the rules could not.
  const reading = () => readAnswer(provider!, input, state);
  const checks = {
    answer: state.lastAnswer ?? "",
    earlier: ctx.messages.filter((m) => m.role === "ai").map((m) => m.content),
    instead: planQuestion(ctx, unread.instead),
  };
  return {
    ...base,
    stream: withReading(withoutEchoes(stream, checks), reading, decision, unread.instead),
  };
}

/**
 * The plan's next question, in the plan's own words (a model's plan is written in the project's
 * language): the first probe not yet asked of the topic to turn to, else of any topic in order.
 */
function planQuestion(ctx: TurnContext, instead: Topic | null): string | null {
  const said = ctx.messages.filter((m) => m.role === "ai").map((m) => normalise(m.content));
  const fresh = (topic: Topic) => topic.probes.find((p) => !said.some((s) => s.includes(normalise(p))));
  const first = instead ? fresh(instead) : undefined;
  return first ?? ctx.plan.topics.map(fresh).find(Boolean) ?? null;
}

/** The moves after an answer, where what the answer does decides what is asked. */
const MIDDLE: ReadonlyArray<TurnDecision["action"]> = ["follow_up", "next_topic", "rephrase", "redirect"];

/** The model's reading of the last answer, or null when the call fails or is refused (it is a nicety). */
async function readAnswer(
  provider: InterviewProvider,
  input: TurnInput,
  state: InterviewState,
): Promise<AnswerReading | null> {
  try {
    const text = await provider.structured(
      readingMessages({
        project: input.project,
        question: state.lastQuestion,
        answer: state.lastAnswer ?? "",
      }),
      READING_FORMAT,
      input.signal,
    );
    const parsed = ZAnswerReading.safeParse(parseJson(text));
    return parsed.success ? parsed.data.reading : null;
  } catch {
    return null;
  }
}

/**
 * The question's stream, with the model's reading of the answer asked for once the first words
 * have come (so it never delays them) and added to the turn's decision before the stream ends (the
 * caller stores the decision once the message is whole). An answer that declined or strayed was
 * answered as the prompt told the model to, by turning to `instead`, which the decision then says.
 */
async function* withReading(
  stream: AsyncIterable<string>,
  read: () => Promise<AnswerReading | null>,
  decision: TurnDecision,
  instead: Topic | null,
): AsyncGenerator<string> {
  let reading: Promise<AnswerReading | null> | undefined;
  for await (const chunk of stream) {
    reading ??= read();
    yield chunk;
  }
  const answer = await reading;
  if (!answer) return;
  decision.reading = answer;
  if (answer === "answer") return;
  decision.action = answer === "off_topic" || answer === "instructions" ? "redirect" : "next_topic";
  decision.topicId = instead?.id ?? decision.topicId;
  decision.reason = `The model read the answer as ${answer}.`;
  delete decision.reflect;
}

/**
 * Loads what the first turn would otherwise load on the way to its first word (the text kit's
 * language model, franc's trigrams): about 130 ms, paid at start-up instead of by the first
 * participant. Plays two offline turns on a made-up interview.
 */
export async function warmInterviewer(): Promise<void> {
  const project = { title: "Warm-up", keyFeatures: "Route planning" };
  const plan = makePlan(project, "user", 10);
  for (const answer of [
    "We plan every route by hand each morning and it takes about two hours, which is frustrating.",
    "Planificamos todas las rutas a mano cada mañana y nos lleva unas dos horas, es frustrante.",
  ]) {
    const messages: InterviewMessage[] = [
      { role: "ai", content: plan.topics[0]!.probes[0]! },
      { role: "user", content: answer },
    ];
    const turn = await interviewTurn({
      plan,
      project,
      stakeholderType: "user",
      messages,
      now: Date.now(),
      timeLimitMinutes: 10,
    });
    await collect(turn.stream);
    rulesRead(messages);
  }
}
