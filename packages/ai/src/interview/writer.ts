import type { StakeholderType } from "@parley/db/schema";
import { CLOSING } from "../offline/interviewer";
import { STAKEHOLDER_LABELS } from "../roles";
import { withArticle } from "../text";
import { IMAGE_MARK, type LadderStep, NOTES_MARK } from "./decide";
import { READ_BACK_OPENING, READ_BACK_QUESTION, readState } from "./state";
import { hash, hasNumber, isNegative, keywords, normalise, senses, sentences } from "./text";
import type { ReadBack, ReadBackReview, Topic, TurnContext, TurnDecision } from "./types";
import {
  AFFIRM,
  CORRECT,
  DECLINE,
  FEELING,
  FREQUENCY,
  INJECTION,
  OFF_TOPIC,
  UNSURE,
  WORKAROUND,
} from "./vocabulary";

/**
 * The offline question writer: one question per turn, the participant's own words quoted back,
 * nothing leading, no filler praise. The read-back quotes the participant's sentences verbatim.
 */

export const AFTER_CLOSE =
  "Thanks again! Press 'End Interview' when you're ready to review and save your answers.";

/** Follow-up questions by ladder step, and by step and what prompted it ("why:number"). */
const FOLLOW_UP_QUESTIONS: Record<string, string[]> = {
  why: ["Why does that matter to you?", "What does that mean for you day to day?", "What's behind that?"],
  "why:number": ["What does that mean for you day to day?", "What does that add up to for you?"],
  "why:negation": ["What's behind that?", "Where does that come from?"],
  "why:feeling": ["What makes it feel that way?", "Why does that matter to you?"],
  quantify: [
    "How often does that come up?",
    "Roughly how much time does that take in a typical week?",
    "How many people does that involve?",
  ],
  "quantify:workaround": [
    "Roughly how much time does that take in a typical week?",
    "How many people does that involve?",
  ],
  last_time: ["Could you walk me through the last time that happened?", "What happened the last time?"],
  example: ["What does that look like in practice?", "Could you give me a recent example?"],
};

/** "Online rescheduling" reads "online rescheduling" mid-sentence; "SMS reminders" stays. */
const midSentence = (title: string) =>
  /^[A-Z][a-z]/.test(title) ? title[0]!.toLowerCase() + title.slice(1) : title;

export function welcomeText(ctx: TurnContext, firstQuestion: string): string {
  const label = STAKEHOLDER_LABELS[ctx.stakeholderType as StakeholderType];
  const about = ctx.project.title ? ` about ${ctx.project.title}` : "";
  return [
    `Hello, and thank you for taking the time to talk${about}!`,
    `I'm Parley's interview assistant (running in offline mode), and I'll ask you a few questions as ${withArticle(label)}. This takes about ${ctx.timeLimitMinutes} minutes; there are no right or wrong answers.`,
    firstQuestion,
  ].join(" ");
}

/** The first probe of a topic that no earlier message contains. */
function probe(topic: Topic, said: string[]): string | null {
  return topic.probes.find((p) => !said.some((s) => s.includes(normalise(p)))) ?? null;
}

/** The interviewer's message for a decision, written by rules. */
export function writeTurn(
  ctx: TurnContext,
  decision: TurnDecision,
): { text: string; decision: TurnDecision; readBack?: ReadBack } {
  const written = writeFor(ctx, decision);
  return { ...written, decision: written.decision ?? decision };
}

