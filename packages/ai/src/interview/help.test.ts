import { describe, expect, it } from "vitest";
import { answerTo, participantAsk } from "./asks";
import { saidAlready } from "./focus";
import { makePlan } from "./plan";

// Sentences written for this test.
const PROJECT = { title: "Bike repair shop", keyFeatures: "Repair tracking\nParts ordering" };
const plan = makePlan(PROJECT, "business", 12);

describe("a participant asking for help", () => {
  it("offline, is helped with a place to start, said as a statement, never declined", () => {
    const context = { project: PROJECT, topic: plan.topics[0]!, lastQuestion: "What else?", offline: true };
    const help = answerTo(participantAsk("I'm stuck here, could you help me with that?")!, context);
    expect(help).toMatch(/^Of course\. A rough idea is enough; for example, think of /);
    expect(help).not.toMatch(/can't decide/);
    expect(help.endsWith("?")).toBe(false);
  });

  it("with a choice among what they said, says where to start on choosing", () => {
    const context = {
      project: PROJECT,
      topic: plan.topics[1]!,
      lastQuestion: "Of everything you've described, what matters most to you?",
      offline: true,
    };
    const help = answerTo(participantAsk("I'm not sure, could you help me with that?")!, context);
    expect(help).toBe(
      "Of course. A rough idea is enough; for example, think of what costs you the most time or trouble today.",
    );
  });

  it("with a follow-up, says where to start on what it asks, not the topic's feature", () => {
    const context = {
      project: PROJECT,
      topic: plan.topics[1]!,
      lastQuestion: "Who would use that most?",
      offline: true,
    };
    const help = answerTo(participantAsk("I'm not sure, could you help me with that?")!, context);
    expect(help).toBe(
      "Of course. A rough idea is enough; for example, think of the people you work with, or the customers you serve.",
    );
  });

  it("with a follow-up about what something not there yet would change, pictures it rather than recalls it", () => {
    const context = {
      project: PROJECT,
      topic: plan.topics[1]!,
      lastQuestion: "What would that change for you?",
      offline: true,
    };
    const help = answerTo(participantAsk("I'm not really sure, could you help me with that?")!, context);
    expect(help).toBe(
      "Of course. A rough idea is enough; for example, think of what you'd do differently if you had it.",
    );
  });

  it("names a feature of the brief when the topic is not one", () => {
    const context = { project: PROJECT, topic: null, lastQuestion: null, offline: true };
    const help = answerTo(participantAsk("Can you help me with this one?")!, context);
    expect(help).toContain("think of repair tracking and what you'd want it to do for you");
  });
});

describe("how often, once they said it", () => {
  it.each([
    "The courier turns up late every Friday.",
    "On Mondays the phone never stops.",
    "It happens once a month, at the stock count.",
    "We lose a booking three times or so.",
    "Sometimes a customer shows up twice.",
    "Chasing the suppliers takes me about two hours a week.",
    "We get forty calls a day about it.",
  ])("is not asked after %s", (answer) => {
    expect(saidAlready("How often does that happen?", answer, "")).toBe(true);
  });

  it("is still asked when they did not say", () => {
    expect(saidAlready("How often does that happen?", "The courier turns up late.", "")).toBe(false);
  });
});

describe("how important, once they ranked it", () => {
  it.each([
    "Repair tracking is the highest priority, then the parts.",
    "Most important for me is knowing when a bike is ready.",
    "First, the booking; second, the reminders.",
  ])("is not asked after %s", (answer) => {
    expect(saidAlready("How important is that compared with the rest?", answer, "")).toBe(true);
  });

  it("is still asked when they did not say", () => {
    const answer = "I'd also like customers to see the repair status.";
    expect(saidAlready("How important is that compared with the rest?", answer, "")).toBe(false);
  });
});

describe("a participant asking to go on in their language", () => {
  it("is told the model path goes on in it, and the rules that they may answer in it", () => {
    const ask = participantAsk("Could we do this in Spanish?")!;
    expect(ask.kind).toBe("language");
    const context = { project: PROJECT, topic: null, lastQuestion: null };
    expect(answerTo(ask, context)).toBe("Of course, we can continue in Spanish.");
    expect(answerTo(ask, { ...context, offline: true })).toMatch(
      /^You're welcome to answer in Spanish; I'll keep asking in English/,
    );
  });
});

// Sentences written for these tests.
describe("a 'why' wondered aloud", () => {
  it("is no question to the interviewer when the answer goes on from it", () => {
    expect(
      participantAsk(
        "Three vans are always late. But why is the blue one the slowest? Maybe the route is wrong.",
      ),
    ).toBeNull();
  });

  it("is one when it is put to the interviewer or ends the answer", () => {
    expect(participantAsk("Why do you need my address? I'd rather not say.")?.kind).toBe("info");
    expect(participantAsk("Why is the price hidden?")?.kind).toBe("info");
  });
});

describe("a participant asking what the project is for", () => {
  it("is told the brief's goal quoted whole, never as a fragment after a colon", () => {
    const project = { title: "Bike repair shop", objective: "Move the shop's repair tickets onto a tablet." };
    const ask = participantAsk("So will the repair tickets go onto a tablet?");
    expect(ask?.kind).toBe("info");
    expect(answerTo(ask!, { project, topic: null, lastQuestion: null, offline: true })).toBe(
      "The project brief gives its goal as “Move the shop's repair tickets onto a tablet.”",
    );
  });
});
