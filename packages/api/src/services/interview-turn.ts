import { createHash, randomUUID } from "node:crypto";
import type { ReservationAhead } from "@parley/ai/engine";
import { AiError } from "@parley/ai/errors";
import { CONTEXT_CAP } from "@parley/ai/history";
import { words } from "@parley/ai/interview/turn";
import { type BillTo, INTERVIEW_AI_USED_UP } from "@parley/ai/metering";
import { TIME_LIMIT_MINUTES } from "@parley/ai/roles";
import * as interviewer from "@parley/db/queries/interviewer";
import type { RecordTurnRow } from "@parley/db/queries/turns";
import * as record from "@parley/db/queries/turns";
import type { StakeholderType } from "@parley/db/schema";
import { z } from "zod";
import type { Context } from "../context";
import { AppError, notFound } from "../errors";
import { assertConversationOpen, type InterviewAccess } from "../participant";
import { storableText } from "../schemas/common";
import { MAX_TEXT } from "../schemas/participant";
import { decisionsOf, ensurePlan, projectBrief, toMessages } from "./interviewer";
import type { ParticipantAiKind } from "./rate-limit";

type InterviewerState = NonNullable<Awaited<ReturnType<typeof interviewer.getInterviewerState>>>;

/** Interview turns (issue 14) and what every participant AI call shares: checks, billing, wording. */

const text = (max: number, name: string) =>
  storableText({ error: `${name} must be text` }).max(max, `${name} is too long`);

const ZInterviewMessage = z.object({
  role: z.enum(["ai", "user"], { error: "Message role must be 'ai' or 'user'" }),
  content: text(MAX_TEXT, "Message"),
  timestamp: storableText().max(40).optional(),
});

