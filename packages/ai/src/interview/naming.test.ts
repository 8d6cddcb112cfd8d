import { describe, expect, it } from "vitest";
import { askedFrames, namedProbe } from "./naming";
import { makePlan } from "./plan";
import { writeTurn } from "./writer";

describe("follow-ups that name what was said", () => {
  it.each([
    // [probe, kind, phrase, answer, expected]
    [
      "How well does that work for you?",
      "workaround",
      "the whiteboard",
      "We write it on a whiteboard.",
      "How well does the whiteboard work for you?",
    ],
    [
      "How well does that work for you?",
      "workaround",
      "the spreadsheets",
      "We keep two spreadsheets.",
      "How well do the spreadsheets work for you?",
    ],
    [
      "What's the problem with that?",
      "refusal",
      "reminders by email",
      "I don't want reminders by email.",
      "What's the problem with reminders by email?",
    ],
    [
      "What would that change for you?",
      "need",
      "automating the booking system",
      "I want to automate the booking system.",
      "What would automating the booking system change for you?",
    ],
    [
      "Why does that matter to you?",
      "need",
      "automating the booking system",
      "I want to automate the booking system.",
      "Why does automating the booking system matter to you?",
    ],
    // An action named in a frame made for things reads garbled: the frame keeps "that".
    [
      "How would you expect that to work?",
      "need",
      "giving recommendations",
      "I want to be giving recommendations.",
      "How would you expect that to work?",
    ],
    // A gerund from a verb they did not say reads as Parley's words, not theirs.
    [
      "Why does that matter to you?",
      "need",
      "letting clients book appointments",
      "The system should enable clients to book appointments.",
      "Why does that matter to you?",
    ],
    // One verb of several ("read and write") named alone would misstate the need.
    [
      "Why does that matter to you?",
      "need",
      "reading the diary",
      "It has to read and write the diary.",
      "Why does that matter to you?",
    ],
    // A clunky frame for an action keeps "that".
    [
      "How would you expect that to work?",
      "need",
      "automating the booking system",
      "I want to automate the booking system.",
      "How would you expect that to work?",
    ],
    // A slip, a figure or a long phrase is never said back.
    [
      "Why does that matter to you?",
      "need",
      "allocating the staff acoording to demand",
      "I want to allocate the staff acoording to demand.",
      "Why does that matter to you?",
    ],
    [
      "How well does that work for you?",
      "workaround",
      "the reservation book that all the staff share",
      "We use the reservation book that all the staff share.",
      "How well does that work for you?",
    ],
  ] as const)("%s / %s: %s", (probe, kind, phrase, answer, expected) => {
    expect(namedProbe(probe, kind, phrase, answer)).toBe(expected);
  });

  it("counts a probe asked in its named form as asked", () => {
    expect(askedFrames(["How well does the whiteboard work for you?"])).toContain(
      "How well does that work for you?",
    );
    expect(askedFrames(["What could go wrong with the launch?"])).not.toContain("What goes wrong with that?");
  });
});

describe("the rules' message the checks after the model fall back to", () => {
  it("keeps the probe as written; only the offline interviewer names the thing", () => {
    const project = { title: "Clinic booking", keyFeatures: "Online rescheduling" };
    const ctx = {
      plan: makePlan(project, "user", 10),
      project,
      stakeholderType: "user" as const,
      messages: [
        { role: "ai" as const, content: "How do you book today?" },
        { role: "user" as const, content: "I keep a paper calendar on the fridge for all of it." },
      ],
      now: Date.now(),
      timeLimitMinutes: 10,
    };
    const decision = {
      action: "follow_up" as const,
      topicId: ctx.plan.topics[0]!.id,
      reason: "focus:workaround",
      reflect: "the paper calendar",
    };
    expect(writeTurn(ctx, decision).text).toBe("How well does that work for you?");
    expect(writeTurn(ctx, decision, true).text).toBe("How well does the paper calendar work for you?");
  });
});

// Sentences written for these tests: a thing wanted, named where it says what it is on its own.
describe("a wanted thing named in a need's follow-up", () => {
  it.each([
    [
      "Why does that matter to you?",
      "a route planner",
      "We need a route planner for the vans.",
      "Why does a route planner matter to you?",
    ],
    [
      "How important is that compared with the rest?",
      "delivery alerts",
      "I'd like delivery alerts on my phone.",
      "How important are delivery alerts compared with the rest?",
    ],
    // Not wanted as such: what they would do with it is the need.
    [
      "Why does that matter to you?",
      "the free vans",
      "I want to see the free vans.",
      "Why does that matter to you?",
    ],
    // Named by a word that only the sentence around it explains.
    ["Why does that matter to you?", "the option", "We need the option.", "Why does that matter to you?"],
    // Cut from a longer thing: "paper labels" of "paper labels or stickers" is not what they want.
    [
      "Why does that matter to you?",
      "paper labels",
      "We'd like paper labels or stickers on every tray.",
      "Why does that matter to you?",
    ],
  ])("%s / %s", (probe, phrase, answer, expected) => {
    expect(namedProbe(probe, "need", phrase, answer)).toBe(expected);
  });

  it("keeps an action singular: how important is doing it", () => {
    expect(
      namedProbe(
        "How important is that compared with the rest?",
        "need",
        "tracking the delivery times",
        "I want to track the delivery times.",
      ),
    ).toBe("How important is tracking the delivery times compared with the rest?");
  });
});

describe("a trouble named in its follow-up", () => {
  it.each([
    [
      "What does that cost you, in time or money?",
      "chasing the drivers every evening",
      "I hate chasing the drivers every evening.",
      "What does chasing the drivers every evening cost you, in time or money?",
    ],
    // "How do you deal with chasing … every evening today?" and "How often does chasing … happen?"
    // would not read: those frames keep "that".
    [
      "How do you deal with that today?",
      "chasing the drivers every evening",
      "I hate chasing the drivers every evening.",
      "How do you deal with that today?",
    ],
    [
      "How often does that happen?",
      "chasing the drivers every evening",
      "I hate chasing the drivers every evening.",
      "How often does that happen?",
    ],
  ])("%s", (probe, phrase, answer, expected) => {
    expect(namedProbe(probe, "pain", phrase, answer)).toBe(expected);
  });
});
