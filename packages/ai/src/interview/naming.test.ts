import { describe, expect, it } from "vitest";
import { askedFrames, namedProbe } from "./naming";

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
      "Who else would that help?",
      "need",
      "automating the booking system",
      "I want to automate the booking system.",
      "Who else would automating the booking system help?",
    ],
    // A gerund from a verb they did not say reads as Parley's words, not theirs.
    [
      "Who else would that help?",
      "need",
      "letting clients book appointments",
      "The system should enable clients to book appointments.",
      "Who else would that help?",
    ],
    // One verb of several ("read and write") named alone would misstate the need.
    [
      "Who else would that help?",
      "need",
      "reading the diary",
      "It has to read and write the diary.",
      "Who else would that help?",
    ],
    // A clunky frame for an action keeps "that".
    [
      "What would make that work well for you?",
      "need",
      "automating the booking system",
      "I want to automate the booking system.",
      "What would make that work well for you?",
    ],
    // A slip, a figure or a long phrase is never said back.
    [
      "Who else would that help?",
      "need",
      "allocating the staff acoording to demand",
      "I want to allocate the staff acoording to demand.",
      "Who else would that help?",
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
