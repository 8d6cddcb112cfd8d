import { describe, expect, it } from "vitest";
import { SentenceSplitter } from "./sentences";

function split(chunks: string[]) {
  const splitter = new SentenceSplitter();
  const out: string[] = [];
  for (const chunk of chunks) out.push(...splitter.push(chunk));
  return { done: out, rest: splitter.flush() };
}

describe("SentenceSplitter", () => {
  it("hands on each sentence as soon as the next one begins, the last one at the end", () => {
    const splitter = new SentenceSplitter();
    expect(splitter.push("Thanks, that helps")).toEqual([]);
    expect(splitter.push(" a lot. Which part")).toEqual(["Thanks, that helps a lot. "]);
    expect(splitter.push(" of the morning takes longest?")).toEqual([]);
    expect(splitter.flush()).toEqual(["Which part of the morning takes longest?"]);
    expect(splitter.flush()).toEqual([]);
  });

  it("keeps numbers, short fragments and closing quotes inside a sentence", () => {
    const { done, rest } = split([
      "It costs 3.",
      "5 dollars. ",
      "Okay. So you said “",
      "by hand.” Why?",
      "\nAnd then?",
    ]);
    expect(done).toEqual(["It costs 3.5 dollars. ", "Okay. So you said “by hand.” "]);
    expect(rest).toEqual(["Why?\nAnd then?"]);
  });

  it("hands on a short first sentence at once, without waiting for the question after it", () => {
    const splitter = new SentenceSplitter();
    expect(splitter.push("Got it. ")).toEqual(["Got it. "]);
    expect(splitter.push("Okay. Which part")).toEqual([]);
    expect(splitter.flush()).toEqual(["Okay. Which part"]);
  });

  it("does not end a sentence after a title or an initial", () => {
    const { done, rest } = split(["Dr. ", "Lee and J. ", "Smith run it. ", "Who else?"]);
    expect(done).toEqual(["Dr. Lee and J. Smith run it. "]);
    expect(rest).toEqual(["Who else?"]);
  });

  it("loses no character of the reply", () => {
    const reply = "Hello there! I'm your interviewer today.\n\nWhat do you do? Tell me more… please.";
    const chunks = reply.match(/.{1,3}/gs) ?? [];
    const { done, rest } = split(chunks);
    expect([...done, ...rest].join("")).toBe(reply);
    expect(done.length).toBeGreaterThanOrEqual(2);
  });
});
