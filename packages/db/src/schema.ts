import type { Insertable, Selectable, Updateable } from "kysely";
import type {
  AuditLogTable,
  PasswordResetTokensTable,
  PersonalAccessTokensTable,
  SessionsTable,
  UsersTable,
} from "./schema/accounts";
import type {
  BudgetsTable,
  OverageChargesTable,
  ProcessedWebhookEventsTable,
  SubscriptionPlansTable,
  UsageDailyTable,
  UsageEventsTable,
} from "./schema/billing";
import type {
  ConversationsTable,
  InterviewImagesTable,
  InterviewSummariesTable,
  InterviewsTable,
  InterviewTurnRevisionsTable,
  InterviewTurnsTable,
  ParticipantGrantsTable,
  TranscriptsTable,
} from "./schema/interviews";
import type { EmailOutboxTable, JobsTable, ModelConfigurationsTable } from "./schema/platform";
import type {
  BuildPromptsTable,
  ChatMessagesTable,
  DocumentsTable,
  InterviewExtractionsTable,
  PersonalDetailMentionsTable,
  PersonalDetailsTable,
  ProjectCreationsTable,
  ProjectsTable,
} from "./schema/projects";
import type {
  EpicsTable,
  FeaturesTable,
  RequirementDismissalsTable,
  UserStoriesTable,
} from "./schema/requirements";

// The tables by domain, each file with the enums and JSON shapes its columns use; this module is
// the one import path (`@parley/db/schema`) for all of them.
export * from "./schema/accounts";
export * from "./schema/billing";
export * from "./schema/interviews";
export * from "./schema/platform";
export * from "./schema/projects";
export * from "./schema/requirements";

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  personal_access_tokens: PersonalAccessTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  budgets: BudgetsTable;
  subscription_plans: SubscriptionPlansTable;
  projects: ProjectsTable;
  interviews: InterviewsTable;
  conversations: ConversationsTable;
  interview_turns: InterviewTurnsTable;
  interview_turn_revisions: InterviewTurnRevisionsTable;
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
  personal_details: PersonalDetailsTable;
  personal_detail_mentions: PersonalDetailMentionsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Project = Selectable<ProjectsTable>;
export type Interview = Selectable<InterviewsTable>;
export type SubscriptionPlan = Selectable<SubscriptionPlansTable>;
export type ModelConfiguration = Selectable<ModelConfigurationsTable>;
