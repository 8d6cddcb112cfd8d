import type { ColumnType, Generated } from "kysely";
import type { Json, NullableTimestamp, Timestamp } from "./columns";

// Plans, budgets, metered AI usage, and what billing keeps of Stripe (webhook events, overage charges).

export interface BudgetsTable {
  user_id: string;
  monthly_budget: Generated<number>;
  budget_alerts: Generated<boolean>;
  alert_threshold_80: Generated<boolean>;
  alert_threshold_100: Generated<boolean>;
  last_alert_sent: NullableTimestamp;
  alerted_80_period: NullableTimestamp;
  alerted_100_period: NullableTimestamp;
  updated_at: Timestamp;
}

export interface SubscriptionPlansTable {
  id: Generated<number>;
  name: string;
  price: number;
  project_limit: number;
  interview_limit: number;
  included_ai_cents: number;
  api_call_limit: number;
  stripe_price_id: string | null;
  features: Json<string[]>;
  sort_order: Generated<number>;
}

export interface UsageEventsTable {
  id: Generated<number>;
  user_id: string;
  component: string;
  model: string;
  operation: string;
  input_tokens: Generated<number>;
  output_tokens: Generated<number>;
  audio_seconds: Generated<number>;
  cost_cents: Generated<number>;
  project_id: number | null;
  interview_id: number | null;
  created_at: Timestamp;
}

export interface ProcessedWebhookEventsTable {
  id: string;
  type: string;
  created_at: Timestamp;
}

/** What a month's AI cost exceeded the plan's included amount by, billed on the next invoice. */
export interface OverageChargesTable {
  id: Generated<number>;
  user_id: string;
  period_end: Timestamp;
  api_calls: number;
  cost_cents: number;
  included_cents: number;
  amount_cents: number;
  stripe_invoice_item_id: string | null;
  created_at: Generated<Timestamp>;
}

/** One day of usage events summed by the usage-rollup job (the admin dashboard reads these). */
export interface UsageDailyTable {
  day: ColumnType<string, string, string>;
  events: number;
  cost_cents: number;
  rolled_up_at: Timestamp;
}
