import type { StakeholderType } from "@parley/db/schema";
import { CLOSING } from "../offline/interviewer";
import { STAKEHOLDER_LABELS } from "../roles";
import { withArticle } from "../text";
import { answerTo, participantAsk } from "./asks";
import { ANYTHING_ELSE, GO_AHEAD, IMAGE_MARK, LISTENING, NOTES_MARK, nextTopic } from "./decide";
import { answeredBy, type FocusKind, followUpOn } from "./focus";
import { pointOf, readBackPoints } from "./readback";
import { acknowledgement, statedNeeds } from "./sayback";
import { READ_BACK_OPENING, READ_BACK_QUESTION, readState } from "./state";
import { isNegative, keywords, normalise, senses, sentences } from "./text";
import type { ReadBack, ReadBackReview, Topic, TurnContext, TurnDecision } from "./types";
import { AFFIRM, CORRECT, DECLINE, DONE, INJECTION, UNSURE } from "./vocabulary";

/**
 * The offline question writer: one question per turn, about the most informative thing in the last
 * answer named in natural words, nothing leading, no filler praise. A participant's question is
 * answered first. The read-back quotes the participant's sentences verbatim; after it, a new need is
 * said back in the participant's words and added, and no closing line is said twice.
 */

/**
 * The ways of saying, after the closing, that the participant may end the interview: never one
 * twice. An answer with something in it that could not be said back is still kept with the
 * interview, and the participant is told so rather than answered "Of course".
 */
const CLOSING_OPENERS = ["Thank you.", ""];
const KEPT = "That's kept with your interview for the team.";
const CLOSING_TAILS = [
  "You can press 'End Interview' whenever you're ready.",
  "When you're ready, 'End Interview' lets you review and save your answers.",
  "Anything you add now is kept too; 'End Interview' saves it all.",
  "I'm still listening, and 'End Interview' saves everything when you're done.",
  "Take your time; press 'End Interview' to review what was captured.",
];

/** The read-back's one line in a language the rules cannot sum up. */
const UNREAD =
  "Your answers as you wrote them: I can't sum them up in short points, and the team will read them in full.";

/** A closing line not said before in this interview (openers and tails combined). */
function freshClosing(said: string[], lead: string): string {
  for (const tail of CLOSING_TAILS) {
    for (const opener of lead ? [""] : CLOSING_OPENERS) {
      const text = [lead, opener, tail].filter(Boolean).join(" ").replace(/\n /g, "\n");
      if (!said.includes(normalise(text))) return text;
    }
  }
  return [lead, `(${said.length}) ${CLOSING_TAILS[0]}`].filter(Boolean).join(" ");
}

export function welcomeText(ctx: TurnContext, firstQuestion: string): string {
  // "as a business stakeholder"; a participant of no named role is asked without one.
  const label = STAKEHOLDER_LABELS[ctx.stakeholderType as StakeholderType].toLowerCase();
  const role = ctx.stakeholderType === "other" ? "" : ` as ${withArticle(label)}`;
  const about = ctx.project.title ? ` about ${ctx.project.title}` : "";
  return [
    `Hello, and thank you for taking the time to talk${about}!`,
    `I'm Parley's interview assistant (running in offline mode), and I'll ask you a few questions${role}. This takes about ${ctx.timeLimitMinutes} minutes; there are no right or wrong answers.`,
    firstQuestion,
  ].join(" ");
}

