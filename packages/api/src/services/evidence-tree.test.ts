import type { StoredEpic } from "@parley/db/queries/requirements";
import { describe, expect, it } from "vitest";
import { mergeGenerated, removedItems } from "./evidence-tree";

const quote = { interviewId: 1, turn: 1, quote: "I need to see every technician on one map" };
const generated = {
  epics: [
    {
      name: "Dispatch",
      description: "",
      features: [
        {
          name: "See every technician",
          description: "",
          acceptanceCriteria: [
            { text: "A dispatcher can see every technician on one map", evidence: [quote] },
          ],
          stories: [
            {
              userType: "dispatcher",
              action: "see every technician on one map",
              benefit: "I can send the closest one",
              assumption: false,
              priority: "high" as const,
              evidence: [quote],
            },
          ],
        },
      ],
    },
  ],
};

describe("merging a generated tree into the stored one", () => {
  it("takes the generated tree whole when nothing is stored", () => {
    const merged = mergeGenerated([], generated);
    expect(merged.epics[0]?.features[0]?.stories[0]).toMatchObject({ evidence: [quote], quote: quote.quote });
  });

  it("keeps what the owner renamed or reworded and adds nothing twice", () => {
    const stored: StoredEpic[] = [
      {
        id: 1,
        name: "Dispatch",
        description: "Mine",
        features: [
          {
            id: 2,
            name: "Live technician map",
            description: "Edited",
            acceptanceCriteria: [
              { text: "Owner's own words", quote: null, assumption: true, evidence: [quote] },
            ],
            stories: [
              {
                id: 3,
                userType: "lead dispatcher",
                action: "see all vans at once",
                benefit: "I can send the closest one",
                quote: quote.quote,
                assumption: false,
                evidence: [quote],
                priority: null,
              },
            ],
          },
          { id: 4, name: "Hand-written", description: "", acceptanceCriteria: [], stories: [] },
        ],
      },
    ];
    const merged = mergeGenerated(stored, generated);
    expect(merged.epics).toHaveLength(1);
    expect(merged.epics[0]?.features.map((f) => f.name)).toEqual(["Live technician map", "Hand-written"]);
    const feature = merged.epics[0]!.features[0]!;
    expect(feature.acceptanceCriteria.map((c) => c.text)).toEqual(["Owner's own words"]);
    expect(feature.stories).toEqual([
      expect.objectContaining({
        userType: "lead dispatcher",
        action: "see all vans at once",
        priority: "high",
      }),
    ]);
  });

  it("counts a deletion, not a rename or a rewording, as removed", () => {
    const before = mergeGenerated([], generated);
    const renamed = structuredClone(before);
    renamed.epics[0]!.name = "Dispatching";
    renamed.epics[0]!.features[0]!.name = "Map of technicians";
    renamed.epics[0]!.features[0]!.stories[0]!.action = "see all vans at once";
    expect(removedItems(before, renamed)).toEqual([]);

    const storyDeleted = structuredClone(before);
    storyDeleted.epics[0]!.features[0]!.stories = [];
    expect(removedItems(before, storyDeleted)).toEqual([
      { kind: "story", key: "dispatcher|see every technician on one map", evidence: [quote] },
    ]);

    const emptied = { epics: [] };
    expect(removedItems(before, emptied).map((d) => d.kind)).toEqual([
      "epic",
      "feature",
      "story",
      "criterion",
    ]);
  });

  it("leaves out what the owner deleted, matched by its words or by a quote it rested on", () => {
    const stored: StoredEpic[] = [
      {
        id: 1,
        name: "Dispatch",
        description: "",
        features: [{ id: 2, name: "Mine", description: "", acceptanceCriteria: [], stories: [] }],
      },
    ];
    const byQuote = mergeGenerated(stored, generated, [
      { kind: "story", key: "someone|something else", evidence: [quote] },
    ]);
    const added = byQuote.epics[0]!.features.find((f) => f.name === "See every technician");
    expect(added?.stories).toEqual([]);
    expect(added?.acceptanceCriteria).toHaveLength(1);

    const featureGone = mergeGenerated(stored, generated, [
      { kind: "feature", key: "see every technician", evidence: [] },
    ]);
    expect(featureGone.epics[0]!.features.map((f) => f.name)).toEqual(["Mine"]);

    const epicGone = mergeGenerated([{ id: 1, name: "Other", description: "", features: [] }], generated, [
      { kind: "epic", key: "dispatch", evidence: [] },
    ]);
    expect(epicGone.epics.map((e) => e.name)).toEqual(["Other"]);
  });

  it("keeps every story split from one answer, and counts deleting one of them as a deletion", () => {
    const list = {
      interviewId: 1,
      turn: 3,
      quote: "It should book rooms, rent equipment and sign up for classes",
    };
    const story = (action: string) => ({
      userType: "member",
      action,
      benefit: "not stated",
      assumption: true,
      priority: "medium" as const,
      evidence: [list],
    });
    const feature = (name: string, action: string) => ({
      name,
      description: "",
      acceptanceCriteria: [],
      stories: [story(action)],
    });
    const split = {
      epics: [
        {
          name: "Club",
          description: "",
          features: [
            feature("Room booking", "book rooms"),
            feature("Equipment rental", "rent equipment"),
            feature("Class sign-up", "sign up for classes"),
          ],
        },
      ],
    };
    const first = mergeGenerated([], split);
    expect(first.epics[0]!.features.flatMap((f) => f.stories.map((s) => s.action))).toEqual([
      "book rooms",
      "rent equipment",
      "sign up for classes",
    ]);

    const oneDeleted = structuredClone(first);
    oneDeleted.epics[0]!.features[1]!.stories = [];
    expect(removedItems(first, oneDeleted).filter((d) => d.kind === "story")).toEqual([
      { kind: "story", key: "member|rent equipment", evidence: [list] },
    ]);
  });
});
