import { describe, expect, it } from "vitest";
import { normalizeQuote, polarityOf, quoteOccursIn, splitSentences } from "./text";
import { messageTurns, transcriptTurns } from "./turns";

describe("sentences", () => {
  it("keeps titles, e.g., i.e., decimals and a mid-sentence etc. inside one sentence", () => {
    expect(
      splitSentences(
        "Dr. Patel and Mr. Jones agreed. We need e.g. text reminders, i.e. short ones. It took 3.5 hours, 2.75 on average. Paper, pens etc. are everywhere.",
      ),
    ).toEqual([
      "Dr. Patel and Mr. Jones agreed.",
      "We need e.g. text reminders, i.e. short ones.",
      "It took 3.5 hours, 2.75 on average.",
      "Paper, pens etc. are everywhere.",
    ]);
  });

  it("ends a sentence at etc. when a new one starts, and at ?, ! and line breaks", () => {
    expect(splitSentences("We sell shoes, bags etc. Then we ship them! Why?\nNext line")).toEqual([
      "We sell shoes, bags etc.",
      "Then we ship them!",
      "Why?",
      "Next line",
    ]);
  });
});

describe("polarity", () => {
  it.each([
    ["They must not need a password", "must_never"],
    ["Location data must never be kept for longer than 30 days", "must_never"],
    ["Customers are not allowed to see other accounts", "must_never"],
    ["I don't want the receptionist typing things twice", "does_not_want"],
    ["I don't want to unlock the bike with a separate card", "does_not_want"],
    ["Patients shouldn't wait on hold", "does_not_want"],
    ["We no longer want paper forms", "does_not_want"],
    ["I want to log in without a password", "does_not_want"],
    ["Nobody should have to enter an order twice, not even once more twice", "does_not_want"],
    ["I need to see every technician on one map", "wants"],
    ["Patients need reminders so that they do not forget", "wants"],
  ])("reads %j as %s", (text, polarity) => {
    const clause = text.split(/\s+so that\s+/)[0]!;
    expect(polarityOf(clause)).toBe(polarity);
  });
});

describe("quote matching", () => {
  it("matches up to case, spacing and curly quotes, and nothing looser", () => {
    expect(normalizeQuote("I  DON’T want “this”")).toBe(`i don't want "this"`);
    expect(
      quoteOccursIn("“I don't want the receptionist”", "Well, I don’t  want the receptionist typing"),
    ).toBe(true);
    expect(
      quoteOccursIn("I want the receptionist typing", "Well, I don't want the receptionist typing"),
    ).toBe(false);
  });
});

describe("turns", () => {
  it("numbers the stored transcript's turns by speaker, joins continuation lines and stops at the notes", () => {
    const turns = transcriptTurns(
      "AI: What slows you down?\nParticipant: Paper maps.\nAnd phone calls.\n\nAI: Thanks.\n\n=========================\nINTERVIEW NOTES\nParticipant: not a turn",
    );
    expect(turns).toEqual([
      { index: 0, speaker: "interviewer", text: "What slows you down?" },
      { index: 1, speaker: "participant", text: "Paper maps.\nAnd phone calls." },
      { index: 2, speaker: "interviewer", text: "Thanks." },
    ]);
  });

  it("reads conversation messages, leaving images out", () => {
    expect(
      messageTurns([
        { role: "ai", content: "Hello" },
        { role: "user", content: "photo", type: "image" },
        { role: "user", content: "I need a map." },
      ]),
    ).toEqual([
      { index: 0, speaker: "interviewer", text: "Hello" },
      { index: 1, speaker: "participant", text: "I need a map." },
    ]);
  });
});
