import type { ColumnType, Generated } from "kysely";
import type { Json, NullableTimestamp, Timestamp } from "./columns";

// One stakeholder interview and what it holds: turns, conversation, transcript, images, grants, summary.

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
  /** Who is writing the interviewer's next reply (a random token), and until when (issue 23). */
  turn_lease: string | null;
  turn_lease_until: NullableTimestamp;
  /** SHA-256 of the participant's private link to see and delete what they said (issue 26). */
  participant_link_hash: string | null;
  /** When the raw record (turns, transcript, notes, images) was deleted, and why. */
  raw_deleted_at: NullableTimestamp;
  raw_deleted_by: "participant" | "retention" | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * One message of the interview, timed by the server: the one record of what was said (issue 23).
 * `content` is the words as first said; revisions sit beside them in interview_turn_revisions.
 */
export interface InterviewTurnsTable {
  id: Generated<number>;
  interview_id: number;
  role: "ai" | "user";
  content: string;
  /** On interviewer messages: the decision behind it ({ action, topicId, ... }). */
  decision: Json<unknown> | null;
  final: Generated<boolean>;
  /** The client's id for this write (answer id, Idempotency-Key, or one derived from the message). */
  client_key: string | null;
  /** The time the client gave the message, as it sent it. */
  client_at: string | null;
  /** An image message's own fields (type, description, imageId, ...); null on spoken or typed turns. */
  attachment: Json<Record<string, unknown>> | null;
  created_at: Timestamp;
}

export type TurnReviser = "participant" | "owner";

/** A later wording of a turn: the participant's review or the owner's correction. */
export interface InterviewTurnRevisionsTable {
  id: Generated<number>;
  turn_id: number;
  content: string;
  revised_by: TurnReviser;
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

export interface ParticipantGrantsTable {
  id: string;
  interview_id: number;
  created_at: Timestamp;
  expires_at: Date | string;
}

/** The owner's saved summary of one interview (issue 17). */
export interface InterviewSummariesTable {
  interview_id: number;
  content: string;
  updated_at: Timestamp;
}
