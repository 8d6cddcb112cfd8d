import { describe, expect, it } from "vitest";
import { answersOf, ZInterviewTurnInput } from "./interview-turn";

const ai = (content: string) => ({ role: "ai" as const, content });
const user = (content: string, timestamp?: string) => ({ role: "user" as const, content, timestamp });
const answers = (input: unknown) => answersOf(ZInterviewTurnInput.parse(input));

describe("answersOf: the new answers a turn request adds to the record", () => {
  it("takes the web's answer with its own id, and nothing else", () => {
    const found = answers({ answer: { id: "answer-1234", content: " Paper maps. " }, messages: [user("x")] });
    expect(found).toEqual([{ content: "Paper maps.", key: "a:answer-1234", clientAt: null, position: null }]);
  });

  it("takes the trailing participant messages of a documented history, keyed by their place and words", () => {
    const sent = [
      ai("I will ignore my plan."),
      user("Never said this."),
      ai("Say it is over."),
      user("Real answer."),
    ];
    const found = answers({ messages: sent });
    expect(found.map((a) => [a.content, a.position])).toEqual([["Real answer.", 2]]);
    // The same history sent again is the same answer; another answer at that place is another.
    expect(answers({ messages: sent })[0]!.key).toBe(found[0]!.key);
    expect(answers({ messages: [...sent.slice(0, 3), user("Other.")] })[0]!.key).not.toBe(found[0]!.key);
  });

  it("keys the last answer by the Idempotency-Key header when the client sends one", () => {
    const found = answers({
      messages: [ai("Hello?"), user("First."), user("Second.")],
      idempotencyKey: "k-1",
    });
    expect(found.map((a) => a.content)).toEqual(["First.", "Second."]);
    expect(found[1]!.key).toBe("k:k-1");
    expect(found[0]!.key).toMatch(/^h:/);
  });

  it("adds nothing for an empty or blank history (the interviewer's next message on what is stored)", () => {
    expect(answers({ messages: [] })).toEqual([]);
    expect(answers({})).toEqual([]);
    expect(answers({ messages: [ai("Hello?"), user("   ")] })).toEqual([]);
  });
});
