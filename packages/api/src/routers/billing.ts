import { listPlans } from "@parley/billing/plans";
import { z } from "zod";
import { ZBudget, ZBudgetInput, ZPlan, ZSubscribeResult } from "../schemas/billing";
import { ZId } from "../schemas/common";
import { authedProcedure, checked, publicProcedure } from "../trpc";

export const billingRouter = {
  plans: publicProcedure.output(checked(z.array(ZPlan))).query(async ({ ctx }) => {
    const plans = await listPlans(ctx.db);
    return plans.map((p) => ({ id: p.id, name: p.name, price: p.price, features: p.features }));
  }),

  /** Offline billing (test mode) or Stripe, and the publishable key for card entry. */
  config: publicProcedure
    .output(checked(z.object({ mode: z.enum(["stripe", "offline"]), publishableKey: z.string().nullable() })))
    .query(({ ctx }) => ({ mode: ctx.billing.mode, publishableKey: ctx.billing.publishableKey })),

  subscribe: authedProcedure
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

  cancel: authedProcedure
    .output(checked(z.object({ success: z.literal(true), message: z.string() })))
    .mutation(async ({ ctx }) => {
      await ctx.billing.cancel(ctx.user.id);
      return { success: true as const, message: "Subscription cancelled successfully" };
    }),

  budget: authedProcedure.output(checked(ZBudget)).query(async ({ ctx }) => {
    const row = await ctx.db
      .selectFrom("budgets")
      .select([
        "monthly_budget",
        "budget_alerts",
        "alert_threshold_80",
        "alert_threshold_100",
        "last_alert_sent",
      ])
      .where("user_id", "=", ctx.user.id)
      .executeTakeFirst();
    return {
      monthlyBudget: row?.monthly_budget ?? 0,
      budgetAlerts: row?.budget_alerts ?? false,
      alertThreshold80: row?.alert_threshold_80 ?? true,
      alertThreshold100: row?.alert_threshold_100 ?? true,
      lastAlertSent: row?.last_alert_sent ? new Date(row.last_alert_sent).toISOString() : null,
    };
  }),

  setBudget: authedProcedure
    .input(ZBudgetInput)
    .output(checked(ZBudget))
    .mutation(async ({ ctx, input }) => {
      const values = {
        monthly_budget: input.monthlyBudget,
        budget_alerts: input.budgetAlerts,
        alert_threshold_80: input.alertThreshold80,
        alert_threshold_100: input.alertThreshold100,
        updated_at: new Date(),
      };
      const row = await ctx.db
        .insertInto("budgets")
        .values({ user_id: ctx.user.id, ...values })
        .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
        .returning([
          "monthly_budget",
          "budget_alerts",
          "alert_threshold_80",
          "alert_threshold_100",
          "last_alert_sent",
        ])
        .executeTakeFirstOrThrow();
      return {
        monthlyBudget: row.monthly_budget,
        budgetAlerts: row.budget_alerts,
        alertThreshold80: row.alert_threshold_80,
        alertThreshold100: row.alert_threshold_100,
        lastAlertSent: row.last_alert_sent ? new Date(row.last_alert_sent).toISOString() : null,
      };
    }),
};
