import { describe, expect, it } from "vitest";
import { answerTo, participantAsk } from "./asks";
import { checkedStream } from "./check";
import { makePlan } from "./plan";
import type { InterviewMessage, TurnContext } from "./types";

// A read-back that answers the participant's question itself is not answered twice (issue 33: a
// capable model copies the answer its prompt gives it, and the check put the same answer in front).
const PROJECT = { title: "Bakery orders", objective: "Let customers order cakes online." };
const plan = makePlan(PROJECT, "business", 12);
const START = Date.parse("2026-11-23T10:00:00Z");

async function shown(model: string, question: string) {
  const messages: InterviewMessage[] = [
    {
      role: "ai",
      content: "What would an online order page change for you?",
      timestamp: new Date(START).toISOString(),
    },
    { role: "user", content: question, timestamp: new Date(START + 60_000).toISOString() },
  ];
  const ctx: TurnContext = {
    plan,
    project: PROJECT,
    stakeholderType: "business",
    messages,
    now: START + 120_000,
    timeLimitMinutes: 12,
  };
  const ask = participantAsk(question)!;
  async function* stream() {
    for (const part of model.match(/\S+\s*/g) ?? []) yield part;
  }
  let text = "";
  for await (const chunk of checkedStream(stream(), ctx, {
    action: "read_back",
    topicId: "",
    reason: "Time to read back.",
    asked: ask.kind,
  }))
    text += chunk;
  const ruleAnswer = answerTo(ask, { project: PROJECT, topic: null, lastQuestion: messages[0]!.content });
  return { text, ruleAnswer };
}

describe("a read-back after a participant's question", () => {
  it("puts the rules' answer in front only when the model's first sentence does not answer it", async () => {
    const question = "Would that be a solution for you?";
    const points =
      "Here is what I heard:\n- you'd like cakes ordered online\nDid I get that right, or is anything missing?";
    const plain = await shown(points, question);
    expect(plain.ruleAnswer).not.toBe("");
    expect(plain.text.startsWith(plain.ruleAnswer)).toBe(true);
    const answered = await shown(`${plain.ruleAnswer} ${points}`, question);
    expect(answered.text.split(plain.ruleAnswer).length - 1).toBe(1);
    expect(answered.text).toContain("Did I get that right");
  });
});

describe("a need added after the read-back, on the model path", () => {
  async function followUp(model: string) {
    const answer = "We also need a waiting list for cancelled slots.";
    const messages: InterviewMessage[] = [
      {
        role: "ai",
        content: "Here is what I heard:\n- you'd like cakes ordered online\nDid I get that right?",
        timestamp: new Date(START).toISOString(),
      },
      { role: "user", content: answer, timestamp: new Date(START + 60_000).toISOString() },
    ];
    const ctx: TurnContext = {
      plan,
      project: PROJECT,
      stakeholderType: "business",
      messages,
      now: START + 120_000,
      timeLimitMinutes: 12,
      decisions: [{ action: "read_back", topicId: "" }],
    };
    async function* stream() {
      for (const part of model.match(/\S+\s*/g) ?? []) yield part;
    }
    let text = "";
    for await (const chunk of checkedStream(stream(), ctx, {
      action: "follow_up",
      topicId: "",
      reason: "A need added.",
    }))
      text += chunk;
    return text.trim();
  }

  it("is not said back in front of the model's follow-up: the question shows as the model wrote it", async () => {
    for (const question of [
      "How should the waiting list work when a slot is cancelled?",
      "What else would help at the counter?",
    ])
      expect(await followUp(question)).toBe(question);
  });
});
