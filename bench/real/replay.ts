/**
 * Replaying real participants' answers against the interviewer (issue 27): each real answer is given
 * in order, one per interviewer turn, whatever the interviewer asks (a participant who came with
 * things to say), and every turn's decision, text and time are kept. After the closing the
 * replay goes on, as the real participants went on talking.
 */
import type { StakeholderType } from "@parley/db/schema";
import { makePlan } from "../../packages/ai/src/interview/plan";
import {
  collect,
  type InterviewProvider,
  interviewTurn,
  type TurnResult,
} from "../../packages/ai/src/interview/turn";
import type { InterviewMessage, InterviewPlan, ProjectBrief } from "../../packages/ai/src/interview/types";
import { TIME_LIMIT_MINUTES } from "../../packages/ai/src/roles";
import type { RealMessage } from "./data";

export interface ReplayedTurn extends Omit<TurnResult, "stream"> {
  text: string;
  /** Minutes since the start when the message was written. */
  at: number;
  /** Server time to decide and write the whole message (offline) or to stream it (model path). */
  ms: number;
}

export interface Replay {
  id: string;
  project: ProjectBrief;
  stakeholderType: StakeholderType;
  plan: InterviewPlan;
  messages: InterviewMessage[];
  turns: ReplayedTurn[];
  limitMinutes: number;
  secondsPerAnswer: number;
}

const START = Date.parse("2026-11-23T10:00:00.000Z");

/** A real interview's participant answers: its participant messages, consecutive ones joined. */
export function answersOf(messages: RealMessage[]): string[] {
  const answers: string[] = [];
  let joining = false;
  for (const m of messages) {
    if (m.role !== "user") {
      joining = false;
      continue;
    }
    const text = m.content.trim();
    if (!text) continue;
    if (joining) answers[answers.length - 1] += `\n${text}`;
    else answers.push(text);
    joining = true;
  }
  return answers;
}

/**
 * Plays `answers` against the interviewer a fixed pace apart (the pace the interviewer assumes when
 * it has no timestamps: a minute an exchange), storing each decision as the server does.
 */
export async function replay(
  id: string,
  project: ProjectBrief,
  stakeholderType: StakeholderType,
  answers: string[],
  provider?: InterviewProvider | null,
  secondsPerAnswer = 60,
): Promise<Replay> {
  const limitMinutes = TIME_LIMIT_MINUTES[stakeholderType];
  const plan = makePlan(project, stakeholderType, limitMinutes);
  const messages: InterviewMessage[] = [];
  const turns: ReplayedTurn[] = [];
  let now = START;
  for (let next = 0; next <= answers.length; next += 1) {
    const started = performance.now();
    const result = await interviewTurn(
      {
        plan,
        project,
        stakeholderType,
        messages: [...messages],
        now,
        timeLimitMinutes: limitMinutes,
        decisions: turns.map((t) => t.decision),
      },
      provider,
    );
    const { stream, ...rest } = result;
    const text = await collect(stream);
    turns.push({ ...rest, text, at: (now - START) / 60_000, ms: performance.now() - started });
    messages.push({ role: "ai", content: text, timestamp: new Date(now).toISOString() });
    const answer = answers[next];
    if (answer === undefined) break;
    now += secondsPerAnswer * 1000;
    messages.push({ role: "user", content: answer, timestamp: new Date(now).toISOString() });
    now += 5_000;
  }
  return { id, project, stakeholderType, plan, messages, turns, limitMinutes, secondsPerAnswer };
}

/** The interviewer's next turn after a real excerpt (the follow-up study's contexts). */
export async function nextTurnAfter(
  project: ProjectBrief,
  stakeholderType: StakeholderType,
  excerpt: InterviewMessage[],
): Promise<{ result: Omit<TurnResult, "stream">; text: string }> {
  const limitMinutes = TIME_LIMIT_MINUTES[stakeholderType];
  const plan = makePlan(project, stakeholderType, limitMinutes);
  const result = await interviewTurn({
    plan,
    project,
    stakeholderType,
    messages: excerpt,
    now: START + excerpt.length * 30_000,
    timeLimitMinutes: limitMinutes,
  });
  const { stream, ...rest } = result;
  return { result: rest, text: await collect(stream) };
}
