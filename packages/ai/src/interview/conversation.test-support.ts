import { collect, interviewTurn } from "./turn";
import type { InterviewMessage, InterviewPlan, ProjectBrief, ReadBack, TurnDecision } from "./types";

/** An offline business interview of 12 minutes: the answers a minute apart, and every reply to them. */
export async function playOffline(
  plan: InterviewPlan,
  project: ProjectBrief,
  answers: string[],
  start: number,
) {
  const messages: InterviewMessage[] = [];
  const turns: Array<{ decision: TurnDecision; text: string; final: boolean; readBack?: ReadBack }> = [];
  let now = start;
  for (const answer of [...answers, null]) {
    const turn = await interviewTurn({
      plan,
      project,
      stakeholderType: "business",
      messages: [...messages],
      now,
      timeLimitMinutes: 12,
      decisions: turns.map((t) => t.decision),
    });
    const text = await collect(turn.stream);
    turns.push({ decision: turn.decision, text, final: turn.final, readBack: turn.readBack });
    messages.push({ role: "ai", content: text, timestamp: new Date(now).toISOString() });
    if (answer === null) break;
    now += 60_000;
    messages.push({ role: "user", content: answer, timestamp: new Date(now).toISOString() });
  }
  return { turns, messages };
}
