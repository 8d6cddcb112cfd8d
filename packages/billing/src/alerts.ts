import type { Db } from "@parley/db/client";
import { getUsageAlertState, recordUsageAlert } from "@parley/db/queries/usage-periods";
import { overageCents } from "./usage";

export interface AlertEmail {
  to: string;
  subject: string;
  text: string;
}

const LEVELS = [
  { percent: 100 as const, column: "alerted_100_period", toggle: "alert_threshold_100" },
  { percent: 80 as const, column: "alerted_80_period", toggle: "alert_threshold_80" },
] as const;

/**
 * Usage alerts at 80% and 100% (spec 2 §9), each sent once per monthly period: of the budget when
 * a paid user has set one (when budget alerts are on, per threshold), else of the monthly call
 * limit. Answers the emails to send and records that they were sent.
 */
export async function dueUsageAlerts(db: Db, userId: string): Promise<AlertEmail[]> {
  const row = await getUsageAlertState(db, userId);
  if (!row) return [];

  const budget = row.monthly_budget ?? 0;
  const byBudget = row.subscription_tier !== "free" && budget > 0;
  const ratio = byBudget
    ? overageCents(row.monthly_api_cost, row.subscription_tier) / budget
    : row.monthly_api_limit > 0
      ? row.monthly_api_usage / row.monthly_api_limit
      : 0;
  // Budget alerts follow the user's toggles; call-limit alerts always go out.
  if (byBudget && !row.budget_alerts) return [];
  const period = new Date(row.usage_reset_date);
  const level = LEVELS.find(
    (l) =>
      ratio * 100 >= l.percent &&
      (!byBudget || row[l.toggle] !== false) &&
      (!row[l.column] || new Date(row[l.column] as Date).getTime() !== period.getTime()),
  );
  if (!level) return [];
  await recordUsageAlert(db, userId, { percent: level.percent, period });
  const what = byBudget
    ? `your monthly AI budget of $${(budget / 100).toFixed(2)}`
    : `your ${row.monthly_api_limit} monthly AI calls`;
  return [
    {
      to: row.email,
      subject: `Parley: you have used ${level.percent}% of ${byBudget ? "your AI budget" : "your AI calls"}`,
      text: [
        `Hello${row.first_name ? ` ${row.first_name}` : ""},`,
        "",
        `You have used ${level.percent}% of ${what} this month.`,
        level.percent >= 100
          ? byBudget
            ? "AI features are paused until the next period or until you raise your budget in Account Settings."
            : row.subscription_tier === "free"
              ? "AI features are paused until the next period. Upgrade your plan to keep going."
              : // Paid plans go on pay-as-you-go above what the plan includes (spec 2 §4).
                "AI features keep working: further usage is pay-as-you-go and billed at the end of the month. You can set a monthly budget in Account Settings."
          : "You can review usage and change your budget in Account Settings.",
        "",
        `Usage resets on ${period.toDateString()}.`,
      ].join("\n"),
    },
  ];
}
