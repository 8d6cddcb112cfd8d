import { sql } from "kysely";
import type { Db } from "../client";

/**
 * Takes the payer's row lock for the rest of the transaction. Every metering transaction of one
 * owner takes it first, before it touches an interview, so parallel calls queue on it instead of
 * deadlocking. Call it with a transaction handle: outside one the lock ends with the statement.
 */
export async function lockPayer(trx: Db, userId: string): Promise<void> {
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
}

/**
 * Takes one of the interview's AI calls unless its calls or tokens reached the ceiling (a
 * conditional UPDATE, so parallel calls cannot pass it). False when the ceiling is reached.
 */
export async function takeInterviewCall(
  db: Db,
  interviewId: number,
  ceiling: { calls: number; tokens: number },
): Promise<boolean> {
  const taken = await db
    .updateTable("interviews")
    .set((eb) => ({ ai_calls: eb("ai_calls", "+", 1) }))
    .where("id", "=", interviewId)
    .where("ai_calls", "<", ceiling.calls)
    .where("ai_tokens", "<", ceiling.tokens)
    .returning("id")
    .executeTakeFirst();
  return Boolean(taken);
}

/** Adds one to the payer's monthly call counter. */
export async function countApiCall(db: Db, userId: string): Promise<void> {
  await db
    .updateTable("users")
    .set((eb) => ({ monthly_api_usage: eb("monthly_api_usage", "+", 1) }))
    .where("id", "=", userId)
    .execute();
}

/** Gives back a call counted by countApiCall (never below zero). */
export async function releaseApiCall(db: Db, userId: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ monthly_api_usage: sql<number>`greatest(monthly_api_usage - 1, 0)` })
    .where("id", "=", userId)
    .execute();
}

/** Gives back an interview call taken by takeInterviewCall (never below zero). */
export async function releaseInterviewCall(db: Db, interviewId: number): Promise<void> {
  await db
    .updateTable("interviews")
    .set({ ai_calls: sql<number>`greatest(ai_calls - 1, 0)` })
    .where("id", "=", interviewId)
    .execute();
}

export interface UsageEvent {
  userId: string;
  projectId: number | null;
  interviewId: number | null;
  component: string;
  model: string;
  operation: string;
  /** Token counts as the provider reported them; stored rounded to whole tokens. */
  inputTokens: number;
  outputTokens: number;
  audioSeconds: number;
  costCents: number;
  /** Whether the event adds one to the payer's call counter (false when reserved before). */
  addsCall: boolean;
}

/**
 * One usage event, the payer's monthly calls and cost, and the interview's tokens, in one
 * transaction. The payer's row is locked first, as a reservation takes it: the event's foreign keys
 * share-lock the payer and the interview, which a reservation's FOR UPDATE waits on, so taking the
 * interview before the payer could deadlock with a parallel reservation.
 */
export async function recordUsageEvent(db: Db, event: UsageEvent): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockPayer(trx, event.userId);
    await addUsageEvent(trx, event);
  });
}

/**
 * The usage event and its counters, inside a transaction that holds the payer's lock already (a
 * reservation that records a call whose cost is known before it is made); answers the event's id.
 */
export async function addUsageEvent(trx: Db, event: UsageEvent): Promise<number> {
  const tokens = Math.round(event.inputTokens + event.outputTokens);
  const { id } = await trx
    .insertInto("usage_events")
    .values({
      user_id: event.userId,
      component: event.component,
      model: event.model,
      operation: event.operation,
      input_tokens: Math.round(event.inputTokens),
      output_tokens: Math.round(event.outputTokens),
      audio_seconds: event.audioSeconds,
      cost_cents: event.costCents,
      project_id: event.projectId,
      interview_id: event.interviewId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("users")
    .set((eb) => ({
      monthly_api_usage: eb("monthly_api_usage", "+", event.addsCall ? 1 : 0),
      monthly_api_cost: eb("monthly_api_cost", "+", event.costCents),
    }))
    .where("id", "=", event.userId)
    .execute();
  if (event.interviewId && tokens > 0) {
    await trx
      .updateTable("interviews")
      .set((eb) => ({ ai_tokens: eb("ai_tokens", "+", tokens) }))
      .where("id", "=", event.interviewId)
      .execute();
  }
  return id;
}

/**
 * Takes back a usage event recorded before its call was made, when the call then failed: the
 * event, its cost and the interview's tokens, in one transaction under the payer's lock.
 */
export async function removeUsageEvent(db: Db, userId: string, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockPayer(trx, userId);
    const event = await trx
      .deleteFrom("usage_events")
      .where("id", "=", id)
      .returning(["cost_cents", "input_tokens", "output_tokens", "interview_id"])
      .executeTakeFirst();
    if (!event) return;
    await trx
      .updateTable("users")
      .set({ monthly_api_cost: sql`greatest(monthly_api_cost - ${event.cost_cents}, 0)` })
      .where("id", "=", userId)
      .execute();
    const tokens = Number(event.input_tokens) + Number(event.output_tokens);
    if (event.interview_id && tokens > 0) {
      await trx
        .updateTable("interviews")
        .set({ ai_tokens: sql`greatest(ai_tokens - ${tokens}, 0)` })
        .where("id", "=", event.interview_id)
        .execute();
    }
  });
}
