import { describe, expect, it } from "vitest";
import { makePlan } from "./plan";
import { coveredPoints, withoutRepeats } from "./readback-cover";
import { namesNothing } from "./sayback";
import type { TurnContext } from "./types";

// Sentences written for these tests.
const project = {
  title: "Bakery orders",
  objective: "Take a bakery's cake orders online.",
  keyFeatures: "Pickup slots\nAllergen labels\nDeposit rules\nWaitlist",
};
const ctx: TurnContext = {
  plan: makePlan(project, "business", 10),
  project,
  stakeholderType: "business",
  messages: [],
  now: 0,
  timeLimitMinutes: 10,
};

describe("the offline read-back covers the needs, each once", () => {
  it("leaves out a goal or the business itself, which names nothing to build", () => {
    expect(namesNothing("You'd like to find a better solution.", project.title)).toBe(true);
    expect(
      namesNothing("The new system should help you run the bakery more efficiently.", project.title),
    ).toBe(true);
    expect(
      namesNothing("The project we are working on should make the work in the bakery easier.", project.title),
    ).toBe(true);
    expect(namesNothing("You'd like customers to choose a pickup time.", project.title)).toBe(false);
    expect(namesNothing("You'd like the work schedule shown on a tablet.", project.title)).toBe(false);
  });

  it("says a point once, keeping the fuller of two", () => {
    expect(
      withoutRepeats([
        "You'd like customers to order cakes.",
        "You want customers to order cakes the day before.",
        "You'd like allergen labels.",
      ]),
    ).toEqual(["You want customers to order cakes the day before.", "You'd like allergen labels."]);
  });

  it("names a key feature they asked for in the brief's words, never one they only mentioned, turned down or put off", () => {
    const answers = [
      "People phone us all day to ask when they can collect their cake, so we need slots they can pick.",
      "The labels are easy, the ovens are the hard part.",
      "We write every allergen on a sticky note, which is slow, so printed labels would help.",
      "We don't take deposits, our customers are regulars.",
      "A waitlist can wait for a later release.",
    ];
    const points = ["You'd like to stop answering the phone all day."];
    expect(coveredPoints(ctx, points, answers)).toEqual([
      "You'd like pickup slots.",
      "You'd like allergen labels.",
      "You'd like to stop answering the phone all day.",
    ]);
  });

  it("groups a point with the feature it is about instead of naming the feature again", () => {
    const answers = ["Every cake needs allergen labels printed on the box, that is what inspectors check."];
    const points = ["You'd like to print allergen labels on every box.", "You'd like to do things better."];
    expect(coveredPoints(ctx, points, answers)).toEqual([
      "You'd like to print allergen labels on every box.",
    ]);
  });

  it("reads a list of the features they want as wanted", () => {
    const answers = ["The main features are pickup slots, allergen labels and a price list."];
    const points = ["The main features are pickup slots, allergen labels and a price list."];
    expect(coveredPoints(ctx, points, answers)).toEqual([
      "You'd like pickup slots, allergen labels and a price list.",
    ]);
  });
});

describe("a point that is one list of short clauses", () => {
  it("reads whole; two clauses run on do not", async () => {
    const { readsWhole } = await import("./readback-phrase");
    expect(readsWhole("You'd like to count orders, plan the ovens and print labels.")).toBe(true);
    expect(readsWhole("You don't mind, the labels should look the same every single day.")).toBe(false);
  });
});