export const ZInterviewTurnInput = z.object({
  /** The documented history (REST); only its trailing participant messages are read, as new answers. */
  messages: z.array(ZInterviewMessage).max(400, "The conversation is too long").default([]),
  /** The web's new answer with its own id: all the browser sends of what was said. */
  answer: z
    .object({
      id: storableText().trim().min(8, "Answer id is too short").max(100, "Answer id is too long"),
      content: text(MAX_TEXT, "Answer"),
    })
    .optional(),
  /** The REST door's `Idempotency-Key` header: the id of the request's new answer. */
  idempotencyKey: storableText().trim().min(1).max(200, "Idempotency-Key is too long").optional(),
  // Documented (spec 2 §7) and accepted, but the server reads the project and the role itself.
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

/** A participant's new answer and the client's id for it (a repeat with the same id is the same write). */
interface NewAnswer {
  content: string;
  key: string;
  clientAt: string | null;
  /** Its place among the participant's answers in the client's history (REST without an id). */
  position: number | null;
}

/**
 * The answers a request adds. The web sends `answer` with its own id; a REST client sends the
 * documented history, whose trailing participant messages are its new answers, keyed by its
 * `Idempotency-Key` header or, without one, by their place among its answers and their words.
 */
export function answersOf(input: z.infer<typeof ZInterviewTurnInput>): NewAnswer[] {
  if (input.answer) {
    const content = input.answer.content.trim();
    return content ? [{ content, key: `a:${input.answer.id}`, clientAt: null, position: null }] : [];
  }
  const sent = input.messages;
  const lastAi = sent.map((m) => m.role).lastIndexOf("ai");
  let position = sent.slice(0, lastAi + 1).filter((m) => m.role === "user").length;
  const trailing = sent.slice(lastAi + 1).filter((m) => m.role === "user" && m.content.trim());
  return trailing.map((m, i) => {
    position += 1;
    const content = m.content.trim();
    const key =
      i === trailing.length - 1 && input.idempotencyKey
        ? `k:${input.idempotencyKey}`
        : `h:${createHash("sha256").update(`${position}\n${content}`).digest("hex").slice(0, 32)}`;
    return { content, key, clientAt: m.timestamp ?? null, position: input.idempotencyKey ? null : position };
  });
}

export interface TurnReply {
  stream: AsyncIterable<string>;
  final: boolean;
  /** The reply's turn in the record, once it is stored (null for the owner's preview). */
  turn: { id: number | null };
}

/** How long a reply's lease runs before another request may take it over (renewed while it runs). */
const LEASE_SECONDS = 20;
const LEASE_RENEW_MS = 5_000;
const WAIT_STEP_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One interview turn (issues 14 and 23). The history is the server's record: the participant's new
 * answer is stored first (keyed by the client's id, so a retry writes nothing twice), then the
 * interviewer's reply is written by exactly one request at a time (a lease on the interview). A
 * request whose answer already has its reply, or that finds another request writing it, answers
 * that reply without a model call: 12 identical requests make one call, one answer, one reply.
 */
export async function interviewTurn(
  ctx: Context & { interview: InterviewAccess },
  input: z.infer<typeof ZInterviewTurnInput>,
  signal?: AbortSignal,
  /** What `prepareTurn` started for this turn before its words were known (a voice turn). */
  prepared?: TurnPreparation,
): Promise<TurnReply> {
  assertConversationOpen(ctx.interview);
  if (ctx.interview.as === "owner") {
    await prepared?.release();
    return previewTurn(ctx, input, signal);
  }
  const interviewId = ctx.interview.id;
  const answers = answersOf(input);
  // The words are kept before anything can refuse the call: "everything you said is saved". The
  // rate is counted and the lease asked for meanwhile (three writes at once: one wait for the disk
  // instead of three on the way to the first word); a refusal is answered once the words are stored.
  // Once the rate allows the call, its reservation against the owner's plan and the interview's
  // ceiling (a transaction of several round trips) and the privacy vault's read start too, beside
  // the writes, the record's read and the rules' decision rather than after them (issue 34); they
  // are given back whenever no call is made.
  const token = prepared?.token ?? randomUUID();
  // A prepared turn's payer is the one its reservation and privacy vault's read were started for
  // (the vault is read once per payer object: another would read it again on the way to the model).
  const billTo = prepared?.billTo ?? billInterview(ctx.interview);
  // A prepared turn's lease, reservation and state were started while its words were transcribed;
  // from here on they are this turn's, given back or released by it as its own.
  const early = prepared ? await prepared.handOver() : undefined;
  let ahead: ReservationAhead | undefined = early?.ahead;
  const giveBack = async () => {
    const unused = ahead;
    ahead = undefined;
    await unused?.release().catch((error: unknown) => {
      ctx.logger.error(
        { err: error, interviewId },
        "an interview turn's unused AI reservation was not given back",
      );
    });
  };
  const [appended, allowed, leased] = await Promise.allSettled([
    appendAnswers(ctx.db, interviewId, answers),
    allowInterviewAi(ctx, ctx.interview, "turn").then(() => {
      if (!early) ahead = ctx.ai.prepareInterviewTurn(billTo);
    }),
    early ? early.leased : record.takeTurnLease(ctx.db, interviewId, token, LEASE_SECONDS),
  ]);
  const heldLease = leased.status === "fulfilled" && leased.value;
  if (appended.status === "rejected" || allowed.status === "rejected") {
    await Promise.all([
      heldLease ? record.releaseTurnLease(ctx.db, interviewId, token).catch(() => {}) : undefined,
      giveBack(),
    ]);
    throw appended.status === "rejected" ? appended.reason : (allowed as PromiseRejectedResult).reason;
  }
  const anchor = appended.value;
  /** The reply already written to this request's answer (or, with nothing new, the last reply). */
  const replyIn = (turns: RecordTurnRow[]) => {
    const own = turns.filter((t) => !t.attachment);
    const reply = anchor
      ? own.find((t) => t.role === "ai" && t.id > anchor.id)
      : own.at(-1)?.role === "ai"
        ? own.at(-1)
        : undefined;
    return reply ? { id: reply.id, content: reply.content, final: reply.final } : undefined;
  };
  const answered = async () =>
    anchor
      ? record.replyAfter(ctx.db, interviewId, anchor.id)
      : replyIn(await record.listRecord(ctx.db, interviewId));
  const deadline = Date.now() + (LEASE_SECONDS + 10) * 1000;
  // Another request is writing the reply: wait for it, or for the lease it holds to lapse. The
  // reservation is given back meanwhile (the reply written is answered without a call) and made
  // again if the lease comes to this request.
  if (!heldLease) {
    await giveBack();
    for (;;) {
      if (Date.now() > deadline || signal?.aborted) {
        throw new AppError("SERVICE_UNAVAILABLE", "The interviewer is still answering. Please try again.");
      }
      await sleep(WAIT_STEP_MS);
      const reply = await answered();
      if (reply) return { stream: words(reply.content), final: reply.final, turn: { id: reply.id } };
      if (await record.takeTurnLease(ctx.db, interviewId, token, LEASE_SECONDS)) break;
    }
    ahead = ctx.ai.prepareInterviewTurn(billTo);
  }
  // The lease is ours: someone may have written the reply between our look and our taking it. The
  // record read for that is the history the model reads, and the interview's state comes with it.
  let all: RecordTurnRow[];
  let state: InterviewerState | undefined;
  try {
    // A prepared turn read the state once its lease was taken (a reply is written, and the state
    // changed, only under the lease); after waiting for another request's lease it is read again.
    [all, state] = await Promise.all([
      record.listRecord(ctx.db, interviewId),
      early?.leased && early.state ? early.state : interviewer.getInterviewerState(ctx.db, interviewId),
    ]);
  } catch (error) {
    await giveBack();
    throw error;
  }
  const written = replyIn(all);
  if (written) {
    await Promise.all([record.releaseTurnLease(ctx.db, interviewId, token), giveBack()]);
    return { stream: words(written.content), final: written.final, turn: { id: written.id } };
  }
  const renew = setInterval(() => {
    record.takeTurnLease(ctx.db, interviewId, token, LEASE_SECONDS).catch(() => {});
  }, LEASE_RENEW_MS);
  const release = () => {
    clearInterval(renew);
    return record.releaseTurnLease(ctx.db, interviewId, token).catch(() => {});
  };
  try {
    const turns = all.filter((t) => !t.attachment);
    const turn = await modelTurn(ctx, input, turns, signal, { state, billTo, ahead });
    const db = ctx.db;
    const stored: { id: number | null } = { id: null };
    async function* recorded() {
      try {
        let text = "";
        for await (const chunk of turn.stream) {
          text += chunk;
          yield chunk;
        }
        // Stored once the message is whole: an abandoned reply is written again on the next request.
        if (!text.trim() || signal?.aborted) return;
        await record.openConversation(db, interviewId);
        const [written] = await record.appendTurns(db, interviewId, [
          { role: "ai", content: text.trim(), decision: turn.decision, final: turn.final },
        ]);
        stored.id = written?.id ?? null;
        const review =
          turn.review ??
          (turn.readBack ? { points: turn.readBack.points, confirmations: [], corrections: [] } : null);
        if (review) await interviewer.setReadBack(db, interviewId, review);
      } finally {
        // Taken by the model call once the stream started; given back if it never did.
        await Promise.all([release(), giveBack()]);
      }
    }
    return { stream: participantStream(ctx.interview, recorded()), final: turn.final, turn: stored };
  } catch (error) {
    await Promise.all([release(), giveBack()]);
    throw error;
  }
}

/**
 * What an interview turn can start before its words are known (issue 34: a voice turn, while the
 * participant's recording is transcribed): the turn's lease, then, with it held, the interviewer's
 * state and the model call's reservation (and the privacy vault's read). `interviewTurn` takes it
 * over; if no turn is made (nothing was heard, the words wait for more, the transcription failed),
 * `release` gives the lease and the reservation back. Nothing is shared between requests: it lives
 * in the one request that transcribes and answers.
 */
export interface TurnPreparation {
  readonly token: string;
  /** The payer its reservation and privacy scope were started for (the turn's own from then on). */
  readonly billTo: BillTo;
  /** The lease, the state read with it and the reservation, for `interviewTurn` (once). */
  handOver(): Promise<{
    leased: boolean;
    state: Promise<InterviewerState | undefined> | undefined;
    ahead: ReservationAhead | undefined;
  }>;
  /** No turn is made: the lease and the reservation are given back. */
  release(): Promise<void>;
}

export function prepareTurn(ctx: Context & { interview: InterviewAccess }): TurnPreparation {
  const interviewId = ctx.interview.id;
  const token = randomUUID();
  const billTo = billInterview(ctx.interview);
  let ahead: ReservationAhead | undefined;
  let state: Promise<InterviewerState | undefined> | undefined;
  let handed = false;
  let released = false;
  // Kept while the words are transcribed, however long that takes (the turn renews it after).
  const renew = setInterval(() => {
    record.takeTurnLease(ctx.db, interviewId, token, LEASE_SECONDS).catch(() => {});
  }, LEASE_RENEW_MS);
  const leased = record
    .takeTurnLease(ctx.db, interviewId, token, LEASE_SECONDS)
    .catch(() => false)
    .then((held) => {
      if (held && !released) {
        state = interviewer.getInterviewerState(ctx.db, interviewId);
        state.catch(() => undefined);
        if (!handed) ahead = ctx.ai.prepareInterviewTurn(billTo);
      }
      return held;
    });
  return {
    token,
    billTo,
    async handOver() {
      handed = true;
      clearInterval(renew);
      const held = await leased;
      return { leased: held, state, ahead };
    },
    async release() {
      if (handed || released) return;
      released = true;
      clearInterval(renew);
      const held = await leased;
      await Promise.all([
        held ? record.releaseTurnLease(ctx.db, interviewId, token).catch(() => {}) : undefined,
        ahead?.release().catch((error: unknown) => {
          ctx.logger.error(
            { err: error, interviewId },
            "a voice turn's unused AI reservation was not given back",
          );
        }),
      ]);
    },
  };
}

/**
 * Stores the answers the record does not hold yet and answers the last one's turn. An answer without
 * the client's id is already held when the participant's answer at its place reads the same (a
 * client that saved its conversation before asking for the reply, or asks again). The web's answer
 * carries its id, so it is one statement with the conversation's (and a look-up only when it was
 * stored before): this is on the way to the first word.
 */
async function appendAnswers(
  db: Context["db"],
  interviewId: number,
  answers: NewAnswer[],
): Promise<{ id: number } | undefined> {
  if (!answers.length) return undefined;
  const placed = answers.some((a) => a.position !== null);
  const held = placed
    ? (await record.listRecord(db, interviewId)).filter((t) => t.role === "user" && !t.attachment)
    : [];
  const heldAt = (answer: NewAnswer) => {
    const turn = answer.position ? held[answer.position - 1] : undefined;
    return turn && (turn.content === answer.content || turn.original === answer.content) ? turn : undefined;
  };
  const added = await record.appendTurns(
    db,
    interviewId,
    answers
      .filter((a) => !heldAt(a))
      .map((a) => ({ role: "user" as const, content: a.content, clientKey: a.key, clientAt: a.clientAt })),
    // The conversation in the same statement: a stored answer always has one to be read in (once
    // it exists this writes nothing), and the web's answer is one round trip.
    { openConversation: true },
  );
  const last = answers.at(-1)!;
  return (
    added.find((t) => t.client_key === last.key) ??
    heldAt(last) ??
    (await record.findTurnByKey(db, interviewId, last.key))
  );
}

/**
 * The owner trying their own interview previews it: their browser's history (theirs to pay for) is
 * used as sent and nothing is stored, so a preview neither starts the interview nor locks its plan,
 * and the participant later starts afresh.
 */
async function previewTurn(
  ctx: Context & { interview: InterviewAccess },
  input: z.infer<typeof ZInterviewTurnInput>,
  signal?: AbortSignal,
) {
  const sent = input.answer
    ? [...input.messages, { role: "user" as const, ...input.answer }]
    : input.messages;
  const turns = sent.map((m) => ({
    role: m.role,
    content: m.content,
    created_at: new Date(m.timestamp && !Number.isNaN(Date.parse(m.timestamp)) ? m.timestamp : Date.now()),
    decision: null,
    final: false,
  }));
  const turn = await modelTurn(ctx, input, turns, signal);
  return { stream: participantStream(ctx.interview, turn.stream), final: turn.final, turn: { id: null } };
}

/** The model's next message on `turns` (the plan made first when the interview has none). */
async function modelTurn(
  ctx: Context & { interview: InterviewAccess },
  input: z.infer<typeof ZInterviewTurnInput>,
  turns: Array<{ role: "ai" | "user"; content: string; created_at: Date; decision: unknown }>,
  signal?: AbortSignal,
  known?: { state: InterviewerState | undefined; billTo: BillTo; ahead: ReservationAhead | undefined },
) {
  const state = known ? known.state : await interviewer.getInterviewerState(ctx.db, ctx.interview.id);
  if (!state) throw notFound("Interview");
  const billTo = known?.billTo ?? billInterview(ctx.interview);
  const plan = await participantCall(ctx.interview, () => ensurePlan(ctx.db, ctx.ai, state, billTo));
  const stakeholderType = state.stakeholder_type as StakeholderType;
  return participantCall(ctx.interview, () =>
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
      ...(known?.ahead ? { ahead: known.ahead } : {}),
      ...(signal ? { signal } : {}),
    }),
  );
}
