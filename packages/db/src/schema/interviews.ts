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
