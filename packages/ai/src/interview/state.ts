import { participantAsk, saysMore } from "./asks";
import { PROBES } from "./focus";
import { normalise, senseOf, senses, sentences, words } from "./text";
import type { AnswerReading, InterviewMessage, InterviewPlan, Topic, TurnDecision } from "./types";
import { DECLINE, INJECTION, OFF_TOPIC, TROUBLE, UNSURE } from "./vocabulary";

/** What the speaker needs, said as theirs: "I have to …", "we need …". */
const OWN_NEED = /\b(?:i|we) (?:want|need|would like|'d like|have to)\b/i;

/**
 * Where an interview stands, read from its messages alone (the same for both providers): which topic
 * each message belongs to, what was declined, whether the read-back was given and answered.
 */

/** Which words of a topic mark it: the senses of its title's content words and of its keywords. */
export function topicSenses(t: Topic): ReadonlySet<string> {
  let marks = topicMarks.get(t);
  if (!marks) {
    marks = new Set([...senses(t.title), ...t.keywords.map(senseOf)]);
    topicMarks.set(t, marks);
  }
  return marks;
}

const topicMarks = new WeakMap<Topic, ReadonlySet<string>>();

export const READ_BACK_OPENING = "Here is what I heard:";
export const READ_BACK_QUESTION = "Did I get that right, or is anything missing?";
/**
 * Asked in the read-back's place when no need can be said back in short points: a plain wrap-up
 * question, not a read-back of nothing. It marks the read-back all the same.
 */
export const WRAP_UP_QUESTION = "Before we finish: of everything you've told me, what matters most to you?";
/** The same, once they were asked what matters most (after a long answer): not asked twice. */
export const WRAP_UP_AGAIN =
  "Before we finish: is there anything you'd like the team to know that we haven't covered?";

/** Every closing line tells the participant how to end the interview. */
const END_INTERVIEW = /\bEnd Interview\b/;

export interface MessageInfo {
  topicId: string | null;
  question: boolean;
  readBack: boolean;
  unsure: boolean;
  declined: boolean;
  offTopic: boolean;
  injection: boolean;
  /** The participant's message only asked the interviewer something: it answers nothing. */
  asking: boolean;
}

function isReadBack(content: string, participantSentences: Set<string>): boolean {
  if ([READ_BACK_OPENING, WRAP_UP_QUESTION, WRAP_UP_AGAIN].some((m) => content.includes(m))) return true;
  // In another language, a read-back still quotes the participant's own sentences.
  let quoted = 0;
  for (const s of participantSentences) if (s.length > 20 && content.includes(s)) quoted += 1;
  return quoted >= 2;
}

/** The topic an interviewer message is about: a probe it contains, else its topic words, else the last. */
function topicOf(plan: InterviewPlan, content: string, previous: string | null): string | null {
  const text = normalise(content);
  for (const t of plan.topics) if (t.probes.some((p) => text.includes(normalise(p)))) return t.id;
  const own = senses(content);
  let best: { id: string; score: number } | null = null;
  for (const t of plan.topics) {
    const marks = topicSenses(t);
    if (!marks.size) continue;
    let score = 0;
    for (const s of marks) if (own.has(s)) score += 1;
    const needed = Math.min(2, marks.size);
    if (score >= needed && (!best || score > best.score)) best = { id: t.id, score };
  }
  return best?.id ?? previous ?? plan.topics[0]?.id ?? null;
}

/** The decisions stored with the interview, one per interviewer message, when the caller has them. */
export type StoredDecisions = ReadonlyArray<
  Pick<TurnDecision, "action" | "topicId" | "reading"> | null | undefined
>;

/** Per message, the stored reading of it: a model's, from the decision of the reply that followed. */
function readingsByMessage(messages: InterviewMessage[], decisions?: StoredDecisions) {
  const readings: Array<AnswerReading | undefined> = [];
  let aiIndex = 0;
  messages.forEach((m, i) => {
    if (m.role !== "ai") return;
    const reading = decisions?.[aiIndex]?.reading;
    if (reading && messages[i - 1]?.role === "user") readings[i - 1] = reading;
    aiIndex += 1;
  });
  return readings;
}

export function attributeTopics(
  plan: InterviewPlan,
  messages: InterviewMessage[],
  decisions?: StoredDecisions,
): MessageInfo[] {
  const said = new Set<string>();
  const readings = readingsByMessage(messages, decisions);
  let topic: string | null = null;
  let aiIndex = 0;
  return messages.map((m, i) => {
    if (m.role === "user") {
      for (const s of sentences(m.content)) said.add(s);
      const answer = m.content;
      const reading = readings[i];
      if (reading) {
        // A model read this answer where the vocabularies below cannot (another language).
        return {
          topicId: topic,
          question: false,
          readBack: false,
          unsure: reading === "unsure",
          declined: reading === "declined",
          offTopic: reading === "off_topic",
          injection: reading === "instructions",
          asking: false,
        };
      }
      const short = words(answer).length <= 15;
      const ask = participantAsk(answer);
      const asking = ask !== null && !saysMore(ask);
      return {
        topicId: topic,
        question: false,
        readBack: false,
        asking,
        unsure: short && !asking && UNSURE.test(answer),
        declined: short && !asking && DECLINE.test(answer),
        // Small talk is short or asks back ("Did you see the match?"); a long answer that names a
        // lunch break or the weekend is about the work, and so is a short one that says a trouble,
        // what they need or what their business does ("I have to ring at lunch and the line is
        // always busy", "We're busiest at dinner").
        offTopic:
          OFF_TOPIC.test(answer) &&
          (short || answer.trim().endsWith("?")) &&
          !TROUBLE.test(answer) &&
          !OWN_NEED.test(answer) &&
          !/\b(?:we|our|us)\b/i.test(answer) &&
          !plan.topics.some((t) => overlaps(t.keywords, answer)),
        injection: INJECTION.test(answer),
      };
    }
    // A stored decision says what the message was; without one, its words do.
    const stored = decisions?.[aiIndex];
    aiIndex += 1;
    const readBack = stored ? stored.action === "read_back" : isReadBack(m.content, said);
    if (!readBack && stored?.action !== "close") {
      topic =
        stored?.topicId && plan.topics.some((t) => t.id === stored.topicId)
          ? stored.topicId
          : topicOf(plan, m.content, topic);
    }
    return {
      topicId: readBack ? null : topic,
      question: !readBack,
      readBack,
      unsure: false,
      declined: false,
      offTopic: false,
      injection: false,
      asking: false,
    };
  });
}

function overlaps(topicWords: string[], text: string): boolean {
  const own = senses(text);
  return topicWords.some((w) => own.has(senseOf(w)));
}

export interface InterviewState {
  info: MessageInfo[];
  askedTopics: Set<string>;
  declinedTopics: Set<string>;
  currentTopic: string | null;
  /** Interviewer messages on the current topic after its first question. */
  followUps: number;
  /** "Not sure" answers on the current topic. */
  unsureOnTopic: number;
  /** The latest read-back's message index (-1 before any). */
  readBackAt: number;
  /** The participant has spoken since the latest read-back. */
  readBackAnswered: boolean;
  /** A closing message came after the latest read-back. */
  closed: boolean;
  lastAnswer: string | null;
  lastQuestion: string | null;
  /** The last question the interviewer asked, in whichever message (a closing line asks none). */
  lastAsked: string | null;
  /** Every question the interviewer asked, normalised. */
  askedQuestions: Set<string>;
  /** Minutes since the first message, from timestamps (about a minute an exchange without them). */
  elapsedMinutes: number;
  answers: number;
  decisions?: StoredDecisions | undefined;
}

/** The question sentence of an interviewer message (the last one ending with "?"). */
export function questionOf(content: string): string {
  const asked = sentences(content).filter((s) => s.endsWith("?"));
  return asked.at(-1) ?? content;
}

export function readState(
  plan: InterviewPlan,
  messages: InterviewMessage[],
  now: number,
  decisions?: StoredDecisions,
): InterviewState {
  const info = attributeTopics(plan, messages, decisions);
  const askedTopics = new Set<string>();
  const declinedTopics = new Set<string>();
  const askedQuestions = new Set<string>();
  let readBackAt = -1;
  // A closing message: stored as one, or saying how to end the interview.
  const aiIndexOf = (i: number) => messages.slice(0, i).filter((m) => m.role === "ai").length;
  const closesAt = (i: number) =>
    decisions?.[aiIndexOf(i)]?.action === "close" || END_INTERVIEW.test(messages[i]!.content);
  for (const [i, m] of messages.entries()) {
    const x = info[i]!;
    if (m.role === "ai") {
      // The latest read-back: one is read again when the participant went on giving needs after it.
      if (x.readBack && !closesAt(i)) readBackAt = i;
      if (x.topicId && x.question) askedTopics.add(x.topicId);
      askedQuestions.add(normalise(questionOf(m.content)));
    } else if (x.declined && x.topicId) declinedTopics.add(x.topicId);
  }
  const lastAi = messages.findLastIndex((m) => m.role === "ai");
  const currentTopic = lastAi >= 0 ? (info[lastAi]!.topicId ?? null) : null;
  // The current topic's run of messages, back to where it started.
  let followUps = -1;
  let unsureOnTopic = 0;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const x = info[i]!;
    if (x.topicId !== currentTopic) break;
    // (which of many things matters most is asked of the list, not of the topic: no follow-up of it)
    if (messages[i]!.role === "ai" && x.question && !messages[i]!.content.includes(PROBES.several[0]!))
      followUps += 1;
    if (messages[i]!.role === "user" && x.unsure) unsureOnTopic += 1;
  }
  const lastUser = messages.findLastIndex((m) => m.role === "user");
  const answered = readBackAt >= 0 && lastUser > readBackAt;
  const closed = readBackAt >= 0 && messages.some((m, i) => i > readBackAt && m.role === "ai" && closesAt(i));
  return {
    info,
    askedTopics,
    declinedTopics,
    currentTopic,
    followUps: Math.max(0, followUps),
    unsureOnTopic,
    readBackAt,
    readBackAnswered: answered,
    closed,
    lastAnswer: lastUser >= 0 && lastUser > lastAi ? messages[lastUser]!.content : null,
    lastQuestion: lastAi >= 0 ? questionOf(messages[lastAi]!.content) : null,
    lastAsked:
      messages
        .filter((m) => m.role === "ai")
        .map((m) => questionOf(m.content))
        .findLast((q) => q.trim().endsWith("?")) ?? null,
    askedQuestions,
    elapsedMinutes: elapsedMinutes(messages, now),
    answers: messages.filter((m) => m.role === "user").length,
    decisions,
  };
}

export function elapsedMinutes(messages: InterviewMessage[], now: number): number {
  const first = messages.map((m) => Date.parse(m.timestamp ?? "")).find((t) => Number.isFinite(t));
  if (first !== undefined) return Math.max(0, (now - first) / 60_000);
  return messages.filter((m) => m.role === "user").length;
}
