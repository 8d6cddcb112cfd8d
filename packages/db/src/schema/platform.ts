import type { ColumnType, Generated } from "kysely";
import type { NullableTimestamp, Timestamp } from "./columns";

// What runs the product: the model per AI component, the email outbox and background jobs.

export const AI_COMPONENTS = [
  "interview_agent",
  "summary_agent",
  "strategic_partner",
  "requirements_creator",
  "prompt_creator",
] as const;
export type AiComponent = (typeof AI_COMPONENTS)[number];

export interface ModelConfigurationsTable {
  id: Generated<number>;
  component_name: AiComponent;
  model_name: string;
  description: string | null;
  configuration: Generated<string>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

export const JOB_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What a job's owner sees of a background job (pg-boss keeps the queue itself in its own schema). */
export interface JobsTable {
  id: string;
  kind: string;
  owner_id: string | null;
  singleton_key: string | null;
  status: Generated<JobStatus>;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  progress_step: Generated<string>;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  error: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
