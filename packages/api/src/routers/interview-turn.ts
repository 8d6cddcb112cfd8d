import { AiError } from "@parley/ai/errors";
import { CONTEXT_CAP } from "@parley/ai/history";
import { words } from "@parley/ai/interview/turn";
import { INTERVIEW_AI_USED_UP } from "@parley/ai/metering";
import { TIME_LIMIT_MINUTES } from "@parley/ai/roles";
import * as interviewer from "@parley/db/queries/interviewer";
import type { StakeholderType } from "@parley/db/schema";
import { z } from "zod";
import type { Context } from "../context";
import { AppError, notFound } from "../errors";
import { assertConversationOpen, type InterviewAccess } from "../participant";
import { storableText } from "../schemas/common";
import { MAX_TEXT } from "../schemas/participant";
import { decisionsOf, ensurePlan, newAnswers, projectBrief, toMessages } from "../services/interviewer";
import type { ParticipantAiKind } from "../services/rate-limit";

/** Interview turns (issue 14) and what every participant AI call shares: checks, billing, wording. */

const text = (max: number, name: string) =>
  storableText({ error: `${name} must be text` }).max(max, `${name} is too long`);

const ZInterviewMessage = z.object({
  role: z.enum(["ai", "user"], { error: "Message role must be 'ai' or 'user'" }),
  content: text(MAX_TEXT, "Message"),
  timestamp: storableText().max(40).optional(),
});

export const ZInterviewTurnInput = z.object({
  messages: z.array(ZInterviewMessage).max(400, "The conversation is too long"),
  templateType: storableText().max(40).nullish(),
  projectInfo: z
    .object({
      objective: text(5000, "Objective").nullish(),
      targetAudience: text(2000, "Target audience").nullish(),
    })
    .nullish(),
  notesContext: text(MAX_TEXT, "Notes").nullish(),
  imageContext: text(MAX_TEXT, "Image context").nullish(),
});

/**
 * Before any AI call about an interview: a completed or cancelled interview takes no more (the
 * owner would be billed), and a participant's calls are rate-limited per link, per kind of call,
 * and per IP. The call itself is then reserved against the owner's plan and the interview's ceiling.
 */
export async function allowInterviewAi(ctx: Context, interview: InterviewAccess, kind: ParticipantAiKind) {
  assertConversationOpen(interview);
  if (interview.as !== "participant") return;
  await ctx.rateLimiter.consumeParticipantAi(interview.id, kind, ctx.req.ip);
}

const OWNER_ALLOWANCE_USED =
  "The interviewer is paused: the team that invited you has reached its AI limit for now. Everything you said is saved; please let them know.";

/** A limit that stops a participant is worded for them: plainly, and saying nothing is lost. */
function forParticipant(interview: InterviewAccess, error: unknown): unknown {
  if (interview.as !== "participant" || !(error instanceof AiError) || !error.limit) return error;
  if (error.limit === "interview-limit") {
    return new AppError("TOO_MANY_REQUESTS", `${INTERVIEW_AI_USED_UP} You can finish the interview now.`);
  }
  return new AppError(error.status === 429 ? "TOO_MANY_REQUESTS" : "FORBIDDEN", OWNER_ALLOWANCE_USED);
}

export async function participantCall<T>(interview: InterviewAccess, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw forParticipant(interview, error);
  }
}

export async function* participantStream(interview: InterviewAccess, stream: AsyncIterable<string>) {
  try {
    yield* stream;
  } catch (error) {
    throw forParticipant(interview, error);
  }
}

export const billInterview = (interview: InterviewAccess) => ({
  userId: interview.ownerId,
  projectId: interview.projectId,
  interviewId: interview.id,
});

/**
 * One interview turn (issue 14). The history is the server's: the turns stored with the interview,
 * timed by the server, each interviewer message with its decision. The browser's history only adds
 * the participant's new answers at its end (stored before the call, so nothing said is lost); its
 * other lines and any `final` it sends are ignored. A request with nothing new repeats the stored
 * last message without a model call (a reload, a retry).
 */
export async function interviewTurn(
  ctx: Context & { interview: InterviewAccess },
  input: z.infer<typeof ZInterviewTurnInput>,
  signal?: AbortSignal,
): Promise<{ stream: AsyncIterable<string>; final: boolean }> {
  await allowInterviewAi(ctx, ctx.interview, "turn");
  const state = await interviewer.getInterviewerState(ctx.db, ctx.interview.id);
  if (!state) throw notFound("Interview");
  const billTo = billInterview(ctx.interview);
  const plan = await participantCall(ctx.interview, () => ensurePlan(ctx.db, ctx.ai, state, billTo));
  // The owner trying their own interview previews it: their browser's history (theirs to pay for)
  // is used as sent and nothing is stored, so a preview neither starts the interview nor locks its
  // plan, and the participant later starts afresh.
  const preview = ctx.interview.as === "owner";
  const stored = preview ? [] : await interviewer.listTurns(ctx.db, ctx.interview.id);
  const answers = preview ? [] : newAnswers(stored, input.messages);
  const turns = preview
    ? input.messages.map((m) => ({
        role: m.role,
        content: m.content,
        created_at: new Date(
          m.timestamp && !Number.isNaN(Date.parse(m.timestamp)) ? m.timestamp : Date.now(),
        ),
        decision: null,
        final: false,
      }))
    : [
        ...stored,
        ...(await interviewer.appendTurns(
          ctx.db,
          ctx.interview.id,
          answers.map((content) => ({ role: "user" as const, content })),
        )),
      ];
  const last = turns.at(-1);
  if (!preview && last?.role === "ai") return { stream: words(last.content), final: last.final };
  const stakeholderType = state.stakeholder_type as StakeholderType;
  const turn = await participantCall(ctx.interview, () =>
    ctx.ai.interviewTurn({
      plan,
      project: projectBrief(state),
      stakeholderType,
      messages: toMessages(turns),
      decisions: decisionsOf(turns),
      now: Date.now(),
      timeLimitMinutes: TIME_LIMIT_MINUTES[stakeholderType],
      notesContext: input.notesContext?.slice(0, CONTEXT_CAP) ?? null,
      imageContext: input.imageContext?.slice(0, CONTEXT_CAP) ?? null,
      billTo,
      ...(signal ? { signal } : {}),
    }),
  );
  const interviewId = ctx.interview.id;
  const db = ctx.db;
  async function* recorded() {
    let text = "";
    for await (const chunk of turn.stream) {
      text += chunk;
      yield chunk;
    }
    // Stored once the message is whole: an abandoned reply is written again on the next request.
    if (preview || !text.trim() || signal?.aborted) return;
    await interviewer.appendTurns(db, interviewId, [
      { role: "ai", content: text.trim(), decision: turn.decision, final: turn.final },
    ]);
    const review =
      turn.review ??
      (turn.readBack ? { points: turn.readBack.points, confirmations: [], corrections: [] } : null);
    if (review) await interviewer.setReadBack(db, interviewId, review);
  }
  return { stream: participantStream(ctx.interview, recorded()), final: turn.final };
}
