import type { ColumnType, Generated } from "kysely";
import type { Json, Timestamp } from "./columns";

// A project and what is made from its interviews: documents, extractions, build prompts, the partner chat.

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
  /** The language requirements and summaries are written in (ISO 639-1; 'en' by default). */
  output_language: Generated<string>;
  /** Documents show the participants' personal details instead of their placeholders (issue 26). */
  show_personal_details: Generated<boolean>;
  /** Days raw conversations, audio and images are kept (30, 90, 365); null: until deleted. */
  retention_days: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One row per project created (kept when the project is deleted): the monthly plan limit counts these. */
export interface ProjectCreationsTable {
  id: Generated<number>;
  user_id: string;
  created_at: Timestamp;
}

export type DocumentKind = "summary" | "requirements" | "documentation";

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

export interface ChatMessagesTable {
  id: Generated<number>;
  project_id: number;
  role: "user" | "ai";
  content: string;
  created_at: Timestamp;
}

export const DETAIL_KINDS = ["PERSON", "EMAIL", "PHONE", "CARD", "IBAN", "ID", "ADDRESS"] as const;
export type PersonalDetailKind = (typeof DETAIL_KINDS)[number];

/** A project's vault (issue 26): one personal detail, written `[KIND number]` everywhere but here. */
export interface PersonalDetailsTable {
  id: Generated<number>;
  project_id: number;
  kind: PersonalDetailKind;
  number: number;
  /** Its identity however written (an email in lower case, a phone number's digits, a name's words). */
  key: string;
  /** As first written. */
  value: string;
  created_at: Timestamp;
}

/** An interview that mentioned a detail. */
export interface PersonalDetailMentionsTable {
  detail_id: number;
  interview_id: number;
}
