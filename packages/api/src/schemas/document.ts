import { z } from "zod";
import { storableText, ZId } from "./common";

export const MAX_DOCUMENT = 500_000;

export const ZDocument = z.object({
  id: z.number(),
  projectId: z.number(),
  kind: z.enum(["summary", "requirements", "documentation"]),
  title: z.string(),
  content: z.string(),
  interviewIds: z.array(z.number()),
  status: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Document = z.infer<typeof ZDocument>;

export function toDocument(row: {
  id: number;
  project_id: number;
  kind: Document["kind"];
  title: string;
  content: string;
  interview_ids: number[];
  status: string;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}): Document {
  return {
    id: row.id,
    projectId: row.project_id,
    kind: row.kind,
    title: row.title,
    content: row.content,
    interviewIds: row.interview_ids,
    status: row.status,
    isActive: row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export const ZCreateDocumentInput = z.object(
  {
    projectId: ZId,
    title: storableText({ error: "Title is required" })
      .trim()
      .min(1, "Title is required")
      .max(300, "Title is too long"),
    content: storableText({ error: "Content is required" }).max(MAX_DOCUMENT, "Document is too long"),
    interviewIds: z.array(ZId).max(500).default([]),
    status: storableText().max(40).default("draft"),
    kind: z.enum(["summary", "requirements", "documentation"]).default("documentation"),
  },
  { error: "Title is required" },
);

export const ZPrompt = z.object({
  id: z.number(),
  projectId: z.number(),
  documentId: z.number().nullable(),
  title: z.string(),
  content: z.string(),
  status: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});

export function toPrompt(row: {
  id: number;
  project_id: number;
  document_id: number | null;
  title: string;
  content: string;
  status: string;
  is_active: boolean;
  created_at: Date;
}) {
  return {
    id: row.id,
    projectId: row.project_id,
    documentId: row.document_id,
    title: row.title,
    content: row.content,
    status: row.status,
    isActive: row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export const ZCreatePromptInput = z.object(
  {
    projectId: ZId,
    title: storableText({ error: "Title is required" })
      .trim()
      .min(1, "Title is required")
      .max(300, "Title is too long"),
    content: storableText({ error: "Prompt content is required" })
      .trim()
      .min(1, "Prompt content is required")
      .max(MAX_DOCUMENT, "Prompt is too long"),
    documentId: ZId.nullish(),
    status: storableText().max(40).default("draft"),
  },
  { error: "Title is required" },
);
