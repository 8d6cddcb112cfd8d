import { describe, expect, it } from "vitest";
import { parseRequirements, renderRequirements } from "./markdown";
import type { RequirementsTree } from "./types";

/** A small deterministic pseudo-random generator, so every run checks the same trees. */
function rng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const WORDS = [
  "checkout",
  "route",
  "dispatcher",
  "invoice",
  "#tag",
  "- dash",
  "\\slash",
  "> quote",
  "naïve",
  "émoji 🎉",
  "so",
  "that",
  "want",
  "As",
  "a",
  '"quoted"',
  "{braces}",
  "<b>bold</b>",
  "_(assumption)_x",
  "multi",
];

function generateTree(random: () => number): RequirementsTree {
  const pick = () => WORDS[Math.floor(random() * WORDS.length)] as string;
  const phrase = (n = 1 + Math.floor(random() * 4)) =>
    Array.from({ length: n }, pick)
      .join(" ")
      .replace(/ so that /g, " so-that ")
      .replace(/, I want to /g, " I-want ")
      .trim();
  const maybe = <T>(value: () => T, empty: T) => (random() < 0.3 ? empty : value());
  const evidence = () =>
    random() < 0.5 ? { quote: phrase(), assumption: false } : { quote: null, assumption: true };
  const description = () => maybe(() => [phrase(), phrase()].join(random() < 0.5 ? "\n" : " "), "");
  return {
    epics: Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
      name: phrase(),
      description: description(),
      features: Array.from({ length: Math.floor(random() * 3) }, () => ({
        name: phrase(),
        description: description(),
        acceptanceCriteria: Array.from({ length: Math.floor(random() * 3) }, () => ({
          text: phrase(),
          ...evidence(),
        })),
        stories: Array.from({ length: Math.floor(random() * 3) }, () => ({
          userType: phrase(1),
          action: phrase(),
          benefit: phrase(),
          ...evidence(),
        })),
      })),
    })),
  };
}

describe("requirements markdown", () => {
  it("renders stories in the form 'As a X, I want to Y so that Z' with their quotes", () => {
    const text = renderRequirements({
      epics: [
        {
          name: "Checkout",
          description: "Paying for an order",
          features: [
            {
              name: "Guest checkout",
              description: "",
              acceptanceCriteria: [
                { text: "No account is needed", quote: "I hate making accounts", assumption: false },
              ],
              stories: [
                {
                  userType: "shopper",
                  action: "pay as a guest",
                  benefit: "I finish quickly",
                  quote: null,
                  assumption: true,
                },
              ],
            },
          ],
        },
      ],
    });
    expect(text).toContain("# Epic: Checkout");
    expect(text).toContain("## Feature: Guest checkout");
    expect(text).toContain('- No account is needed\n  > "I hate making accounts"');
    expect(text).toContain(
      "- As a shopper, I want to pay as a guest so that I finish quickly _(assumption)_",
    );
  });

  it("parses what it renders back into the same tree, for 300 generated trees", () => {
    const random = rng(42);
    for (let i = 0; i < 300; i += 1) {
      const tree = generateTree(random);
      expect(parseRequirements(renderRequirements(tree))).toEqual(tree);
    }
  });

  it("reads hand-written text: 'As an', missing quotes, and stray lines kept as description", () => {
    const tree = parseRequirements(
      [
        "# Epic: Onboarding",
        "Getting started.",
        "## Feature: Sign up",
        "### User Stories",
        "- As an admin, I want to invite people so that my team joins",
        "- Something that is not a story",
      ].join("\n"),
    );
    const feature = tree.epics[0]?.features[0];
    expect(tree.epics[0]?.description).toBe("Getting started.");
    expect(feature?.stories).toEqual([
      {
        userType: "admin",
        action: "invite people",
        benefit: "my team joins",
        quote: null,
        assumption: false,
      },
    ]);
    expect(feature?.acceptanceCriteria).toEqual([
      { text: "Something that is not a story", quote: null, assumption: false },
    ]);
  });

  it("reads a need still to be written as a story back as that need", () => {
    const tree = parseRequirements(
      '# Epic: Queue\n\n## Feature: Queue length\n\n### User Stories\n- To be written as a story (user): Queue length\n  > "I want to see the queue length"',
    );
    expect(tree.epics[0]!.features[0]!.stories[0]).toMatchObject({
      userType: "user",
      action: "Queue length",
      benefit: "still to be written as a story",
      quote: "I want to see the queue length",
    });
    expect(renderRequirements(tree)).toContain("- To be written as a story (user): Queue length");
  });

  it("renders an empty tree as empty text", () => {
    expect(renderRequirements({ epics: [] })).toBe("");
    expect(parseRequirements("")).toEqual({ epics: [] });
  });
});
