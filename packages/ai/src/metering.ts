import { closeUsagePeriodIfDue, isPeriodOver } from "@parley/billing/period";
import { aiRefusal } from "@parley/billing/usage";
import type { Db } from "@parley/db/client";
import { getUserById } from "@parley/db/queries/users";
import { sql } from "kysely";
import { AiError } from "./errors";

export interface Usage {
  /** interview_agent … prompt_creator, or transcription, speech, vision */
  component: string;
  model: string;
  operation: string;
  inputTokens?: number;
  outputTokens?: number;
  audioSeconds?: number;
  costCents: number;
  /**
   * Whether the call adds one to monthlyApiUsage (the call counter of the Free plan's limit).
   * Default true; text-to-speech is not "Counted as API usage" (spec 1 §9), only its cost is.
   */
  countsAsCall?: boolean;
}

/** Who pays for a call: the signed-in owner, or the owner of the interview a participant is in. */
export interface BillTo {
  userId: string;
  projectId?: number | null;
  interviewId?: number | null;
}

/** The most AI one interview may use (issue 12): a 20-minute voice interview takes about 120 calls. */
export interface InterviewCeiling {
  calls: number;
  tokens: number;
}

export const DEFAULT_INTERVIEW_CEILING: InterviewCeiling = { calls: 200, tokens: 600_000 };

export const INTERVIEW_AI_USED_UP =
  "This interview has used all the AI help it can have. Everything said so far is saved.";

/** A call reserved before it is made; released when the call fails before costing anything. */
export interface Reservation {
  release(): Promise<void>;
}

function refusalError(user: Parameters<typeof aiRefusal>[0]): AiError | undefined {
  const refusal = aiRefusal(user);
  if (!refusal) return undefined;
  if (refusal.reason === "canceled") {
    return new AiError(
      403,
      "The subscription is canceled. Upgrade your plan to use the AI features.",
      true,
      "canceled",
    );
  }
  if (refusal.reason === "call-limit") {
    return new AiError(
      429,
      `The monthly limit of ${refusal.limit} AI calls on the Free plan is used up. Upgrade your plan to continue.`,
      true,
      "call-limit",
    );
  }
  return new AiError(
    403,
    `The monthly AI budget of $${(refusal.budgetCents / 100).toFixed(2)} is used up. Raise the budget in Account Settings to continue.`,
    false,
    "budget",
  );
}

/**
 * Checks the payer's plan and budget and reserves the call before it is made, in one transaction
 * holding the payer's row lock: parallel calls queue, so a Free owner at 99 of 100 gets exactly one
 * more. A call about an interview also takes one of the interview's calls, by a conditional UPDATE
 * that stops at its ceiling. Refusals are clear 4xx errors.
 */
export async function reserveAiCall(
  db: Db,
  billTo: BillTo,
  options: { countsAsCall?: boolean; ceiling?: InterviewCeiling } = {},
): Promise<Reservation> {
  const countsAsCall = options.countsAsCall !== false;
  const current = await getUserById(db, billTo.userId);
  // A new month starts the counters again (keeping a paid plan's overage for the invoice) first.
  if (current && isPeriodOver(current.usage_reset_date)) await closeUsagePeriodIfDue(db, billTo.userId);
  const interviewId = options.ceiling ? (billTo.interviewId ?? null) : null;
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom("users").select("id").where("id", "=", billTo.userId).forUpdate().execute();
    const user = await getUserById(trx, billTo.userId);
    if (!user) throw new AiError(403, "The account this interview belongs to no longer exists.");
    const refusal = refusalError(user);
    if (refusal) throw refusal;
    if (interviewId !== null && options.ceiling) {
      const taken = await trx
        .updateTable("interviews")
        .set((eb) => ({ ai_calls: eb("ai_calls", "+", 1) }))
        .where("id", "=", interviewId)
        .where("ai_calls", "<", options.ceiling.calls)
        .where("ai_tokens", "<", options.ceiling.tokens)
        .returning("id")
        .executeTakeFirst();
      if (!taken) throw new AiError(429, INTERVIEW_AI_USED_UP, false, "interview-limit");
    }
    if (countsAsCall) {
      await trx
        .updateTable("users")
        .set((eb) => ({ monthly_api_usage: eb("monthly_api_usage", "+", 1) }))
        .where("id", "=", billTo.userId)
        .execute();
    }
  });
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      if (countsAsCall) {
        await db
          .updateTable("users")
          .set({ monthly_api_usage: sql<number>`greatest(monthly_api_usage - 1, 0)` })
          .where("id", "=", billTo.userId)
          .execute();
      }
      if (interviewId !== null) {
        await db
          .updateTable("interviews")
          .set({ ai_calls: sql<number>`greatest(ai_calls - 1, 0)` })
          .where("id", "=", interviewId)
          .execute();
      }
    },
  };
}

/**
 * One usage event and the payer's monthly cost, in one transaction. The call itself was counted
 * when it was reserved (`reserved`); the interview's tokens are added to its ceiling's count.
 */
export async function recordUsage(
  db: Db,
  billTo: BillTo,
  usage: Usage,
  { reserved = false }: { reserved?: boolean } = {},
): Promise<void> {
  const tokens = Math.round((usage.inputTokens ?? 0) + (usage.outputTokens ?? 0));
  await db.transaction().execute(async (trx) => {
    // The payer's row first, as reserveAiCall takes it: every metering transaction of one owner then
    // queues on that lock before it touches the interview, so parallel calls cannot deadlock (the
    // event's foreign keys share-lock both rows, which a reservation's FOR UPDATE waits on).
    await trx.selectFrom("users").select("id").where("id", "=", billTo.userId).forUpdate().execute();
    await trx
      .insertInto("usage_events")
      .values({
        user_id: billTo.userId,
        component: usage.component,
        model: usage.model,
        operation: usage.operation,
        input_tokens: Math.round(usage.inputTokens ?? 0),
        output_tokens: Math.round(usage.outputTokens ?? 0),
        audio_seconds: usage.audioSeconds ?? 0,
        cost_cents: usage.costCents,
        project_id: billTo.projectId ?? null,
        interview_id: billTo.interviewId ?? null,
      })
      .execute();
    await trx
      .updateTable("users")
      .set((eb) => ({
        monthly_api_usage: eb("monthly_api_usage", "+", reserved || usage.countsAsCall === false ? 0 : 1),
        monthly_api_cost: eb("monthly_api_cost", "+", usage.costCents),
      }))
      .where("id", "=", billTo.userId)
      .execute();
    if (billTo.interviewId && tokens > 0) {
      await trx
        .updateTable("interviews")
        .set((eb) => ({ ai_tokens: eb("ai_tokens", "+", tokens) }))
        .where("id", "=", billTo.interviewId)
        .execute();
    }
  });
}
