import { describe, expect, it } from "vitest";
import { withoutEchoes } from "./check";
import { makePlan } from "./plan";
import { type InterviewProvider, interviewTurn } from "./turn";

// Issue 34: the first words sooner. Each sentence leaves as soon as it is whole, whatever follows.
const PROJECT = {
  title: "Bakery orders",
  objective: "Let customers order cakes online and pick them up without queueing.",
  keyFeatures: "Online ordering\nPickup slots",
};
const START = Date.parse("2026-11-23T10:00:00Z");
const ANSWER = "I plan the bakery's orders every morning.";

/** A model's stream that notes each chunk in `log` as it is written. */
async function* written(chunks: string[], log: string[]) {
  for (const chunk of chunks) {
    log.push(`model: ${chunk.trim()}`);
    yield chunk;
  }
}

/** Reads a checked stream, noting each sentence it passes on (as the browser would speak it). */
async function read(stream: AsyncIterable<string>, log: string[]) {
  let text = "";
  for await (const chunk of stream) {
    text += chunk;
    const ended = text.match(/^(.*?[.?!])\s/);
    if (ended) {
      log.push(`out: ${ended[1]}`);
      text = text.slice(ended[0].length);
    }
  }
  if (text.trim()) log.push(`out: ${text.trim()}`);
}

async function modelTurn(chunks: string[], log: string[]) {
  const model: InterviewProvider = {
    complete: async () => "",
    structured: async () => "",
    stream: () => written(chunks, log),
  };
  const turn = await interviewTurn(
    {
      plan: makePlan(PROJECT, "business", 12),
      project: PROJECT,
      stakeholderType: "business",
      messages: [
        { role: "ai", content: "What is your role?", timestamp: new Date(START).toISOString() },
        { role: "user", content: ANSWER, timestamp: new Date(START + 60_000).toISOString() },
      ],
      now: START + 65_000,
      timeLimitMinutes: 12,
    },
    model,
  );
  await read(turn.stream, log);
}

describe("the interviewer's words, released sentence by sentence", () => {
  it("passes on an acknowledgement that does not repeat the answer before the question is written", async () => {
    const log: string[] = [];
    await modelTurn(["That helps me picture", " the counter.", " What slows", " it down most?"], log);
    expect(log.indexOf("out: That helps me picture the counter.")).toBeLessThan(
      log.indexOf("model: What slows"),
    );
  });

  it("drops an opening that repeats the answer and passes on the next sentence as soon as it ends", async () => {
    const log: string[] = [];
    await modelTurn(
      [
        `You said "I plan the bakery's orders".`,
        " What slows",
        " it down most?",
        " Tell me",
        " about Saturdays.",
      ],
      log,
    );
    expect(log.some((l) => l.startsWith("out: You said"))).toBe(false);
    expect(log.indexOf("out: What slows it down most?")).toBeLessThan(log.indexOf("model: Tell me"));
  });

  it("in a language the rules do not read, passes on each sentence as it ends and drops a quote of the answer", async () => {
    const log: string[] = [];
    const checks = { answer: "Wir planen jede Route von Hand.", earlier: [], instead: null };
    const model = written(
      [
        'Sie sagten "jede Route von Hand".',
        " Danke, das hilft.",
        " Was dauert",
        " am längsten?",
        " Und",
        " warum?",
      ],
      log,
    );
    await read(withoutEchoes(model, checks), log);
    expect(log.some((l) => l.startsWith("out: Sie sagten"))).toBe(false);
    expect(log.indexOf("out: Danke, das hilft.")).toBeLessThan(log.indexOf("model: Was dauert"));
    expect(log.indexOf("out: Was dauert am längsten?")).toBeLessThan(log.indexOf("model: Und"));
  });

  it("in a language the rules do not read, says a quote of the answer when nothing else comes", async () => {
    const log: string[] = [];
    const checks = { answer: "Wir planen jede Route von Hand.", earlier: [], instead: null };
    await read(withoutEchoes(written(['Sie sagten "jede Route von Hand".'], log), checks), log);
    expect(log).toContain('out: Sie sagten "jede Route von Hand".');
  });
});
