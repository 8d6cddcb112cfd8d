import { describe, expect, it } from "vitest";
import type { EvidenceTree, Story } from "../evidence/types";
import { gateModelTree, tidyStory } from "./gate";

const said = { interviewId: 1, turn: 1, quote: "we still write every booking in a paper diary" };
const story = (fields: Partial<Story>): Story => ({
  userType: "salon owner",
  action: "see every booking in one calendar",
  benefit: "I stop double-booking chairs",
  assumption: false,
  priority: "medium",
  evidence: [said],
  ...fields,
});

describe("the gate on a model's tree", () => {
  it("keeps what the model wrote, putting right only mechanics", () => {
    expect(
      tidyStory(
        story({
          userType: "As a **salon owner**",
          action: "I want to  see every booking in one calendar.",
          benefit: "to replace the paper diary",
        }),
      ),
    ).toMatchObject({
      userType: "salon owner",
      action: "see every booking in one calendar",
      benefit: "I can replace the paper diary",
    });
    // "in order to", and a benefit already a clause, are left as clauses.
    expect(tidyStory(story({ benefit: "in order to see gaps" })).benefit).toBe("I can see gaps");
    expect(tidyStory(story({ benefit: "today's bookings are never lost" })).benefit).toBe(
      "today's bookings are never lost",
    );
  });

  it("never splits, renames, drops or moves for wording; drops only what rests on words nobody said, and reports", () => {
    const tree: EvidenceTree = {
      epics: [
        {
          name: "Booking",
          description: "",
          features: [
            {
              name: "Calendar and reminders for the whole team at once",
              description: "",
              acceptanceCriteria: [
                { text: "Bookings are easy", evidence: [said] },
                { text: "Given a booking, when it is saved, then it shows in the calendar", evidence: [] },
              ],
              stories: [
                story({ action: "see bookings and send reminders, cancellations and changes" }),
                story({
                  action: "export to the tax office",
                  evidence: [{ interviewId: 1, turn: 1, quote: "words nobody said" }],
                }),
              ],
            },
          ],
        },
      ],
    };
    const { tree: gated, report } = gateModelTree(tree, {
      verifyEvidence: (e) => e.quote === said.quote,
    });
    const feature = gated.epics[0]!.features[0]!;
    expect(feature.name).toBe("Calendar and reminders for the whole team at once");
    expect(feature.stories.map((s) => s.action)).toEqual([
      "see bookings and send reminders, cancellations and changes",
    ]);
    expect(feature.acceptanceCriteria.map((c) => c.text)).toEqual(["Bookings are easy"]);
    expect(report.dropped).toBe(2);
    expect(report.reasons["dropped: unverified quote"]).toBe(2);
    // What the Quality User Story checks would flag is a note, not a change.
    expect(Object.keys(report.reasons).some((r) => r.startsWith("noted: "))).toBe(true);
  });
});
