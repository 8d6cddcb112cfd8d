import { z } from "zod";

export const ZPlan = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  features: z.array(z.string()),
});

export const ZSubscribeResult = z.object({
  success: z.boolean(),
  message: z.string(),
  clientSecret: z.string().nullable(),
  checkoutUrl: z.string().nullable(),
  testMode: z.boolean(),
});

export const ZBudget = z.object({
  /** cents */
  monthlyBudget: z.number(),
  budgetAlerts: z.boolean(),
  alertThreshold80: z.boolean(),
  alertThreshold100: z.boolean(),
  lastAlertSent: z.string().nullable(),
  /** cents: the plan's default cap on pay-as-you-go that applies while monthlyBudget is 0 (0: none). */
  planDefault: z.number(),
});

export const ZBudgetInput = z.object(
  {
    monthlyBudget: z
      .number({ error: "Monthly budget must be a number of cents" })
      .int("Monthly budget must be a whole number of cents")
      .min(0, "Monthly budget cannot be negative")
      .max(100_000_000, "Monthly budget is too large"),
    budgetAlerts: z.boolean({ error: "budgetAlerts must be true or false" }).default(false),
    alertThreshold80: z.boolean({ error: "alertThreshold80 must be true or false" }).default(true),
    alertThreshold100: z.boolean({ error: "alertThreshold100 must be true or false" }).default(true),
  },
  { error: "Monthly budget must be a number of cents" },
);
