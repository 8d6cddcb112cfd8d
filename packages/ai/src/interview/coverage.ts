// How much of an interview plan the conversation has covered: the owner's coverage grid and the
// interviewer's choice of the next topic both read it.

import { attributeTopics, type StoredDecisions, topicSenses } from "./state";
import { informativeWordCount, senses } from "./text";
import type { InterviewMessage, InterviewPlan } from "./types";

export type CoverageStatus = "covered" | "thin" | "not_reached";

export interface TopicCoverage {
  topicId: string;
  title: string;
  status: CoverageStatus;
  asked: boolean;
  declined: boolean;
  /** How many of the participant's words went to this topic. */
  words: number;
}

/** Enough words on a topic, or a raised key word plus a concrete answer, count as covered. */
const COVERED_WORDS = 15;

/** Per topic: covered, thin (asked or raised but little said) or not reached. */
export function coverage(
  plan: InterviewPlan,
  messages: InterviewMessage[],
  decisions?: StoredDecisions,
): TopicCoverage[] {
  const turns = attributeTopics(plan, messages, decisions);
  return plan.topics.map((t) => {
    const own = turns.filter((x) => x.topicId === t.id);
    const asked = own.some((x) => x.question);
    const declined = own.some((x) => x.declined);
    const marks = topicSenses(t);
    let count = 0;
    for (const [index, m] of messages.entries()) {
      if (m.role !== "user") continue;
      const onTopic = turns[index]?.topicId === t.id;
      const raised = [...senses(m.content)].some((s) => marks.has(s));
      if (onTopic || raised) count += informativeWordCount(m.content);
    }
    const status: CoverageStatus =
      count >= COVERED_WORDS ? "covered" : asked || count > 0 ? "thin" : "not_reached";
    return { topicId: t.id, title: t.title, status, asked, declined, words: count };
  });
}
