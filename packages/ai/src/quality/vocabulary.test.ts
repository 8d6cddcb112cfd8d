import { describe, expect, it } from "vitest";
import { namesNoPerson, onlyThinking } from "../text/lexicon";
import { checkStory } from "./check";
import { splitCoordinatedAction } from "./split";

const codes = (userType: string, action: string, benefit = "I save time") =>
  checkStory({ userType, action, benefit }).map((d) => d.code);

describe("the gate's vocabularies read real sentences as intended", () => {
  it.each([
    ["see the prices, e.g. for colour", "examples"],
    ["see the prices such as the colour ones", "examples"],
    ["see all prices including the colour ones", "examples"],
    ["see the prices etc", "examples"],
    ["see the prices, of course", "aside"],
    ["basically see the prices", "aside"],
  ])("marks %s as not minimal (%s)", (action, code) => {
    expect(codes("client", action)).toContain(code);
  });

  it.each([
    ["this need is met", true],
    ["the requirement is fulfilled", true],
    ["I can plan the week", false],
    ["nobody waits at the desk", false],
  ])("reads the ends %s as filler: %s", (benefit, filler) => {
    expect(codes("owner", "see the bookings", benefit).includes("filler-ends")).toBe(filler);
  });

  it.each([
    ["software developer", "build a recommendation engine", true],
    ["machine learning engineer", "train a classifier on the photos", true],
    ["developer", "deploy without downtime", false],
    ["shop owner", "build a weekly order list", false],
  ])("a %s who wants to %s is making the product: %s", (role, action, making) => {
    expect(codes(role, action).includes("role-builds-product")).toBe(making);
  });

  it("keeps fixed pairs whole", () => {
    expect(splitCoordinatedAction("accept the terms and conditions")).toHaveLength(1);
    expect(splitCoordinatedAction("drag and drop appointments")).toHaveLength(1);
  });

  it("reads refusals in an action", async () => {
    const { grantsWhatQuoteRefuses } = await import("./gate");
    expect(grantsWhatQuoteRefuses("avoid typing orders twice", "I don't want to type orders twice")).toBe(
      false,
    );
    expect(grantsWhatQuoteRefuses("type orders twice", "I don't want to type orders twice")).toBe(true);
  });

  it("knows from WordNet which roles name a person and which verbs only name thinking", () => {
    expect(namesNoPerson("platform")).toBe(true);
    expect(namesNoPerson("receptionist")).toBe(false);
    expect(onlyThinking("understand")).toBe(true);
    expect(onlyThinking("book")).toBe(false);
  });
});
