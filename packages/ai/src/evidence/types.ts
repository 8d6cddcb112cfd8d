import { STAKEHOLDER_TYPES } from "@parley/db/schema";
import { z } from "zod";
import type { RecordedTurn } from "./turns";

export { STAKEHOLDER_TYPES };

export const ZStakeholderType = z.enum(STAKEHOLDER_TYPES);
export type StakeholderType = z.infer<typeof ZStakeholderType>;

export const ITEM_KINDS = ["need", "pain", "goal", "constraint", "metric", "open_question"] as const;
export const CONSTRAINT_KINDS = ["privacy", "compliance", "integration", "performance"] as const;
export const POLARITIES = ["wants", "does_not_want", "must_never"] as const;

export const ZItemKind = z.enum(ITEM_KINDS);
export const ZConstraintKind = z.enum(CONSTRAINT_KINDS);
export const ZPolarity = z.enum(POLARITIES);

/** Where a statement was said: the interview, the participant's turn, and their exact words. */
export const ZEvidence = z.object({
  interviewId: z.number().int(),
  turn: z.number().int().min(0),
  quote: z.string().min(1),
  /** The quoted turn was corrected after it was said (the quote is the corrected words). */
  corrected: z.enum(["participant", "owner"]).optional(),
  /** The quote in the project's language, when the participant spoke another (model path only). */
  translation: z.string().optional(),
});
export type Evidence = z.infer<typeof ZEvidence>;

export const ZReadBack = z.object({
  points: z.array(z.object({ text: z.string(), confirmed: z.boolean(), correction: z.string().nullish() })),
});
export type ReadBack = z.infer<typeof ZReadBack>;

/** One thing a participant said that matters to the product. */
export const ZExtractedItem = z.object({
  id: z.string(),
  kind: ZItemKind,
  constraint: ZConstraintKind.nullable(),
  polarity: ZPolarity,
  /** The statement in short; for needs, what they want to do, in their words. */
  text: z.string(),
  quote: z.string(),
  turn: z.number().int(),
  interviewId: z.number().int(),
  stakeholderType: ZStakeholderType,
  priority: z.enum(["high", "medium", "low"]),
  /** The read-back's verdict on this item: confirmed, corrected (with the correction), or none. */
  readBack: z.enum(["confirmed", "corrected", "rejected"]).nullable(),
  correction: z.string().nullable(),
  /** Named as a wanted thing without a verb (a bullet under "Needs", an answer to "Which features…?"). */
  listed: z.literal(true).optional(),
  /** The interviewer's question this answers ("Yes" or "As many as possible" mean nothing without it). */
  question: z.string().optional(),
});
export type ExtractedItem = z.infer<typeof ZExtractedItem>;

export interface InterviewSource {
  interviewId: number;
  /** The interview's name, used when the summary names the interviews. */
  name?: string;
  stakeholderType: StakeholderType;
  /** The stored transcript text ("AI: … / Participant: …"), or the conversation messages. */
  transcript?: string | null;
  messages?: Array<{ role: "ai" | "user"; content: string; type?: string }> | null;
  readBack?: ReadBack | null;
  /** Who last corrected the transcript: the participant at review, or the owner on the interview page. */
  correctedBy?: "participant" | "owner" | null;
  /** The turns as the server keeps them, revisions applied (issue 23); they win over everything else. */
  turns?: RecordedTurn[] | null;
}

export interface Extraction {
  interviewId: number;
  name: string;
  stakeholderType: StakeholderType;
  /** Role words the participant used about themself ("I'm a dispatcher"), else null. */
  role: string | null;
  items: ExtractedItem[];
  /** Other substantive things the participant said (how things work today), for the summary only. */
  context: Evidence[];
  /** The language the participant spoke (ISO 639-1, "en" when too little was said to tell). */
  language?: string;
}

export const ZTheme = z.object({
  title: z.string(),
  interviewIds: z.array(z.number().int()),
  stakeholderTypes: z.array(ZStakeholderType),
  count: z.number().int(),
  evidence: z.array(ZEvidence),
});
export type Theme = z.infer<typeof ZTheme>;

export const ZConflict = z.object({
  topic: z.string(),
  positions: z.array(
    z.object({ interviewId: z.number().int(), stance: ZPolarity, quote: z.string(), turn: z.number().int() }),
  ),
});
export type Conflict = z.infer<typeof ZConflict>;

export interface Synthesis {
  summary: string;
  themes: Theme[];
  conflicts: Conflict[];
  openQuestions: Array<Evidence & { text: string }>;
}

export const ZCriterion = z.object({ text: z.string().min(1), evidence: z.array(ZEvidence) });
export const ZStory = z.object({
  userType: z.string().min(1),
  action: z.string().min(1),
  benefit: z.string().min(1),
  assumption: z.boolean(),
  priority: z.enum(["high", "medium", "low"]),
  evidence: z.array(ZEvidence),
});
export const ZEvidenceFeature = z.object({
  name: z.string().min(1),
  description: z.string(),
  acceptanceCriteria: z.array(ZCriterion),
  stories: z.array(ZStory),
});
export const ZEvidenceEpic = z.object({
  name: z.string().min(1),
  description: z.string(),
  features: z.array(ZEvidenceFeature),
});
export const ZEvidenceTree = z.object({ epics: z.array(ZEvidenceEpic) });

export type Criterion = z.infer<typeof ZCriterion>;
export type Story = z.infer<typeof ZStory>;
export type EvidenceFeature = z.infer<typeof ZEvidenceFeature>;
export type EvidenceEpic = z.infer<typeof ZEvidenceEpic>;
export type EvidenceTree = z.infer<typeof ZEvidenceTree>;

export type ConstraintKind = z.infer<typeof ZConstraintKind>;
