import type { StakeholderType } from "@parley/db/schema";
import { z } from "zod";
import { ASK_KINDS } from "./asks";

/**
 * The interviewer's data: the plan made when an interview starts, each turn's decision, the read-back
 * and what the participant said about it. The zod schemas check model output and stored JSON alike;
 * `strictJsonSchema` turns them into OpenAI `json_schema` response formats (strict mode).
 */

export const TOPIC_SOURCES = [
  "objective",
  "feature",
  "constraint",
  "audience",
  "domain",
  "reference",
  "role",
] as const;
export type TopicSource = (typeof TOPIC_SOURCES)[number];

export const ZTopic = z.object({
  id: z.string().min(1).max(60),
  title: z.string().min(1).max(120),
  intent: z.string().min(1).max(300),
  probes: z.array(z.string().min(1).max(300)).min(1).max(4),
  source: z.enum(TOPIC_SOURCES),
  keywords: z.array(z.string().min(1).max(40)).max(12),
});
export type Topic = z.infer<typeof ZTopic>;

export const MIN_TOPICS = 5;
export const MAX_TOPICS = 9;

export const ZInterviewPlan = z
  .object({ topics: z.array(ZTopic).min(MIN_TOPICS).max(MAX_TOPICS) })
  .refine((plan) => new Set(plan.topics.map((t) => t.id)).size === plan.topics.length, {
    message: "Topic ids must be unique",
  });
export type InterviewPlan = z.infer<typeof ZInterviewPlan>;

export const TURN_ACTIONS = [
  "follow_up",
  "next_topic",
  "rephrase",
  "redirect",
  "read_back",
  "close",
] as const;
export type TurnAction = (typeof TURN_ACTIONS)[number];

/**
 * What a participant's answer does, as a model reads it where the rules' vocabularies cannot (an
 * interview in another language): it answers, declines, cannot answer, strays, or gives instructions.
 */
export const ANSWER_READINGS = ["answer", "declined", "unsure", "off_topic", "instructions"] as const;
export type AnswerReading = (typeof ANSWER_READINGS)[number];

export const ZTurnDecision = z.object({
  action: z.enum(TURN_ACTIONS),
  /** The plan topic the next question is about ("" for read-back and close). */
  topicId: z.string().max(60),
  reason: z.string().max(300),
  /** A few of the participant's own words to reflect back, copied from their last answer. */
  reflect: z.string().max(200).optional(),
  /** How the model read the answer this message replies to, when the rules could not read it. */
  reading: z.enum(ANSWER_READINGS).optional(),
  /** The participant asked the interviewer something: the message answers it first (issue 27). */
  asked: z.enum(ASK_KINDS).optional(),
});
export type TurnDecision = z.infer<typeof ZTurnDecision>;

/** The model's reading of one answer (a structured call beside the question's stream). */
export const ZAnswerReading = z.object({ reading: z.enum(ANSWER_READINGS) });

export const ZReadBack = z.object({ points: z.array(z.string().min(1).max(500)).min(1).max(5) });
export type ReadBack = z.infer<typeof ZReadBack>;

/**
 * The participant's answer to the read-back, as stored with the interview: which points they
 * confirmed and what they corrected (`point` null: something missing rather than a wrong point).
 */
export const ZReadBackReview = z.object({
  points: z.array(z.string()),
  confirmations: z.array(z.number().int().min(0)),
  corrections: z.array(z.object({ point: z.number().int().min(0).nullable(), text: z.string() })),
});
export type ReadBackReview = z.infer<typeof ZReadBackReview>;

export interface ProjectBrief {
  title: string;
  objective?: string | null;
  targetAudience?: string | null;
  keyFeatures?: string | null;
  constraints?: string | null;
  domain?: string | null;
  references?: string | null;
}

export interface InterviewMessage {
  role: "ai" | "user";
  content: string;
  /** ISO time the message was written; pacing reads these. */
  timestamp?: string | undefined;
}

export interface TurnContext {
  plan: InterviewPlan;
  project: ProjectBrief;
  stakeholderType: StakeholderType;
  messages: InterviewMessage[];
  /** The current time in ms (Date.now() in production; scripted in evals). */
  now: number;
  timeLimitMinutes: number;
  /** The participant's own notes and the descriptions of images they shared, when any. */
  notesContext?: string | null | undefined;
  imageContext?: string | null | undefined;
  /**
   * The decisions made for the interviewer messages so far, in order, when stored with the
   * interview: they say which topic each message was about, in any language, and how the model read
   * the answer before it where the rules could not. Without them the topics are read from the
   * messages' words.
   */
  decisions?: ReadonlyArray<Pick<TurnDecision, "action" | "topicId" | "reading"> | null | undefined>;
}

/** A response format for `chat.completions.create` from a zod schema, valid in OpenAI strict mode. */
export function strictJsonSchema(name: string, schema: z.ZodType) {
  const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "throw" }) as Record<string, unknown>;
  delete json.$schema;
  return {
    type: "json_schema" as const,
    json_schema: { name, strict: true, schema: toStrict(json, name) as Record<string, unknown> },
  };
}

/** Size keywords some compatible servers reject in strict mode; zod checks them after parsing. */
const DROPPED_KEYWORDS = ["minLength", "maxLength", "minItems", "maxItems", "pattern"];

function toStrict(node: unknown, path: string): unknown {
  if (Array.isArray(node)) return node.map((item, i) => toStrict(item, `${path}[${i}]`));
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED_KEYWORDS.includes(key)) continue;
    out[key] =
      key === "properties"
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>).map(([k, v]) => [
              k,
              toStrict(v, `${path}.${k}`),
            ]),
          )
        : toStrict(value, `${path}.${key}`);
  }
  if (out.type === "object") {
    const keys = Object.keys((out.properties as Record<string, unknown>) ?? {});
    const required = (out.required as string[] | undefined) ?? [];
    const optional = keys.filter((k) => !required.includes(k));
    if (optional.length) throw new Error(`${path}: strict mode needs ${optional.join(", ")} required`);
    out.additionalProperties = false;
  }
  return out;
}

export const PLAN_FORMAT = strictJsonSchema("interview_plan", z.object({ topics: z.array(ZTopic) }));
export const READING_FORMAT = strictJsonSchema("answer_reading", ZAnswerReading);
