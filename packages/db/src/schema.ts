import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** A timestamptz column: read as Date, written as Date or ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A jsonb column: read parsed, written as a JSON string (pg would turn JS arrays into SQL arrays). */
type Json<T> = ColumnType<T, string | undefined, string>;

export const STAKEHOLDER_TYPES = [
  "user",
  "business",
  "developer",
  "designer",
  "product_manager",
  "other",
] as const;
export type StakeholderType = (typeof STAKEHOLDER_TYPES)[number];

export const INTERVIEW_STATUSES = [
  "pending",
  "scheduled",
  "in_progress",
  "completed",
  "cancelled",
  "updated_by_user",
] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];

export const SUBSCRIPTION_TIERS = ["free", "basic", "pro", "enterprise"] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const SUBSCRIPTION_STATUSES = ["active", "inactive", "canceled", "past_due", "incomplete"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const AI_COMPONENTS = [
  "interview_agent",
  "summary_agent",
  "strategic_partner",
  "requirements_creator",
  "prompt_creator",
] as const;
export type AiComponent = (typeof AI_COMPONENTS)[number];

export type DocumentKind = "summary" | "requirements" | "documentation";

/** Where a requirement comes from: the interview, the participant's turn, their exact words. */
export interface EvidenceRef {
  interviewId: number;
  turn: number;
  quote: string;
}

export interface AcceptanceCriterion {
  text: string;
  quote: string | null;
  assumption: boolean;
  /** Verified quotes behind a generated criterion (issue 15); absent on hand-written ones. */
  evidence?: EvidenceRef[];
}

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  is_admin: Generated<boolean>;
  oidc_subject: string | null;
  subscription_tier: ColumnType<SubscriptionTier, SubscriptionTier | undefined, SubscriptionTier>;
  subscription_status: ColumnType<SubscriptionStatus, SubscriptionStatus | undefined, SubscriptionStatus>;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_event_at: NullableTimestamp;
  monthly_api_usage: Generated<number>;
  monthly_api_limit: Generated<number>;
  monthly_api_cost: Generated<number>;
  usage_reset_date: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Date | string;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  expires_at: Date | string;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

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

export interface ProjectsTable {
  id: Generated<number>;
  user_id: string;
  title: string;
  description: string | null;
  objective: string | null;
  target_audience: string | null;
  key_features: string | null;
  constraints: string | null;
  domain: string | null;
  references: string | null;
  status: Generated<string>;
  summary: string | null;
  requirements: string | null;
  /** Interviews ever created in this project, deleted or not (the per-project plan limit). */
  interviews_created: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InterviewsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  title: string | null;
  stakeholder_type: ColumnType<StakeholderType, StakeholderType | undefined, StakeholderType>;
  status: ColumnType<InterviewStatus, InterviewStatus | undefined, InterviewStatus>;
  share_link: string;
  selected: Generated<boolean>;
  participant_name: string | null;
  duration: number | null;
  notes: string | null;
  started_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  /** AI calls and tokens spent on this interview (its ceiling, reserved before each call). */
  ai_calls: Generated<number>;
  ai_tokens: Generated<number>;
  /** The interviewer's topic guide (issue 14), as packages/ai's ZInterviewPlan; null until made. */
  plan: Json<unknown> | null;
  planned_by: string | null;
  /** The read-back's points and what the participant confirmed and corrected (ZReadBackReview). */
  read_back: Json<unknown> | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One message of the interview as the interviewer saw it, timed by the server. */
export interface InterviewTurnsTable {
  id: Generated<number>;
  interview_id: number;
  role: "ai" | "user";
  content: string;
  /** On interviewer messages: the decision behind it ({ action, topicId, ... }). */
  decision: Json<unknown> | null;
  final: Generated<boolean>;
  created_at: Timestamp;
}

/** A stored conversation message (the REST door encodes each one as a JSON string). */
export interface StoredMessage {
  role: "ai" | "user";
  content: string;
  timestamp: string;
  type?: "image";
  description?: string;
  imageId?: number;
}

export interface ConversationsTable {
  id: Generated<number>;
  interview_id: number;
  messages: Json<StoredMessage[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TranscriptsTable {
  id: Generated<number>;
  interview_id: number;
  content: string;
  corrected: Generated<boolean>;
  additional_feedback: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InterviewImagesTable {
  id: Generated<number>;
  interview_id: number;
  /** Null since issue 12: the bytes are in `data` and the image is served at its own address. */
  url: string | null;
  mime_type: string;
  description: string | null;
  data: Buffer | null;
  byte_size: Generated<number>;
  created_at: Timestamp;
}

/** One row per project created (kept when the project is deleted): the monthly plan limit counts these. */
export interface ProjectCreationsTable {
  id: Generated<number>;
  user_id: string;
  created_at: Timestamp;
}

export interface ParticipantGrantsTable {
  id: string;
  interview_id: number;
  created_at: Timestamp;
  expires_at: Date | string;
}

export interface DocumentsTable {
  id: Generated<number>;
  project_id: number;
  kind: ColumnType<DocumentKind, DocumentKind | undefined, DocumentKind>;
  title: string;
  content: string;
  interview_ids: Json<number[]>;
  status: Generated<string>;
  is_active: Generated<boolean>;
  /** The themes, conflicts and open questions a generated summary was written from (issue 15). */
  synthesis: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One interview's extraction (issue 15), with the engine version and the transcript's hash. */
export interface InterviewExtractionsTable {
  interview_id: number;
  project_id: number;
  version: number;
  source_hash: string;
  model: string;
  extraction: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BuildPromptsTable {
  id: Generated<number>;
  project_id: number;
  document_id: number | null;
  title: string;
  content: string;
  status: Generated<string>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
}

export interface EpicsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: Generated<string>;
  position: Generated<number>;
  created_at: Timestamp;
}

export interface FeaturesTable {
  id: Generated<number>;
  epic_id: number;
  name: string;
  description: Generated<string>;
  acceptance_criteria: Json<AcceptanceCriterion[]>;
  position: Generated<number>;
  created_at: Timestamp;
}

export interface UserStoriesTable {
  id: Generated<number>;
  feature_id: number;
  user_type: string;
  action: string;
  benefit: string;
  quote: string | null;
  is_assumption: Generated<boolean>;
  evidence: ColumnType<EvidenceRef[], string | undefined, string>;
  priority: "high" | "medium" | "low" | null;
  position: Generated<number>;
  created_at: Timestamp;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  project_id: number;
  role: "user" | "ai";
  content: string;
  created_at: Timestamp;
}

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

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
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

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: string | null;
  target_user_id: string | null;
  action: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  created_at: Timestamp;
}

/** The owner's saved summary of one interview (issue 17). */
export interface InterviewSummariesTable {
  interview_id: number;
  content: string;
  updated_at: Timestamp;
}

/** What the owner deleted from the requirements tree, so that a refresh does not bring it back. */
export interface RequirementDismissalsTable {
  project_id: number;
  kind: "epic" | "feature" | "story" | "criterion";
  /** The item's match key (normalized name, text, or user type and action). */
  key: string;
  evidence: ColumnType<EvidenceRef[], string, string>;
  created_at: Generated<Timestamp>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  budgets: BudgetsTable;
  subscription_plans: SubscriptionPlansTable;
  projects: ProjectsTable;
  interviews: InterviewsTable;
  conversations: ConversationsTable;
  interview_turns: InterviewTurnsTable;
  transcripts: TranscriptsTable;
  interview_images: InterviewImagesTable;
  interview_summaries: InterviewSummariesTable;
  project_creations: ProjectCreationsTable;
  participant_grants: ParticipantGrantsTable;
  documents: DocumentsTable;
  build_prompts: BuildPromptsTable;
  epics: EpicsTable;
  features: FeaturesTable;
  user_stories: UserStoriesTable;
  chat_messages: ChatMessagesTable;
  model_configurations: ModelConfigurationsTable;
  usage_events: UsageEventsTable;
  email_outbox: EmailOutboxTable;
  processed_webhook_events: ProcessedWebhookEventsTable;
  audit_log: AuditLogTable;
  overage_charges: OverageChargesTable;
  usage_daily: UsageDailyTable;
  jobs: JobsTable;
  interview_extractions: InterviewExtractionsTable;
  requirement_dismissals: RequirementDismissalsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Project = Selectable<ProjectsTable>;
export type Interview = Selectable<InterviewsTable>;
export type SubscriptionPlan = Selectable<SubscriptionPlansTable>;
export type ModelConfiguration = Selectable<ModelConfigurationsTable>;
