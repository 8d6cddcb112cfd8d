import { DEFAULT_BUDGET_CENTS, listPlans } from "@parley/billing/plans";
import { getBudget, saveBudget } from "@parley/db/queries/billing";
import type { SubscriptionTier } from "@parley/db/schema";
import { z } from "zod";
import { ZBudget, ZBudgetInput, ZPlan, ZSubscribeResult } from "../schemas/billing";
import { ZId } from "../schemas/common";
import { authedProcedure, checked, publicProcedure, sessionProcedure } from "../trpc";

type BudgetRow = Awaited<ReturnType<typeof getBudget>>;

/** Budget settings as answered; `planDefault` is what caps spending while the owner has set none. */
function toBudget(row: BudgetRow, tier: SubscriptionTier) {
  return {
    monthlyBudget: row?.monthly_budget ?? 0,
    budgetAlerts: row?.budget_alerts ?? false,
    alertThreshold80: row?.alert_threshold_80 ?? true,
    alertThreshold100: row?.alert_threshold_100 ?? true,
    lastAlertSent: row?.last_alert_sent ? new Date(row.last_alert_sent).toISOString() : null,
    planDefault: DEFAULT_BUDGET_CENTS[tier],
  };
}

export const billingRouter = {
  plans: publicProcedure.output(checked(z.array(ZPlan))).query(async ({ ctx }) => {
    const plans = await listPlans(ctx.db);
    return plans.map((p) => ({ id: p.id, name: p.name, price: p.price, features: p.features }));
  }),

  /** Offline billing (test mode) or Stripe, and the publishable key for card entry. */
  config: publicProcedure
    .output(checked(z.object({ mode: z.enum(["stripe", "offline"]), publishableKey: z.string().nullable() })))
    .query(({ ctx }) => ({ mode: ctx.billing.mode, publishableKey: ctx.billing.publishableKey })),

  subscribe: sessionProcedure
    .input(
      z.object(
        {
          planId: z.coerce.number({ error: "Please select a valid subscription plan" }).pipe(ZId),
          /** The account page's reading: with Stripe, answer a Checkout page address (checkoutUrl). */
          checkout: z.boolean().optional(),
        },
        { error: "Please select a valid subscription plan" },
      ),
    )
    .output(checked(ZSubscribeResult))
    .mutation(({ ctx, input }) =>
      ctx.billing.subscribe(ctx.user.id, input.planId, {
        ...(input.checkout ? { checkout: { origin: ctx.config.appOrigin ?? ctx.req.origin } } : {}),
      }),
    ),

  cancel: sessionProcedure
    .output(checked(z.object({ success: z.literal(true), message: z.string() })))
    .mutation(async ({ ctx }) => {
      await ctx.billing.cancel(ctx.user.id);
      return { success: true as const, message: "Subscription cancelled successfully" };
    }),

  budget: authedProcedure.output(checked(ZBudget)).query(async ({ ctx }) => {
    const row = await getBudget(ctx.db, ctx.user.id);
    return toBudget(row, ctx.user.subscription_tier);
  }),

  setBudget: authedProcedure
    .input(ZBudgetInput)
    .output(checked(ZBudget))
    .mutation(async ({ ctx, input }) => {
      const row = await saveBudget(ctx.db, ctx.user.id, input);
      return toBudget(row, ctx.user.subscription_tier);
    }),
};
