import { describe, expect, it } from "vitest";
import { focusesOf, followUpFor } from "./focus";

// Sentences written for these tests: what a follow-up takes up in an answer, and how it asks.
describe("what a follow-up takes up", () => {
  it.each([
    [
      "We tried a shared calendar last spring, but the drivers never opened it.",
      "tried",
      "What would have to be different this time?",
    ],
    ["The warehouse move in March could block us.", "risk", "What would you do if that happened?"],
    [
      "The export fails every Monday and someone fixes it by hand.",
      "pain",
      "What's the hardest part of that?",
    ],
  ])("%s", (answer, kind, question) => {
    expect(focusesOf(answer).map((f) => f.kind)).toContain(kind);
    expect(followUpFor(answer, [])?.question).toBe(question);
  });

  it("does not read a plain past as something tried", () => {
    expect(focusesOf("We bought a new van last year.").map((f) => f.kind)).not.toContain("tried");
  });
});
