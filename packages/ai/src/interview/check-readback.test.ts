import { describe, expect, it } from "vitest";
import { answerTo, participantAsk } from "./asks";
import { checkedStream } from "./check";
import { makePlan } from "./plan";
import type { InterviewMessage, TurnContext, TurnDecision } from "./types";

// The checks after the model on what a capable model writes (issue 33).
const PROJECT = { title: "Bakery orders", objective: "Let customers order cakes online." };
const plan = makePlan(PROJECT, "business", 12);
const START = Date.parse("2026-11-23T10:00:00Z");

/**
 * What the participant is shown when the model writes `model` for `decision`, after the
 * interviewer said `asked` and the participant answered `answer` a minute later.
 */
async function shown(
  model: string,
  decision: TurnDecision,
  exchange: { asked: string; answer: string; decisions?: TurnContext["decisions"] },
): Promise<string> {
  const messages: InterviewMessage[] = [
    { role: "ai", content: exchange.asked, timestamp: new Date(START).toISOString() },
    { role: "user", content: exchange.answer, timestamp: new Date(START + 60_000).toISOString() },
  ];
  const ctx: TurnContext = {
    plan,
    project: PROJECT,
    stakeholderType: "business",
    messages,
    now: START + 120_000,
    timeLimitMinutes: 12,
    ...(exchange.decisions ? { decisions: exchange.decisions } : {}),
  };
  async function* stream() {
    for (const part of model.match(/\S+\s*/g) ?? []) yield part;
  }
  let text = "";
  for await (const chunk of checkedStream(stream(), ctx, decision)) text += chunk;
  return text;
}

describe("a read-back after a participant's question", () => {
  // A capable model copies the answer its prompt gives it; the check used to put it in front again.
  it("puts the rules' answer in front only when the model's first sentence does not answer it", async () => {
    const asked = "What would an online order page change for you?";
    const question = "Would that be a solution for you?";
    const ask = participantAsk(question)!;
    const ruleAnswer = answerTo(ask, { project: PROJECT, topic: null, lastQuestion: asked });
    const readBack = {
      action: "read_back",
      topicId: "",
      reason: "Time to read back.",
      asked: ask.kind,
    } as const;
    const points =
      "Here is what I heard:\n- you'd like cakes ordered online\nDid I get that right, or is anything missing?";
    const plain = await shown(points, readBack, { asked, answer: question });
    expect(ruleAnswer).not.toBe("");
    expect(plain.startsWith(ruleAnswer)).toBe(true);
    const answered = await shown(`${ruleAnswer} ${points}`, readBack, { asked, answer: question });
    expect(answered.split(ruleAnswer).length - 1).toBe(1);
    expect(answered).toContain("Did I get that right");
  });
});

describe("a need added after the read-back, on the model path", () => {
  it("is not said back in front of the model's follow-up: the question shows as the model wrote it", async () => {
    const exchange = {
      asked: "Here is what I heard:\n- you'd like cakes ordered online\nDid I get that right?",
      answer: "We also need a waiting list for cancelled slots.",
      decisions: [{ action: "read_back" as const, topicId: "" }],
    };
    for (const question of [
      "How should the waiting list work when a slot is cancelled?",
      "What else would help at the counter?",
    ]) {
      const text = await shown(
        question,
        { action: "follow_up", topicId: "", reason: "A need added." },
        exchange,
      );
      expect(text.trim()).toBe(question);
    }
  });
});

describe("a model's request without a question mark", () => {
  // A capable model's "Tell me about a time …." asks plainly; a reader disagreed with a question added after it.
  it("is shown as written, with no rules' question after it", async () => {
    const next = { action: "next_topic", topicId: plan.topics[1]!.id, reason: "Next topic." } as const;
    const exchange = { asked: "What do you sell most of?", answer: "Birthday cakes, mostly for children." };
    for (const model of [
      "Tell me about the last time a customer changed a cake order at the last minute.",
      "Thanks. Let's talk about orders: walk me through how a wedding cake order reaches you today.",
    ])
      expect((await shown(model, next, exchange)).trim()).toBe(model);
  });
});
