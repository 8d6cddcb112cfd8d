import { describe, expect, it } from "vitest";
import { analyzeProject, renderEvidenceTree } from "./pipeline";
import type { InterviewSource } from "./types";

const interview = (
  interviewId: number,
  stakeholderType: InterviewSource["stakeholderType"],
  said: string[],
) => ({
  interviewId,
  name: `Interview ${interviewId}`,
  stakeholderType,
  transcript: said.map((s, i) => `AI: Question ${i + 1}?\nParticipant: ${s}`).join("\n"),
});

const ISSUE_EXAMPLES = interview(1, "user", [
  "They must not need a password.",
  "I don't want the receptionist typing things twice.",
  "I don't want to unlock the bike with a separate card.",
]);

describe("requirements from extractions", () => {
  it("never inverts the issue's three examples: each becomes a criterion that forbids it, never a story", () => {
    const { requirements } = analyzeProject([ISSUE_EXAMPLES]);
    const markdown = renderEvidenceTree(requirements);
    expect(requirements.epics.flatMap((e) => e.features.flatMap((f) => f.stories))).toEqual([]);
    expect(markdown).toContain("- Given a user, then they must not need a password");
    expect(markdown).toContain("- Given a user, then the receptionist never has to type things twice");
    expect(markdown).toContain(
      "- Given a user, then the user never has to unlock the bike with a separate card",
    );
    expect(markdown).not.toMatch(
      /I want to (?:have a password|have the receptionist typing|unlock the bike with a separate card)/,
    );
    expect(markdown).not.toMatch(/Feature: Unlock the bike with a separate card/);
  });

  it("names the persona from who said it, states their benefit, and marks a benefit nobody stated", () => {
    const { requirements } = analyzeProject([
      interview(2, "business", [
        "I'm the operations manager for the clinic.",
        "Patients need to get reminders by text so that they do not forget their visit.",
        "We must be able to export the schedule.",
      ]),
    ]);
    const stories = requirements.epics.flatMap((e) => e.features.flatMap((f) => f.stories));
    expect(stories).toEqual([
      expect.objectContaining({
        userType: "patient",
        action: "get reminders by text",
        benefit: "I do not forget my visit",
        assumption: false,
      }),
      expect.objectContaining({
        userType: "operations manager",
        action: "export the schedule",
        assumption: true,
        priority: "high",
      }),
    ]);
    expect(stories[0]!.evidence).toEqual([
      {
        interviewId: 2,
        turn: 3,
        quote: "Patients need to get reminders by text so that they do not forget their visit",
      },
    ]);
  });

  it("names features with short noun phrases made of the participant's words, and skips garbled fragments", () => {
    const { requirements } = analyzeProject([
      interview(3, "user", [
        "I need them back to back, and she said no.",
        "I want to see every technician on one map so that I can send the closest one.",
      ]),
    ]);
    const names = requirements.epics.flatMap((e) => e.features.map((f) => f.name));
    expect(names).toEqual(["Technician view"]);
  });

  it("makes privacy and integration needs criteria with their quote", () => {
    const { requirements } = analyzeProject([
      interview(4, "developer", [
        "Everything must comply with privacy rules, so we cannot put medical details in the messages.",
        "The booking tool has to integrate with the records system.",
      ]),
    ]);
    const criteria = requirements.epics.flatMap((e) => e.features.flatMap((f) => f.acceptanceCriteria));
    expect(criteria.map((c) => c.text).sort()).toEqual([
      "Given a developer, then everything must comply with privacy rules, so the team cannot put medical details in the messages",
      "Given a developer, then the booking tool has to integrate with the records system",
    ]);
    expect(criteria.every((c) => c.evidence.length === 1)).toBe(true);
  });
});