function writeFor(
  ctx: TurnContext,
  decision: TurnDecision,
): { text: string; decision?: TurnDecision; readBack?: ReadBack } {
  const state = readState(ctx.plan, ctx.messages, ctx.now, ctx.decisions);
  const said = ctx.messages.filter((m) => m.role === "ai").map((m) => normalise(m.content));
  const topic = ctx.plan.topics.find((t) => t.id === decision.topicId);
  /** A question is fresh when no earlier interviewer message contains it. */
  const fresh = (text: string) => !said.some((s) => s.includes(normalise(text)));
  const quote = decision.reflect ? `"${decision.reflect.replace(/["?]/g, "").trim()}"` : null;

  if (!ctx.messages.some((m) => m.role === "ai")) {
    return { text: welcomeText(ctx, probe(topic ?? ctx.plan.topics[0]!, said) ?? "") };
  }
  switch (decision.action) {
    case "close": {
      if (state.closed) return { text: AFTER_CLOSE };
      const answer = state.lastAnswer ?? "";
      const corrected = reviewReadBack(readBackPoints(ctx), answer).corrections.length > 0;
      return { text: corrected ? `I've noted that. ${CLOSING}` : CLOSING };
    }
    case "read_back": {
      const points = readBackPoints(ctx);
      const lines = points.map((p) => `- ${p}`).join("\n");
      return { text: `${READ_BACK_OPENING}\n${lines}\n${READ_BACK_QUESTION}`, readBack: { points } };
    }
    case "follow_up": {
      if (decision.reason === "notes" && quote) {
        return { text: `${NOTES_MARK}: ${quote}. Could you tell me more about that?` };
      }
      if (decision.reason === "image") return { text: `What should the team notice in ${IMAGE_MARK}?` };
      const [, step = "why", trigger = ""] = decision.reason.match(/ladder:(\w+)(?: \((\w+)\))?/) ?? [];
      const options = [
        ...(FOLLOW_UP_QUESTIONS[`${step}:${trigger}`] ?? []),
        ...(FOLLOW_UP_QUESTIONS[step as LadderStep] ?? FOLLOW_UP_QUESTIONS.why!),
      ].filter((q, k, all) => all.indexOf(q) === k);
      const lead = trigger === "negation" ? "You said" : "You mentioned";
      const start = hash(decision.reflect ?? "") % Math.min(2, options.length);
      for (let i = 0; i < options.length; i += 1) {
        const text = `${lead} ${quote ?? "that"}. ${options[(start + i) % options.length]}`;
        if (fresh(text)) return { text };
      }
      break;
    }
    case "rephrase": {
      if (topic) {
        const other = probe(topic, said);
        if (other && fresh(other)) return { text: `Let me put it another way. ${other}` };
        const generic = `What comes to mind first when you think about ${midSentence(topic.title)}?`;
        if (fresh(generic)) return { text: `Let me put it another way. ${generic}` };
      }
      break;
    }
    case "redirect": {
      const lead = INJECTION.test(state.lastAnswer ?? "")
        ? "I'll stay with the interview questions."
        : "Let's come back to the project.";
      if (topic) {
        const question =
          probe(topic, said) ?? `What else should the team know about ${midSentence(topic.title)}?`;
        if (fresh(question)) return { text: `${lead} ${question}` };
      }
      break;
    }
    case "next_topic": {
      if (topic) {
        const question = probe(topic, said);
        const last = state.lastAnswer ?? "";
        const lead = DECLINE.test(last)
          ? "That's fine, we can skip it."
          : UNSURE.test(last)
            ? "No problem."
            : quote
              ? `Noted: ${quote}.`
              : "";
        if (question && fresh(question)) return { text: `${lead} ${question}`.trim() };
      }
      break;
    }
  }
  // Nothing fresh to ask in that direction: read back rather than repeat a question.
  return writeTurn(ctx, {
    action: "read_back",
    topicId: "",
    reason: "Nothing left to ask without repeating.",
  });
}

/** 3 to 5 of the participant's own sentences, the most informative, in the order they were said. */
export function readBackPoints(ctx: TurnContext): string[] {
  const state = readState(ctx.plan, ctx.messages, ctx.now, ctx.decisions);
  const planWords = new Set(ctx.plan.topics.flatMap((t) => [...senses(t.title)]));
  const candidates: Array<{ text: string; score: number; order: number }> = [];
  const end = state.readBackAt >= 0 ? state.readBackAt : ctx.messages.length;
  // Answers the interviewer redirected (stored decisions say so in any language) are not points.
  const redirected = new Set<number>();
  let aiIndex = 0;
  ctx.messages.forEach((m, index) => {
    if (m.role !== "ai") return;
    if (ctx.decisions?.[aiIndex]?.action === "redirect") redirected.add(index - 1);
    aiIndex += 1;
  });
  ctx.messages.slice(0, end).forEach((m, index) => {
    const x = state.info[index]!;
    if (m.role !== "user" || x.unsure || x.declined || x.offTopic || x.injection || redirected.has(index))
      return;
    const own = sentences(m.content).map((text, i) => {
      const content = keywords(text);
      let score = Math.min(content.length, 6);
      if (hasNumber(text)) score += 3;
      if (WORKAROUND.test(text) || FEELING.test(text) || FREQUENCY.test(text)) score += 2;
      if (isNegative(text)) score += 1;
      if ([...senses(text)].some((s) => planWords.has(s))) score += 2;
      if (content.length < 4 || OFF_TOPIC.test(text) || INJECTION.test(text)) score = -1;
      return { text, score, order: index * 100 + i };
    });
    // At most two sentences from one answer, so the read-back spans the interview.
    candidates.push(
      ...own
        .filter((c) => c.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, 2),
    );
  });
  return candidates
    .sort((a, b) => b.score - a.score)
    .slice(0, 5)
    .sort((a, b) => a.order - b.order)
    .map((c) => c.text);
}

/** The participant's answer to the read-back, as confirmations and corrections of its points. */
export function reviewReadBack(points: string[], answer: string): ReadBackReview {
  const corrections: ReadBackReview["corrections"] = [];
  const said = sentences(answer);
  const touched = new Set<number>();
  for (const sentence of said) {
    if (!CORRECT.test(sentence) && !(isNegative(sentence) && keywords(sentence).length > 2)) continue;
    const own = senses(sentence);
    const numbers = new Set(sentence.match(/\d+/g) ?? []);
    let best = -1;
    let bestScore = 0;
    points.forEach((p, i) => {
      // A shared figure ("18 percent") says more about which point is meant than a shared word.
      const figures = (p.match(/\d+/g) ?? []).filter((n) => numbers.has(n)).length;
      const score = [...senses(p)].filter((s) => own.has(s)).length + 2 * figures;
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    });
    const point = bestScore >= 2 ? best : null;
    if (point !== null) touched.add(point);
    corrections.push({ point, text: sentence });
  }
  const affirmed = AFFIRM.test(answer);
  const confirmations = affirmed ? points.map((_, i) => i).filter((i) => !touched.has(i)) : [];
  return { points, confirmations, corrections };
}
