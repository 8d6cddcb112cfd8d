import type { AiEngine, BillTo } from "@parley/ai/engine";
import { coverage, type TopicCoverage } from "@parley/ai/interview/coverage";
import {
  ANSWER_READINGS,
  type InterviewMessage,
  type InterviewPlan,
  type Topic,
  ZInterviewPlan,
  ZReadBackReview,
} from "@parley/ai/interview/types";
import { TIME_LIMIT_MINUTES } from "@parley/ai/roles";
import type { Db } from "@parley/db/client";
import * as interviewer from "@parley/db/queries/interviewer";
import type { StakeholderType } from "@parley/db/schema";

/**
 * The interviewer's state on the server (issue 14): the plan stored with the interview, the turns
 * the interviewer saw with server-side times and decisions, the read-back review, coverage.
 */

type StateRow = NonNullable<Awaited<ReturnType<typeof interviewer.getInterviewerState>>>;
type TurnRow = Awaited<ReturnType<typeof interviewer.listTurns>>[number];

export const parsePlan = (value: unknown): InterviewPlan | null => {
  const parsed = ZInterviewPlan.safeParse(value);
  return parsed.success ? parsed.data : null;
};

export const parseReview = (value: unknown) => {
  const parsed = ZReadBackReview.safeParse(value);
  return parsed.success ? parsed.data : null;
};

export function projectBrief(row: StateRow) {
  return {
    title: row.title,
    objective: row.objective,
    targetAudience: row.target_audience,
    keyFeatures: row.key_features,
    constraints: row.constraints,
    domain: row.domain,
    references: row.references,
  };
}

export const toMessages = (
  turns: Array<Pick<TurnRow, "role" | "content" | "created_at">>,
): InterviewMessage[] =>
  turns.map((t) => ({ role: t.role, content: t.content, timestamp: new Date(t.created_at).toISOString() }));

/** The stored decisions the interviewer reads: the topic and move of each message, and a model's reading. */
export const decisionsOf = (turns: Array<Pick<TurnRow, "role" | "decision">>) =>
  turns
    .filter((t) => t.role === "ai")
    .map((t) => {
      const d = t.decision as { action?: unknown; topicId?: unknown; reading?: unknown } | null;
      if (!d || typeof d.action !== "string" || typeof d.topicId !== "string") return null;
      const reading = ANSWER_READINGS.find((r) => r === d.reading);
      return {
        action: d.action as never,
        topicId: d.topicId,
        ...(reading ? { reading } : {}),
      };
    });

/**
 * Topics that the project's earlier completed interviews left thin (asked or raised, little said),
 * most often thin first; the role's own topics are left out (they belong to one kind of stakeholder).
 */
export async function thinTopics(
  db: Db,
  projectId: number,
  exceptInterviewId?: number,
): Promise<Array<Omit<Topic, "intent">>> {
  const [plans, turns] = await Promise.all([
    interviewer.listProjectPlans(db, projectId),
    interviewer.listProjectTurns(db, projectId),
  ]);
  const counts = new Map<string, { topic: Topic; thin: number }>();
  for (const row of plans) {
    if (row.status !== "completed" || row.id === exceptInterviewId) continue;
    const plan = parsePlan(row.plan);
    if (!plan) continue;
    const own = turns.filter((t) => t.interview_id === row.id);
    for (const cell of coverage(plan, toMessages(own), decisionsOf(own))) {
      const topic = plan.topics.find((t) => t.id === cell.topicId)!;
      if (topic.source === "role" || cell.status === "covered") continue;
      const key = topic.title.trim().toLowerCase();
      const seen = counts.get(key) ?? { topic, thin: 0 };
      seen.thin += 1;
      counts.set(key, seen);
    }
  }
  // The intent is written afresh ("Earlier interviews left … thin"); the questions and words are kept.
  return [...counts.values()]
    .sort((a, b) => b.thin - a.thin)
    .map(({ topic: { intent: _intent, ...rest } }) => rest);
}

/** Makes and stores the plan of an interview that has none (new, or older than plans). */
export async function ensurePlan(
  db: Db,
  ai: AiEngine,
  state: StateRow,
  billTo: BillTo,
): Promise<InterviewPlan> {
  const stored = parsePlan(state.plan);
  if (stored) return stored;
  const stakeholderType = state.stakeholder_type as StakeholderType;
  const { plan, plannedBy } = await ai.planInterview({
    project: projectBrief(state),
    stakeholderType,
    timeLimitMinutes: TIME_LIMIT_MINUTES[stakeholderType],
    thinTopics: await thinTopics(db, state.project_id, state.id),
    billTo,
  });
  await interviewer.setInterviewPlan(db, state.id, plan, plannedBy);
  return plan;
}

export interface CoverageGrid {
  topics: Array<{ key: string; title: string }>;
  interviews: Array<{
    id: number;
    name: string;
    stakeholderType: string;
    status: string;
    /** Per topic key: covered, thin, not reached, or null when the topic is not in this plan. */
    cells: Record<string, TopicCoverage["status"] | null>;
  }>;
}

/** Topics × interviews: every plan's topics (the same title is one row), each interview's coverage. */
export async function coverageGrid(db: Db, projectId: number): Promise<CoverageGrid> {
  const [plans, turns] = await Promise.all([
    interviewer.listProjectPlans(db, projectId),
    interviewer.listProjectTurns(db, projectId),
  ]);
  const topics = new Map<string, string>();
  const interviews: CoverageGrid["interviews"] = [];
  for (const row of plans) {
    const plan = parsePlan(row.plan);
    if (!plan) continue;
    const own = turns.filter((t) => t.interview_id === row.id);
    const cells: Record<string, TopicCoverage["status"] | null> = {};
    for (const cell of coverage(plan, toMessages(own), decisionsOf(own))) {
      const key = cell.title.trim().toLowerCase();
      if (!topics.has(key)) topics.set(key, cell.title);
      cells[key] = cell.status;
    }
    interviews.push({
      id: row.id,
      name: row.name,
      stakeholderType: row.stakeholder_type,
      status: row.status,
      cells,
    });
  }
  for (const row of interviews) for (const key of topics.keys()) row.cells[key] ??= null;
  return { topics: [...topics].map(([key, title]) => ({ key, title })), interviews };
}
