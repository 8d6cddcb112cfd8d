import { describe, expect, it } from "vitest";
import { makePlan } from "./plan";
import { sayable } from "./readback-said";
import type { TurnContext } from "./types";

// Sentences written for these tests.
const project = { title: "Shop orders", objective: "Take orders online.", keyFeatures: "Ordering" };
const ctx = (answers: string[]): TurnContext => ({
  plan: makePlan(project, "business", 10),
  project,
  stakeholderType: "business",
  messages: answers.flatMap((content, i) => [
    { role: "ai" as const, content: "What would help?", timestamp: new Date(i * 60_000).toISOString() },
    { role: "user" as const, content, timestamp: new Date(i * 60_000 + 30_000).toISOString() },
  ]),
  now: answers.length * 60_000,
  timeLimitMinutes: 10,
});

describe("the offline read-back's points", () => {
  it("leaves out facts about them and points with a grammar slip", () => {
    const points = [
      "You'd like orders to come in online.",
      "Right now you have 6 fulltime employees.",
      "The invoices should be send to the accountant.",
      "You don't want customers to need an account.",
    ];
    expect(sayable(ctx(["We sell bread."]), points, true)).toEqual([
      "You'd like orders to come in online.",
      "You don't want customers to need an account.",
    ]);
  });

  it("holds the hard part named in the answer just before it, on the first read-back only", () => {
    const answers = ["I want orders online.", "Taking orders is easy, keeping stock right is the hard part."];
    const points = ["You want orders online."];
    expect(sayable(ctx(answers), points, true, true)).toEqual([
      "You want orders online.",
      "Keeping stock right is the hard part.",
    ]);
    expect(sayable(ctx(answers), points, true, false)).toEqual(points);
  });
});
