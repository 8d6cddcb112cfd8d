import { INTERVIEW_STATUSES, type Project as ProjectRow, STAKEHOLDER_TYPES } from "@parley/db/schema";
import { z } from "zod";
import { storableText, ZId } from "./common";

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const optionalText = (max: number, name: string) =>
  storableText({ error: `${name} must be text` })
    .max(max, `${name} must be at most ${max} characters`)
    .nullish();

/**
 * The languages a project's requirements and summary can be written in (ISO 639-1): the common
 * ones a model writes well. Interviews may be held in any language.
 */
export const OUTPUT_LANGUAGES = [
  "en",
  "de",
  "fr",
  "es",
  "it",
  "pt",
  "nl",
  "pl",
  "sv",
  "da",
  "no",
  "fi",
  "cs",
  "tr",
  "ja",
  "zh",
] as const;

/** How long raw conversations, audio and images may be kept (issue 26); null: until deleted. */
export const RETENTION_DAYS = [30, 90, 365] as const;

const ZProjectFields = {
  description: optionalText(5000, "Description"),
  objective: optionalText(5000, "Objective"),
  targetAudience: optionalText(2000, "Target audience"),
  keyFeatures: optionalText(5000, "Key features"),
  constraints: optionalText(5000, "Constraints"),
  domain: optionalText(200, "Domain"),
  references: optionalText(5000, "References"),
  outputLanguage: z
    .enum(OUTPUT_LANGUAGES, { error: `Output language must be one of: ${OUTPUT_LANGUAGES.join(", ")}` })
    .optional(),
  showPersonalDetails: z.boolean({ error: "Show personal details must be true or false" }).optional(),
  retentionDays: z
    .union(
      RETENTION_DAYS.map((days) => z.literal(days)) as [
        z.ZodLiteral<30>,
        z.ZodLiteral<90>,
        z.ZodLiteral<365>,
      ],
      {
        error: "Keep raw conversations for 30, 90 or 365 days, or null (until deleted)",
      },
    )
    .nullable()
    .optional(),
};

const ZTitle = storableText({ error: "Title is required" })
  .trim()
  .min(1, "Title is required")
  .max(200, "Title must be at most 200 characters");

export const ZCreateProjectInput = z.object(
  { title: ZTitle, ...ZProjectFields, status: storableText().max(40).optional() },
  { error: "Title is required" },
);
export const ZUpdateProjectInput = z.object({ id: ZId, title: ZTitle.optional(), ...ZProjectFields });

export const ZProject = z.object({
  id: z.number(),
  userId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  objective: z.string().nullable(),
  targetAudience: z.string().nullable(),
  keyFeatures: z.string().nullable(),
  constraints: z.string().nullable(),
  domain: z.string().nullable(),
  references: z.string().nullable(),
  status: z.string(),
  /** The language requirements and summaries are written in (ISO 639-1). */
  outputLanguage: z.string(),
  /** Documents show participants' personal details instead of their placeholders (issue 26). */
  showPersonalDetails: z.boolean(),
  /** Days raw conversations, audio and images are kept; null: until the owner deletes them. */
  retentionDays: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof ZProject>;

export function toProject(row: Omit<ProjectRow, "interviews_created" | "requirements" | "summary">): Project {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    objective: row.objective,
    targetAudience: row.target_audience,
    keyFeatures: row.key_features,
    constraints: row.constraints,
    domain: row.domain,
    references: row.references,
    status: row.status,
    outputLanguage: row.output_language,
    showPersonalDetails: row.show_personal_details,
    retentionDays: row.retention_days,
    createdAt: iso(row.created_at) as string,
    updatedAt: iso(row.updated_at) as string,
  };
}

export const ZStakeholderType = z.enum(STAKEHOLDER_TYPES, {
  error: `Stakeholder type must be one of: ${STAKEHOLDER_TYPES.join(", ")}`,
});
export const ZInterviewStatus = z.enum(INTERVIEW_STATUSES, {
  error: `Status must be one of: ${INTERVIEW_STATUSES.join(", ")}`,
});

export const ZCreateInterviewInput = z.object(
  {
    projectId: ZId,
    name: storableText({ error: "Interview name is required" })
      .trim()
      .min(1, "Interview name is required")
      .max(200, "Interview name must be at most 200 characters"),
    stakeholderType: ZStakeholderType.default("user"),
    status: ZInterviewStatus.default("scheduled"),
  },
  { error: "Interview name is required" },
);

export const ZInterview = z.object({
  id: z.number(),
  projectId: z.number(),
  name: z.string(),
  title: z.string().nullable(),
  stakeholderType: ZStakeholderType,
  status: ZInterviewStatus,
  shareLink: z.string(),
  selected: z.boolean(),
  selectedForDocumentation: z.boolean(),
  participantName: z.string().nullable(),
  duration: z.number().nullable(),
  notes: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /**
   * When what the participant said was deleted (issue 26), and why: the participant's own request,
   * or the project's retention. The documents made from it stay, with placeholders.
   */
  rawDeletedAt: z.string().nullable().optional(),
  rawDeletedBy: z.enum(["participant", "retention"]).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Interview = z.infer<typeof ZInterview>;

export function toInterview(row: {
  id: number;
  project_id: number;
  name: string;
  title: string | null;
  stakeholder_type: z.infer<typeof ZStakeholderType>;
  status: z.infer<typeof ZInterviewStatus>;
  share_link: string;
  selected: boolean;
  participant_name: string | null;
  duration: number | null;
  notes: string | null;
  started_at: Date | null;
  completed_at: Date | null;
  raw_deleted_at?: Date | null;
  raw_deleted_by?: "participant" | "retention" | null;
  created_at: Date;
  updated_at: Date;
}): Interview {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    title: row.title,
    stakeholderType: row.stakeholder_type,
    status: row.status,
    shareLink: row.share_link,
    selected: row.selected,
    selectedForDocumentation: row.selected,
    participantName: row.participant_name,
    duration: row.duration,
    notes: row.notes,
    startedAt: iso(row.started_at),
    completedAt: iso(row.completed_at),
    ...(row.raw_deleted_at !== undefined
      ? { rawDeletedAt: iso(row.raw_deleted_at), rawDeletedBy: row.raw_deleted_by ?? null }
      : {}),
    createdAt: iso(row.created_at) as string,
    updatedAt: iso(row.updated_at) as string,
  };
}
