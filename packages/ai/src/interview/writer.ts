import type { StakeholderType } from "@parley/db/schema";
import { CLOSING } from "../offline/interviewer";
import { STAKEHOLDER_LABELS } from "../roles";
import { withArticle } from "../text";
import { answerTo, participantAsk } from "./asks";
import { ANYTHING_ELSE, IMAGE_MARK, NOTES_MARK } from "./decide";
import { type FocusKind, followUpOn } from "./focus";
import { acknowledgement, statedNeeds } from "./sayback";
import { READ_BACK_OPENING, READ_BACK_QUESTION, readState } from "./state";
import { hasNumber, isNegative, keywords, normalise, senses, sentences } from "./text";
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
 * The offline question writer: one question per turn, about the most informative thing in the last
 * answer named in natural words, nothing leading, no filler praise. A participant's question is
 * answered first. The read-back quotes the participant's sentences verbatim; after it, a new need is
 * said back in the participant's words and added, and no closing line is said twice.
 */

/** The ways of saying, after the closing, that the participant may end the interview: never one twice. */
const CLOSING_OPENERS = ["Thank you.", "Of course.", "Understood.", "Thanks for adding that.", "Noted."];
const CLOSING_TAILS = [
  "You can press 'End Interview' whenever you're ready.",
  "When you're ready, 'End Interview' lets you review and save your answers.",
  "Anything you add now is kept too; 'End Interview' saves it all.",
  "I'm still listening, and 'End Interview' saves everything when you're done.",
  "Take your time; press 'End Interview' to review what was captured.",
];

/** A closing line not said before in this interview (openers and tails combined). */
function freshClosing(said: string[], lead: string): string {
  for (const tail of CLOSING_TAILS) {
    for (const opener of lead ? [""] : CLOSING_OPENERS) {
      const text = [lead, opener, tail].filter(Boolean).join(" ");
      if (!said.includes(normalise(text))) return text;
    }
  }
  return [lead, `(${said.length}) ${CLOSING_TAILS[0]}`].filter(Boolean).join(" ");
}

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
  // The participant's question, answered before anything else is asked.
  const ask = decision.asked && state.lastAnswer ? participantAsk(state.lastAnswer) : null;
  const answerFirst = ask
    ? answerTo(ask, { project: ctx.project, topic: topic ?? null, lastQuestion: state.lastAsked })
    : "";
  const withAnswer = (question: string) => [answerFirst, question].filter(Boolean).join(" ");

  if (!ctx.messages.some((m) => m.role === "ai")) {
    return { text: welcomeText(ctx, probe(topic ?? ctx.plan.topics[0]!, said) ?? "") };
  }
  switch (decision.action) {
    case "close": {
      const answer = state.lastAnswer ?? "";
      const heard = acknowledgement(answer);
      // Asked for a summary after the closing: the read-back's points as they stand now.
      const summary =
        decision.asked === "summary"
          ? `${READ_BACK_OPENING}\n${reviewAfterClose(ctx)
              .points.map((p) => `- ${p}`)
              .join("\n")}\n`
          : "";
      const lead = [summary || answerFirst, heard].filter(Boolean).join(" ");
      if (state.closed) return { text: freshClosing(said, lead) };
      const corrected = reviewReadBack(readBackPoints(ctx), answer).corrections.length > 0;
      return { text: [lead || (corrected ? "I've noted that." : ""), CLOSING].filter(Boolean).join(" ") };
    }
    case "read_back": {
      const points = readBackPoints(ctx);
      const lines = points.map((p) => `- ${p}`).join("\n");
      const first = decision.asked === "summary" ? "" : answerFirst;
      return {
        text: `${first ? `${first}\n` : ""}${READ_BACK_OPENING}\n${lines}\n${READ_BACK_QUESTION}`,
        readBack: { points },
      };
    }
    case "follow_up": {
      if (decision.reason === "notes" && quote) {
        return { text: `${NOTES_MARK}: ${quote}. Could you tell me more about that?` };
      }
      if (decision.reason === "image") return { text: `What should the team notice in ${IMAGE_MARK}?` };
      if (decision.reason === "anything-else" && fresh(ANYTHING_ELSE))
        return { text: withAnswer(ANYTHING_ELSE) };
      const kind = /^focus:(\w+)/.exec(decision.reason)?.[1] as FocusKind | undefined;
      const asked = ctx.messages.filter((m) => m.role === "ai").map((m) => m.content);
      const question = kind
        ? followUpOn(
            {
              kind,
              phrase: decision.reflect ?? "",
              nominal: !/^(?:\w+ing|letting)\b/.test(decision.reflect ?? ""),
            },
            asked,
          )
        : null;
      if (question && fresh(question)) return { text: withAnswer(question) };
      break;
    }
    case "rephrase": {
      if (decision.asked === "repeat" && state.lastQuestion) {
        return { text: withAnswer(state.lastQuestion) };
      }
      if (decision.asked && topic) {
        const other = probe(topic, said);
        if (other && fresh(other)) return { text: withAnswer(other) };
        const generic = `What comes to mind first when you think about ${midSentence(topic.title)}?`;
        if (fresh(generic)) return { text: withAnswer(generic) };
        if (state.lastQuestion) return { text: withAnswer(`Let me ask it again: ${state.lastQuestion}`) };
      }
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
        const lead = decision.asked
          ? ""
          : DECLINE.test(last)
            ? "That's fine, we can skip it."
            : UNSURE.test(last)
              ? "No problem."
              : "";
        if (question && fresh(question)) return { text: withAnswer(`${lead} ${question}`.trim()) };
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
    if (
      m.role !== "user" ||
      x.unsure ||
      x.declined ||
      x.offTopic ||
      x.injection ||
      x.asking ||
      redirected.has(index)
    )
      return;
    const own = sentences(m.content).map((text, i) => {
      const content = keywords(text);
      let score = Math.min(content.length, 6);
      if (hasNumber(text)) score += 3;
      if (WORKAROUND.test(text) || FEELING.test(text) || FREQUENCY.test(text)) score += 2;
      if (isNegative(text)) score += 1;
      if ([...senses(text)].some((s) => planWords.has(s))) score += 2;
      if (content.length < 4 || OFF_TOPIC.test(text) || INJECTION.test(text) || text.trim().endsWith("?"))
        score = -1;
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

/**
 * The read-back as it stands after the closing: its points and the participant's review of them,
 * plus each need (or refusal) said after the read-back, in the participant's own sentence, as a
 * point they confirmed (they said it themselves). Stored with the interview, so the evidence reads them.
 */
export function reviewAfterClose(ctx: TurnContext): ReadBackReview {
  const state = readState(ctx.plan, ctx.messages, ctx.now, ctx.decisions);
  const points = readBackPoints(ctx);
  const reply = ctx.messages.slice(state.readBackAt + 1).find((m) => m.role === "user");
  const review = reviewReadBack(points, reply?.content ?? "");
  const late = ctx.messages
    .slice(state.readBackAt + 1)
    .filter((m) => m.role === "user")
    .flatMap((m) => statedNeeds(m.content).map((n) => n.sentence.text.trim()));
  for (const sentence of new Set(late)) {
    if (review.points.includes(sentence)) continue;
    review.points.push(sentence);
    review.confirmations.push(review.points.length - 1);
  }
  return review;
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