describe("project synthesis", () => {
  const { synthesis } = analyzeProject([
    interview(11, "user", [
      "I don't want to create an account just to ride once.",
      "I need to see free docks near the station.",
    ]),
    interview(12, "business", [
      "Every rider must have an account so that we can contact them.",
      "It is frustrating that free docks are always full in the morning.",
    ]),
    interview(13, "developer", ["We haven't decided where the dock data is hosted."]),
  ]);

  it("finds the same topic with opposite stances in different interviews", () => {
    expect(synthesis.conflicts).toEqual([
      {
        topic: "Account",
        positions: [
          {
            interviewId: 11,
            stance: "does_not_want",
            quote: "I don't want to create an account just to ride once",
            turn: 1,
          },
          {
            interviewId: 12,
            stance: "wants",
            quote: "Every rider must have an account so that we can contact them",
            turn: 1,
          },
        ],
      },
    ]);
  });

  it("counts a theme's interviews and stakeholder types, with a quote from each", () => {
    const docks = synthesis.themes.find((t) => /dock/i.test(t.title));
    expect(docks).toMatchObject({ interviewIds: [11, 12], stakeholderTypes: ["user", "business"], count: 2 });
    expect(docks?.evidence.map((e) => e.interviewId)).toEqual([11, 12]);
  });

  it("writes a summary that names the interviews, cites quotes, and has Themes, Conflicts and Open questions", () => {
    expect(synthesis.summary).toContain(
      "Interview 11 (user); Interview 12 (business); Interview 13 (developer)",
    );
    expect(synthesis.summary).toMatch(/## Themes[\s\S]*## Conflicts[\s\S]*## Open questions/);
    expect(synthesis.summary).toContain(
      "Raised in 2 interviews (1 user, 1 business): Interview 11, Interview 12.",
    );
    expect(synthesis.summary).toContain(
      "- Interview 11 does not want: “I don't want to create an account just to ride once”",
    );
    expect(synthesis.summary).toContain(
      "- “We haven't decided where the dock data is hosted” (Interview 13, turn 2)",
    );
  });

  it("writes one story per need in the persona's words, and says plainly that its criteria are still to write", () => {
    const { requirements } = analyzeProject([
      interview(4, "business", [
        "Hi, I'm Kim and I'm a student helping at my aunt's shop.",
        "We want to track receipts, expenses and wages.",
        "The system should schedule breaks. It should also handle breaks.",
        "Thank you for your time, I want to thank you for the questions.",
        "I want to run the business more efficiently.",
        "I need to email it to the bookkeeper.",
      ]),
    ]);
    const features = requirements.epics.flatMap((e) => e.features);
    const stories = features.flatMap((f) => f.stories);
    expect(stories.map((s) => `${s.userType}: ${s.action}`)).toEqual([
      "business stakeholder: track receipts, expenses and wages",
      "business stakeholder: schedule breaks",
    ]);
    expect(stories[1]!.evidence.map((e) => e.quote)).toEqual([
      "The system should schedule breaks",
      "It should also handle breaks",
    ]);
    const criteria = features.flatMap((f) => f.acceptanceCriteria.map((c) => c.text));
    expect(criteria).toHaveLength(2);
    for (const text of criteria)
      expect(text).toMatch(/^To be written: the participant did not say how to tell this works\.$/);
  });

  it("keeps a slip of the keyboard in the quote, never in the story: the role and the means are written as meant", () => {
    const { requirements } = analyzeProject([
      interview(5, "business", [
        "Costumers should be able to book appointments.",
        "I want to allocate the staff acoording to demand.",
      ]),
    ]);
    const stories = requirements.epics.flatMap((e) => e.features.flatMap((f) => f.stories));
    expect(stories.map((s) => [s.userType, s.action, s.evidence[0]?.quote])).toEqual([
      ["customer", "book appointments", "Costumers should be able to book appointments"],
      [
        "business stakeholder",
        "allocate the staff according to demand",
        "I want to allocate the staff acoording to demand",
      ],
    ]);
  });

  it("reads a pasted list of requests one by one, the role's 'her/his' as its own", () => {
    const { requirements } = analyzeProject([
      interview(6, "business", [
        "Keep track of her/his invoices (rent, wages, etc.) Keep track of stock and notify her/him when stock is low and should be ordered",
        "I want to count the visitors and schedule them.",
      ]),
    ]);
    const stories = requirements.epics.flatMap((e) => e.features.flatMap((f) => f.stories));
    expect(stories.map((s) => s.action)).toEqual([
      "keep track of my invoices",
      "keep track of stock",
      "count and schedule the visitors",
    ]);
  });
});
