import { describe, expect, it } from "vitest";
import type { Turn } from "../evidence/turns";
import type { EvidenceTree, Story } from "../evidence/types";
import { gateTree, grantsWhatQuoteRefuses } from "./gate";
import { renderStory, UNSTATED_BENEFIT } from "./parse";

const said = (quote: string, turn = 1) => ({ interviewId: 7, turn, quote });
const turns: Turn[] = [
  { index: 0, speaker: "interviewer", text: "What would help you most?" },
  {
    index: 1,
    speaker: "participant",
    text: "Clients should book rooms, rent equipment and sign up for classes online. We never want walk-ins booked online.",
  },
  { index: 2, speaker: "participant", text: "Stock is a mess, inventory management would help, of course." },
];
const turnsById = new Map([[7, turns]]);

const story = (over: Partial<Story>): Story => ({
  userType: "gym owner",
  action: "see the bookings",
  benefit: "I can plan the week",
  assumption: false,
  priority: "medium",
  evidence: [said("Clients should book rooms")],
  ...over,
});

const treeOf = (stories: Story[], name = "Room booking"): EvidenceTree => ({
  epics: [
    {
      name: "Bookings",
      description: "",
      features: [{ name, description: "", stories, acceptanceCriteria: [] }],
    },
  ],
});

const storiesOf = (tree: EvidenceTree) => tree.epics.flatMap((e) => e.features.flatMap((f) => f.stories));

describe("gateTree", () => {
  it("splits nothing: the objects of one verb stay one story (the writer cut its verb phrases)", () => {
    const { tree, report } = gateTree(treeOf([story({ action: "track receipts, expenses and wages" })]), {
      turnsById,
    });
    expect(storiesOf(tree).map((s) => s.action)).toEqual(["track receipts, expenses and wages"]);
    expect(report).toMatchObject({ checked: 1, repaired: 0, dropped: 0 });
  });

  it("keeps a criterion that says plainly it is still to write, while its feature has stories", () => {
    const unwritten = {
      text: "To be written: the participant did not say how to tell this works.",
      evidence: [said("Clients should book rooms")],
    };
    const tree = treeOf([story({})]);
    tree.epics[0]!.features[0]!.acceptanceCriteria.push(unwritten);
    const kept = gateTree(tree, { turnsById });
    expect(kept.tree.epics[0]?.features[0]?.acceptanceCriteria).toEqual([unwritten]);
  });

  it("rephrases from the story's own words: article, action noun, aside, filler ends", () => {
    const { tree, report } = gateTree(
      treeOf([
        story({
          userType: "a owner",
          action: "inventory management, of course",
          benefit: "this need is met",
          evidence: [said("inventory management would help", 2)],
        }),
      ]),
      { turnsById },
    );
    const [only] = storiesOf(tree);
    expect(only).toMatchObject({ userType: "owner", action: "manage inventory", benefit: UNSTATED_BENEFIT });
    expect(only!.assumption).toBe(true);
    expect(renderStory(only!)).toBe("As an owner, I want to manage inventory.");
    expect(report.repaired).toBe(1);
  });

  it("takes markdown marks and a cut-off list's last word out of a story", () => {
    const { tree } = gateTree(
      treeOf([
        story({ action: "book rooms **online**", evidence: [said("Clients should book rooms")] }),
        story({ action: "rent equipment and", evidence: [said("rent equipment")] }),
      ]),
      { turnsById },
    );
    expect(storiesOf(tree).map((s) => s.action)).toEqual(["book rooms online", "rent equipment"]);
  });

  it("gives a role fragment its own noun phrase, or the stakeholder's", () => {
    const { tree } = gateTree(
      treeOf([
        story({ userType: "then a employee" }),
        story({ userType: "of course", action: "see the classes" }),
      ]),
      { turnsById, stakeholderRoleFor: () => "business stakeholder" },
    );
    expect(storiesOf(tree).map((s) => s.userType)).toEqual(["employee", "business stakeholder"]);
  });

  it("drops what the quotes do not hold, what inverts a refusal, and duplicates, and says why", () => {
    const { tree, report } = gateTree(
      treeOf([
        story({ evidence: [said("We want a sauna", 1)] }),
        story({ action: "book walk-ins online", evidence: [said("We never want walk-ins booked online")] }),
        story({ action: "see the bookings" }),
        story({ userType: "gym owners", action: "see bookings" }),
      ]),
      { turnsById },
    );
    expect(storiesOf(tree)).toHaveLength(1);
    expect(report.reasons).toMatchObject({
      "dropped: unverified quote": 1,
      "dropped: inverted negation": 1,
      "dropped: unique: duplicate": 1,
    });
  });

  it("drops criteria that are not checkable and renames fragment features", () => {
    const tree = treeOf([story({})], "Ok thats all i");
    tree.epics[0]!.features[0]!.acceptanceCriteria = [
      {
        text: "Given an owner, then this holds as they said it: “book rooms”",
        evidence: [said("book rooms")],
      },
      { text: "Given a member, when they book a room, then the room shows as taken", evidence: [] },
    ];
    const { tree: gated, report } = gateTree(tree, { turnsById });
    const feature = gated.epics[0]!.features[0]!;
    expect(feature.name).toBe("Bookings");
    expect(feature.acceptanceCriteria.map((c) => c.text)).toEqual([
      "Given a member, when they book a room, then the room shows as taken",
    ]);
    expect(report.reasons["dropped: minimal: quote-wrapper"]).toBe(1);
  });

  it("tells a refusal from a request", () => {
    expect(grantsWhatQuoteRefuses("book walk-ins online", "We never want walk-ins booked online")).toBe(true);
    expect(grantsWhatQuoteRefuses("book rooms online", "Clients should book rooms online")).toBe(false);
  });
});
