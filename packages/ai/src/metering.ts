import { closeUsagePeriodIfDue, isPeriodOver } from "@parley/billing/period";
import { aiRefusal } from "@parley/billing/usage";
import type { Db } from "@parley/db/client";
import {
  addUsageEvent,
  countApiCall,
  recordUsageEvent,
  releaseApiCall,
  releaseInterviewCall,
  removeUsageEvent,
  takeInterviewCall,
} from "@parley/db/queries/metering";
import { lockUserById } from "@parley/db/queries/users";
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
  options: {
    countsAsCall?: boolean;
    ceiling?: InterviewCeiling;
    /**
     * The call's usage when it is known before the call is made (a transcription's, from the
     * audio's length): recorded in the same transaction, and taken back if the reservation is.
     */
    usage?: Usage;
  } = {},
): Promise<Reservation> {
  const countsAsCall = options.countsAsCall !== false;
  const interviewId = options.ceiling ? (billTo.interviewId ?? null) : null;
  let recorded: number | undefined;
  // The payer's row is read as it is locked (one round trip less on the way to every answer); a
  // new month found there starts the counters again (keeping a paid plan's overage for the
  // invoice), outside this transaction, and the reservation is made again.
  const reserve = (periodClosed: boolean) =>
    db.transaction().execute(async (trx) => {
      const user = await lockUserById(trx, billTo.userId);
      if (!user) throw new AiError(403, "The account this interview belongs to no longer exists.");
      if (!periodClosed && isPeriodOver(user.usage_reset_date)) return false;
      const refusal = refusalError(user);
      if (refusal) throw refusal;
      if (interviewId !== null && options.ceiling) {
        if (!(await takeInterviewCall(trx, interviewId, options.ceiling))) {
          throw new AiError(429, INTERVIEW_AI_USED_UP, false, "interview-limit");
        }
      }
      if (countsAsCall) await countApiCall(trx, billTo.userId);
      if (options.usage) recorded = await addUsageEvent(trx, usageEvent(billTo, options.usage, false));
      return true;
    });
  if (!(await reserve(false))) {
    await closeUsagePeriodIfDue(db, billTo.userId);
    await reserve(true);
  }
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      if (countsAsCall) await releaseApiCall(db, billTo.userId);
      if (interviewId !== null) await releaseInterviewCall(db, interviewId);
      if (recorded !== undefined) await removeUsageEvent(db, billTo.userId, recorded);
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
  // The payer's row is locked first inside, as reserveAiCall takes it, so parallel calls cannot deadlock.
  await recordUsageEvent(db, usageEvent(billTo, usage, !reserved && usage.countsAsCall !== false));
}

const usageEvent = (billTo: BillTo, usage: Usage, addsCall: boolean) => ({
  userId: billTo.userId,
  projectId: billTo.projectId ?? null,
  interviewId: billTo.interviewId ?? null,
  component: usage.component,
  model: usage.model,
  operation: usage.operation,
  inputTokens: usage.inputTokens ?? 0,
  outputTokens: usage.outputTokens ?? 0,
  audioSeconds: usage.audioSeconds ?? 0,
  costCents: usage.costCents,
  addsCall,
});
