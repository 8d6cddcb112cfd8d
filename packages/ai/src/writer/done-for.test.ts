/** What the product does for a person is said as what they want done, never as their own act. Sentences are our own. */
import { describe, expect, it } from "vitest";
import { analyzeProject } from "../evidence/pipeline";
import { storySentence } from "../requirements/story";

const storiesFrom = (said: string[]) =>
  analyzeProject([
    {
      interviewId: 1,
      name: "Interview 1",
      stakeholderType: "business",
      transcript: said.map((s, i) => `AI: Question ${i + 1}?\nParticipant: ${s}`).join("\n"),
    },
  ]).requirements.epics.flatMap((e) => e.features.flatMap((f) => f.stories.map(storySentence)));

describe("what the product does for a person", () => {
  it.each([
    [
      "The tool should send invoices (e.g., on the first of the month) to save time.",
      "As a business stakeholder, I want to have invoices sent so that I can save time",
    ],
    [
      "I want the app to scan the delivery note so that my bookkeeper sees it at once",
      "As a business stakeholder, I want to have the delivery note scanned by the app so that my bookkeeper sees it at once",
    ],
    [
      "The timetable should automatically move the lesson when a teacher is ill",
      "As a business stakeholder, I want to have the lesson moved automatically when a teacher is ill",
    ],
    [
      "We want late fees to be charged automatically so that nobody forgets them",
      "As a business stakeholder, I want to have late fees charged automatically so that nobody forgets them",
    ],
    [
      "The app should notify the driver and the dispatcher of any delay",
      "As a business stakeholder, I want to have the driver and the dispatcher notified of any delay",
    ],
  ])("%s", (said, story) => expect(storiesFrom([said])).toEqual([story]));

  it("still gives the person what is sent to them", () => {
    expect(storiesFrom(["The system should send me a text when stock is low."])).toEqual([
      "As a business stakeholder, I want to get a text when stock is low",
    ]);
  });

  it("reads a purpose after a thing's own preposition as the reason", () => {
    expect(storiesFrom(["I'd like automatic receipts for orders to keep guests informed."])).toEqual([
      "As a business stakeholder, I want to get automatic receipts for orders so that I can keep guests informed",
    ]);
  });
});
