import type { ColumnType, Generated } from "kysely";
import type { Json, Timestamp } from "./columns";

// The requirements tree (Epic > Feature > User Story) and the interview evidence behind it.

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

/** What the owner deleted from the requirements tree, so that a refresh does not bring it back. */
export interface RequirementDismissalsTable {
  project_id: number;
  kind: "epic" | "feature" | "story" | "criterion";
  /** The item's match key (normalized name, text, or user type and action). */
  key: string;
  evidence: ColumnType<EvidenceRef[], string, string>;
  created_at: Generated<Timestamp>;
}
