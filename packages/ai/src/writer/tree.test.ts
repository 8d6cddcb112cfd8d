/** The tree's stories belong to whoever wants them; a refusal of another's need is a conflict. Sentences are our own. */
import { describe, expect, it } from "vitest";
import { analyzeProject, renderEvidenceTree } from "../evidence/pipeline";
import type { InterviewSource } from "../evidence/types";
import { TO_WRITE_AS_STORY } from "../requirements/story";

const interview = (
  interviewId: number,
  stakeholderType: InterviewSource["stakeholderType"],
  said: string[],
): InterviewSource => ({
  interviewId,
  name: `Interview ${interviewId}`,
  stakeholderType,
  transcript: said.map((s, i) => `AI: Question ${i + 1}?\nParticipant: ${s}`).join("\n"),
});

const storiesOf = (sources: InterviewSource[]) =>
  analyzeProject(sources).requirements.epics.flatMap((e) =>
    e.features.flatMap((f) => f.stories.map((s) => `As a ${s.userType}, I want to ${s.action}`)),
  );

describe("the tree's stories and criteria", () => {
  it("writes no story granting people a rule another lays on them", () => {
    const stories = storiesOf([
      interview(1, "business", ["Every guest must sign the waiver so that we are insured."]),
    ]);
    expect(stories.join("\n")).not.toMatch(/As a guest, I want to sign the waiver/);
  });

  it("still writes what a person is given or enabled to do", () => {
    const stories = storiesOf([
      interview(1, "business", [
        "Guests should be able to cancel a booking online.",
        "Guests should get a receipt by email.",
        "Guests should have the option to pay at the door.",
      ]),
    ]);
    expect(stories.join("\n")).toMatch(/As a guest, I want to (?:have the option to )?pay at the door/);
    expect(stories).toContain("As a guest, I want to cancel a booking online");
    expect(stories).toContain("As a guest, I want to get a receipt by email");
  });

  it("leaves out a reason said for the speaker's own group ('so that we …')", () => {
    const { requirements } = analyzeProject([
      interview(1, "business", ["Members need to upload a photo so that we can check who comes in."]),
    ]);
    const story = requirements.epics[0]?.features[0]?.stories[0];
    expect(story?.benefit).not.toMatch(/\bwe\b/);
    expect(story?.assumption).toBe(true);
  });

  it("flags a refusal of another participant's request as a conflict to settle", () => {
    const { requirements } = analyzeProject([
      interview(1, "business", ["I want to add a service charge automatically."]),
      interview(2, "user", ["I don't want a service charge added automatically."]),
    ]);
    const markdown = renderEvidenceTree(requirements);
    expect(markdown).toContain("does not want this; the participants must settle it first");
    expect(markdown).not.toMatch(/never leads to a service charge/);
  });

  it("flags a rule one participant lays on others that another refuses as a conflict to settle", () => {
    const { requirements } = analyzeProject([
      interview(1, "business", ["Drivers must photograph every parcel so that claims are easy to check."]),
      interview(2, "user", ["I don't want to photograph every parcel when ten go to one door."]),
    ]);
    const markdown = renderEvidenceTree(requirements);
    expect(markdown).toContain(
      "a business stakeholder requires this and a user does not want it; the participants must settle it first",
    );
    expect(markdown).not.toMatch(/never has to photograph every parcel/);
  });

  it("flags a refusal of the one thing another's rule asks for, said in other words", () => {
    const markdown = renderEvidenceTree(
      analyzeProject([
        interview(1, "business", ["Every visitor must have a badge so that security knows who is inside."]),
        interview(2, "user", ["I don't want to wear a badge just to drop off a letter."]),
      ]).requirements,
    );
    expect(markdown).toContain(
      "requires this and a user does not want it; the participants must settle it first",
    );
  });

  it("flags a rule forbidding most of what another participant asked for", () => {
    const markdown = renderEvidenceTree(
      analyzeProject([
        interview(1, "user", ["I want to download my invoices as PDF so that I can file them."]),
        interview(2, "business", ["Users must never download invoices to personal devices."]),
      ]).requirements,
    );
    expect(markdown).toContain("does not want this; the participants must settle it first");
  });

  it("keeps the words that limit a need, and turns its condition into a Given/When/Then criterion", () => {
    const { requirements } = analyzeProject([
      interview(1, "business", [
        "I want to enter my address once so that every form has it.",
        "The system should keep track of the stock and notify me when a delivery is cancelled.",
      ]),
    ]);
    const markdown = renderEvidenceTree(requirements);
    expect(markdown).toContain("I want to enter my address once");
    expect(markdown).toContain("I want to get notified when a delivery is cancelled");
    expect(markdown).toContain(
      "Given a business stakeholder, when a delivery is cancelled, then the business stakeholder gets notified",
    );
  });

  it("checks a story by the rule it came from when the rule says how often or how it shows", () => {
    const markdown = renderEvidenceTree(
      analyzeProject([
        interview(1, "user", [
          "Price changes must be shown in bold on every shelf label.",
          "Stock reports should be sent weekly, not monthly.",
          "Orders have to reach the warehouse on their own.",
        ]),
      ]).requirements,
    );
    expect(markdown).toContain("Given a user, then price changes must be shown in bold on every shelf label");
    expect(markdown).toContain("Given a user, then stock reports should be sent weekly, not monthly");
    expect(markdown).not.toMatch(/Given a user, then orders have to reach/);
  });

  it("leaves a condition that comes by degrees to be written until someone names its level", () => {
    const markdown = renderEvidenceTree(
      analyzeProject([
        interview(1, "business", ["The system should notify me when the flour is running low."]),
      ]).requirements,
    );
    expect(markdown).toContain("I want to get notified when the flour is running low");
    expect(markdown).toContain('did not say how much counts as "the flour is running low"');
    expect(markdown).not.toMatch(/Given .*, when the flour is running low, then/);
  });

  it("writes the purposes of a product named only for them as the needs", () => {
    const stories = storiesOf([
      interview(1, "business", [
        "We need a system so that we can keep track of our orders and send invoices.",
      ]),
    ]);
    expect(stories).toContain("As a business stakeholder, I want to keep track of my orders");
    expect(stories).toContain("As a business stakeholder, I want to send invoices");
    expect(stories.join("\n")).not.toMatch(/have a system/);
  });

  it("keeps the detailed story of a need first named in a list, not both", () => {
    const stories = storiesOf([
      interview(1, "business", [
        "Key features include a parts catalogue and route planning.",
        "Route planning should show the shortest route between jobs.",
      ]),
    ]);
    expect(stories).toContain("As a business stakeholder, I want to see the shortest route between jobs");
    expect(stories.join("\n")).not.toMatch(/I want to plan routes/);
  });

  it("gives a need said of anyone ('you want to …') to the product's user, not the speaker", () => {
    const stories = storiesOf([interview(1, "business", ["Things that you want to compare the gyms on."])]);
    expect(stories).toContain("As a user, I want to compare the gyms");
  });

  it("writes no story that only names a thing to have, unless they said what it is for", () => {
    const stories = storiesOf([
      interview(1, "business", [
        "We need to have a mobile app.",
        "I want a noticeboard so that members see club news.",
      ]),
    ]);
    expect(stories.join("\n")).not.toMatch(/have a mobile app/);
    expect(stories).toContain("As a business stakeholder, I want to have a noticeboard");
  });

  it("shows a need it cannot write as a story by its title and the participant's words, marked to write", () => {
    const { requirements } = analyzeProject([
      interview(1, "user", [
        "I want to see the queue length before I join one, because waiting outside is the worst.",
      ]),
    ]);
    const stories = requirements.epics.flatMap((e) => e.features.flatMap((f) => f.stories));
    expect(stories).toHaveLength(1);
    expect(stories[0]).toMatchObject({ action: "Queue length", benefit: TO_WRITE_AS_STORY });
    expect(stories[0]!.evidence[0]!.quote).toMatch(/^I want to see the queue length before I join one/);
    expect(renderEvidenceTree(requirements)).toContain("- To be written as a story (user): Queue length");
  });

  it("writes no need at all from thanks or a goal with nothing to build", () => {
    const stories = storiesOf([
      interview(1, "business", [
        "Thank you for your guidance today.",
        "I want to make sure it is a solid investment.",
      ]),
    ]);
    expect(stories).toEqual([]);
  });
});

describe("a restriction on who may act", () => {
  it("keeps 'only' in the story", () => {
    expect(
      storiesOf([
        interview(1, "business", ["Only I should be able to change the price list and delete invoices."]),
      ]),
    ).toEqual([
      "As a business stakeholder, I want to be the only one who can change the price list",
      "As a business stakeholder, I want to be the only one who can delete invoices",
    ]);
  });
});

describe("a need pictured in a scenario", () => {
  it("is no story of its own", () => {
    expect(
      storiesOf([
        interview(1, "user", [
          "I want to compare lesson prices.",
          "So suppose you have told it that I want a teacher who speaks Polish, then it lists only those.",
        ]),
      ]),
    ).toEqual(["As a user, I want to compare lesson prices"]);
  });

  it("keeps a need said as an opinion", () => {
    expect(storiesOf([interview(1, "business", ["I'd say we need to export invoices to CSV."])])).toEqual([
      "As a business stakeholder, I want to export invoices to CSV",
    ]);
  });
});
