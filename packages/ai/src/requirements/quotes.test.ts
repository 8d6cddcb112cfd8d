import { describe, expect, it } from "vitest";
import { verifyQuotes } from "./quotes";
import type { RequirementsTree } from "./types";

const tree = (quote: string | null): RequirementsTree => ({
  epics: [
    {
      name: "Routing",
      description: "",
      features: [
        {
          name: "Map",
          description: "",
          acceptanceCriteria: [{ text: "Shows technicians", quote, assumption: false }],
          stories: [
            {
              userType: "dispatcher",
              action: "see the map",
              benefit: "I save time",
              quote,
              assumption: false,
            },
          ],
        },
      ],
    },
  ],
});

const TRANSCRIPT = "User: I need to see every technician on one map <today>.";

describe("verifyQuotes", () => {
  it("keeps a quote found verbatim in a transcript", () => {
    const [feature] = verifyQuotes(tree("I need to see every technician"), [TRANSCRIPT]).epics[0]!.features;
    expect(feature!.stories[0]).toMatchObject({ quote: "I need to see every technician", assumption: false });
  });

  it("finds a quote the model copied from the escaped, fenced transcript", () => {
    const [feature] = verifyQuotes(tree("one map &lt;today>"), [TRANSCRIPT]).epics[0]!.features;
    expect(feature!.acceptanceCriteria[0]).toMatchObject({ quote: "one map <today>", assumption: false });
  });

  it("marks every item as an assumption when there are no transcripts to check against", () => {
    const [feature] = verifyQuotes(tree("I need to see every technician"), []).epics[0]!.features;
    expect(feature!.stories[0]).toMatchObject({ quote: null, assumption: true });
    expect(feature!.acceptanceCriteria[0]).toMatchObject({ quote: null, assumption: true });
  });
});

describe("verifyQuotes against the participant's own turns", () => {
  const CONVERSATION =
    "AI: So you need a dashboard for every van?\nParticipant: No. I DON’T want another dashboard.";

  it("drops a quote only the interviewer said", () => {
    const [feature] = verifyQuotes(tree("you need a dashboard for every van"), [CONVERSATION]).epics[0]!
      .features;
    expect(feature!.stories[0]).toMatchObject({ quote: null, assumption: true });
  });

  it("matches case and curly apostrophes, and keeps the participant's own characters", () => {
    const [feature] = verifyQuotes(tree("i don't want another dashboard"), [CONVERSATION]).epics[0]!.features;
    expect(feature!.stories[0]).toMatchObject({ quote: "I DON’T want another dashboard", assumption: false });
  });
});
