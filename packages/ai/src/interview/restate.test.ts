import { describe, expect, it } from "vitest";
import { ASK_AGAIN, ASK_MORE } from "./closing";
import { meantBy } from "./restate";

// The interviewer's question said again as a statement, for "what do you mean?". Our own questions.
describe("a question said plainly", () => {
  it.each([
    ["What would online ordering change for you?", "I meant what online ordering would change for you"],
    ["How do you take orders today?", "I meant how you take orders today"],
    ["How does the bakery get by without a till?", "I meant how the bakery gets by without a till"],
    ["What did the team try before?", "I meant what the team tried before"],
    [
      "How much time does this take you in a typical week?",
      "I meant how much time this takes you in a typical week",
    ],
    [
      "What else should the team know before we wrap up?",
      "I meant what else the team should know before we wrap up",
    ],
    ["Who would use a waiting list most?", "I meant who would use a waiting list most"],
    ["What's the hardest part of that today?", "I meant what the hardest part of that today is"],
    [
      "Did I get that right, or is anything missing?",
      "I meant whether I got that right, or whether anything is missing",
    ],
    ["Is there a tool you like using?", "I meant whether there is a tool you like using"],
    ["Could you give me a recent example?", "I was asking you to give me a recent example"],
    ["If you could change one thing, what would it be?", null],
  ])("%s", (question, said) => expect(meantBy(question)).toBe(said));
});

describe("the ways of asking for more, restated", () => {
  it("each reads as said when restated, or is not restated", () => {
    for (const q of [...ASK_MORE, ...ASK_AGAIN]) expect(meantBy(q) ?? "").not.toMatch(/\b(?:is|are)$/);
  });
});
