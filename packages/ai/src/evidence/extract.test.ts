import { describe, expect, it } from "vitest";
import { extractInterview } from "./extract";
import { transcriptTurns } from "./turns";
import type { InterviewSource } from "./types";
import { findEvidence, originalQuote } from "./verify";

const source = (transcript: string, extra: Partial<InterviewSource> = {}): InterviewSource => ({
  interviewId: 7,
  stakeholderType: "user",
  transcript,
  ...extra,
});

describe("quotes are verified against the participant's own turns", () => {
  const turns = transcriptTurns(
    "AI: So you need a dashboard with every van on it?\nParticipant: No. I need to see every van on one map.",
  );

  it("never takes the interviewer's words as the participant's", () => {
    expect(findEvidence(turns, 7, "you need a dashboard with every van")).toBeNull();
    expect(findEvidence(turns, 7, "I need to see every van on one map", 0)).toEqual({
      interviewId: 7,
      turn: 1,
      quote: "I need to see every van on one map",
    });
  });

  it("gives back the participant's exact characters for a quote matched up to case, spaces and curly quotes", () => {
    expect(originalQuote("i DON’T  want", "Well, I don't want that")).toBe("I don't want");
    expect(originalQuote("I do want", "Well, I don't want that")).toBeNull();
  });
});

describe("per-interview extraction", () => {
  const extraction = extractInterview(
    source(`AI: Tell me about sign-in.
Participant: I'm a receptionist at the clinic. They must not need a password.
AI: And the desk?
Participant: I don't want the receptionist typing things twice. Did you see the football last night?
AI: Ha, no. Who pays for text messages?
Participant: We haven't decided who pays for the text messages. Dr. Patel wants reminders by text so that patients remember to come.`),
  );
  const byQuote = (start: string) => extraction.items.find((i) => i.quote.startsWith(start));

  it("keeps each stance: a 'must not' is must_never, a 'don't want' is does_not_want", () => {
    expect(byQuote("They must not need a password")).toMatchObject({
      polarity: "must_never",
      turn: 1,
      interviewId: 7,
    });
    expect(byQuote("I don't want the receptionist typing things twice")).toMatchObject({
      polarity: "does_not_want",
    });
  });

  it("never makes an item of a question in passing, and takes open questions from what was left undecided", () => {
    expect(extraction.items.some((i) => /football/.test(i.quote))).toBe(false);
    expect(extraction.items.filter((i) => i.kind === "open_question").map((i) => i.quote)).toEqual([
      "We haven't decided who pays for the text messages",
    ]);
  });

  it("keeps 'Dr. Patel …' as one sentence, and reads the role the participant named", () => {
    expect(byQuote("Dr. Patel wants reminders by text")?.quote).toBe(
      "Dr. Patel wants reminders by text so that patients remember to come",
    );
    expect(extraction.role).toBe("receptionist");
  });

  it("marks items the read-back confirmed, corrected or rejected", () => {
    const marked = extractInterview(
      source(
        "AI: Hi\nParticipant: We need reminders by text so that patients come. I want a weekly report of no-shows. I need a waiting list for cancelled slots.",
        {
          readBack: {
            points: [
              { text: "Reminders by text so patients come", confirmed: true },
              { text: "A weekly report of no-shows", confirmed: false, correction: "Monthly, not weekly" },
              { text: "A waiting list for cancelled slots", confirmed: false },
            ],
          },
        },
      ),
    );
    expect(marked.items.map((i) => [i.readBack, i.correction])).toEqual([
      ["confirmed", null],
      ["corrected", "Monthly, not weekly"],
      ["rejected", null],
    ]);
  });

  it("classifies constraints and metrics", () => {
    const items = extractInterview(
      source(
        "Participant: Everything must comply with privacy rules, so we cannot put medical details in the messages. The tool has to integrate with our ERP. About 15% of appointments are missed.",
      ),
    ).items;
    expect(items.map((i) => [i.kind, i.constraint, i.polarity])).toEqual([
      ["constraint", "privacy", "must_never"],
      ["constraint", "integration", "wants"],
      ["metric", null, "wants"],
    ]);
  });
});
