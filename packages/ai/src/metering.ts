import { closeUsagePeriodIfDue, isPeriodOver } from "@parley/billing/period";
import { aiRefusal } from "@parley/billing/usage";
import type { Db } from "@parley/db/client";
import { getUserById } from "@parley/db/queries/users";
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

/** Refuses the call with a clear 4xx when the payer's plan or budget says so. */
export async function assertAiAllowed(db: Db, userId: string): Promise<void> {
  let user = await getUserById(db, userId);
  // A new month starts the counters again (keeping a paid plan's overage for the invoice) first.
  if (user && isPeriodOver(user.usage_reset_date) && (await closeUsagePeriodIfDue(db, userId))) {
    user = await getUserById(db, userId);
  }
  if (!user) throw new AiError(403, "The account this interview belongs to no longer exists.");
  const refusal = aiRefusal(user);
  if (!refusal) return;
  if (refusal.reason === "canceled") {
    throw new AiError(403, "The subscription is canceled. Upgrade your plan to use the AI features.", true);
  }
  if (refusal.reason === "call-limit") {
    throw new AiError(
      429,
      `The monthly limit of ${refusal.limit} AI calls on the Free plan is used up. Upgrade your plan to continue.`,
      true,
    );
  }
  throw new AiError(
    403,
    `The monthly AI budget of $${(refusal.budgetCents / 100).toFixed(2)} is used up. Raise the budget in Account Settings to continue.`,
  );
}

/** One usage event and the payer's monthly counters, in one transaction. */
export async function recordUsage(db: Db, billTo: BillTo, usage: Usage): Promise<void> {
  await db.transaction().execute(async (trx) => {
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
        monthly_api_usage: eb("monthly_api_usage", "+", usage.countsAsCall === false ? 0 : 1),
        monthly_api_cost: eb("monthly_api_cost", "+", usage.costCents),
      }))
      .where("id", "=", billTo.userId)
      .execute();
  });
}