/** The first probe of a topic that no earlier message contains and the last answer has not answered. */
function probe(topic: Topic, said: string[], answer = ""): string | null {
  return (
    topic.probes.find((p) => !said.some((s) => s.includes(normalise(p))) && !answeredBy(p, answer)) ?? null
  );
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
      // Their question is answered, not said back as a need.
      const heard = acknowledgement(ask ? ask.rest : answer);
      // Asked for a summary after the closing: the points as they stand now, each said as the
      // read-back says it (a need added late is stored as said, slips and all).
      const shown = [...new Set(reviewAfterClose(ctx).points.flatMap((p) => pointOf(p, true) ?? []))];
      const summary =
        decision.asked === "summary"
          ? `${READ_BACK_OPENING}\n${(shown.length ? shown : [UNREAD]).map((p) => `- ${p}`).join("\n")}\n`
          : "";
      const substantive = !heard && !DONE.test(answer) && keywords(answer).length >= 5;
      if (state.closed) {
        const lead = [summary || answerFirst, heard || (substantive ? KEPT : "")].filter(Boolean).join(" ");
        return { text: freshClosing(said, lead) };
      }
      const corrected = reviewReadBack(readBackPoints(ctx), answer).corrections.length > 0;
      const noted = heard || (corrected || substantive ? "I've noted that." : "");
      return {
        text: [summary || answerFirst, noted, CLOSING].filter(Boolean).join(" ").replace(/\n /g, "\n"),
      };
    }
    case "read_back": {
      // Sentences said back as said would be picked blind (names, pleasantries, slips): when none
      // can be put in short phrases (or the rules cannot read the language), the participant is
      // told the team reads them as written instead.
      const points = readBackPoints(ctx, { now: true, asSaid: false });
      const lines = points.length ? points.map((p) => `- ${p}`).join("\n") : `- ${UNREAD}`;
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
      const answer = ask ? ask.rest : (state.lastAnswer ?? "");
      const listening = decision.reason === "missed" || decision.reason === "listening";
      // After a read-back, what they add is listened to: its probe, else a plain request for more.
      const question =
        (kind ? followUpOn(kind, asked, answer) : null) ??
        (listening || state.readBackAt >= 0 ? (LISTENING.find(fresh) ?? null) : null);
      // After a read-back, what they add is said back first: it was not in what was read to them.
      const heard =
        state.readBackAt < 0
          ? ""
          : acknowledgement(answer) || (listening ? "Thank you, I've noted that." : "");
      if (question) return { text: withAnswer([heard, question].filter(Boolean).join(" ")) };
      break;
    }
    case "rephrase": {
      if (decision.asked === "repeat" && state.lastQuestion) {
        return { text: withAnswer(state.lastQuestion) };
      }
      if (decision.reason === "greeting" && state.lastAsked) return { text: `Hello! ${state.lastAsked}` };
      if (decision.reason === "go-ahead" && state.lastAsked)
        return { text: `${GO_AHEAD} ${state.lastAsked}` };
      const other = topic ? probe(topic, said) : null;
      if (decision.asked) {
        if (other) return { text: withAnswer(other) };
        if (state.lastQuestion) return { text: withAnswer(`Let me ask it again: ${state.lastQuestion}`) };
      } else if (other) return { text: `Let me put it another way. ${other}` };
      break;
    }
    case "redirect": {
      const lead = INJECTION.test(state.lastAnswer ?? "")
        ? "I'll stay with the interview questions."
        : "Let's come back to the project.";
      const onwards = nextTopic(ctx.plan, ctx.messages, state);
      const question = (topic && probe(topic, said)) ?? (onwards && probe(onwards, said));
      if (question) return { text: `${lead} ${question}` };
      break;
    }
    case "next_topic": {
      if (topic) {
        const last = state.lastAnswer ?? "";
        const question = probe(topic, said, last);
        const lead = decision.asked
          ? ""
          : DECLINE.test(last)
            ? "That's fine, we can skip it."
            : UNSURE.test(last)
              ? "No problem."
              : "";
        if (question) return { text: withAnswer(`${lead} ${question}`.trim()) };
      }
      break;
    }
  }
  // Nothing fresh to ask in that direction: the next topic's question, else the read-back, rather
  // than a question asked before.
  const onwards = decision.action === "next_topic" ? null : nextTopic(ctx.plan, ctx.messages, state);
  if (onwards) {
    return writeTurn(ctx, {
      ...decision,
      action: "next_topic",
      topicId: onwards.id,
      reason: `${decision.reason} Nothing fresh to ask: next topic.`,
    });
  }
  return writeTurn(ctx, {
    action: "read_back",
    topicId: "",
    reason: "Nothing left to ask without repeating.",
  });
}

/**
 * The read-back as it stands after the closing: its points and the participant's review of them,
 * plus each need (or refusal) said after the read-back, in the participant's own sentence, as a
 * point they confirmed (they said it themselves). Stored with the interview, so the evidence reads them.
 */
export function reviewAfterClose(ctx: TurnContext): ReadBackReview {
  const state = readState(ctx.plan, ctx.messages, ctx.now, ctx.decisions);
  const points = readBackPoints(ctx);
  // The replies to every read-back: a correction of the first stays one when it was read again.
  const replies = ctx.messages.filter((m, i) => m.role === "user" && state.info[i - 1]?.readBack);
  const review = reviewReadBack(points, replies.map((m) => m.content).join("\n"));
  // Needs said since the first read-back: a later read-back may have said them in fewer words, or not at all.
  const first = state.info.findIndex((x) => x.readBack);
  const late = ctx.messages
    .slice(first + 1)
    .filter((m) => m.role === "user")
    .flatMap((m) => statedNeeds(m.content).map((n) => n.sentence.text.trim()));
  for (const sentence of new Set(late)) {
    const point = pointOf(sentence, true);
    if (review.points.includes(sentence) || (point && review.points.includes(point))) continue;
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
