import { describe, expect, it } from "vitest";
import { namesNoPerson, onlyThinking } from "../text/lexicon";
import { checkStory, checkStoryText } from "./check";
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
    ["UI designer", "create a new onboarding screen", true],
    ["backend developer", "integrate the payment library into the checkout", true],
    ["data scientist", "use a regression model to compare the weekly forecasts", true],
    ["researcher", "collect and measure response times of the booking page", true],
    ["researcher", "get the survey results into my spreadsheet", false],
    ["developer", "load the sample bookings in seconds", false],
    ["data analyst", "compare the churn of two pricing models", true],
    ["data analyst", "see last week's sales by region", false],
  ])("a %s who wants to %s is making the product: %s", (role, action, making) => {
    expect(codes(role, action).includes("role-builds-product")).toBe(making);
  });

  it.each([
    ["As a software engineer, I want the search index to be rebuilt every night.", true],
    ["As a software engineer, I want the search page to show my last query.", false],
    ["As a receptionist, I want the search index to be rebuilt every night.", false],
  ])("reads what a maker asks of the product's insides: %s → %s", (story, making) => {
    expect(checkStoryText(story).some((d) => d.code === "role-builds-product")).toBe(making);
  });

  it.each([
    ["As a diner, I want to understand the Easter price policy.", true],
    ["As a borrower, I want to understand why my loan was refused.", false],
    ["As a borrower, I want to understand why loans are refused.", true],
    ["As a diner, I want to understand the big chalkboard menu.", false],
  ])("reads %s as the role's own thinking: %s", (story, thinking) => {
    expect(checkStoryText(story).some((d) => d.code === "means-is-thinking")).toBe(thinking);
  });

  it.each([
    "As a nurse working on the night shift, I want to see the next medication round.",
    "As a person with low vision, I want to enlarge the booking calendar.",
    "As a city agency, I want to publish the opening hours of every library.",
    "As a machine learning engineer, I want to see which photos were labelled today.",
  ])("reads the role of %s as someone who can act", (story) => {
    expect(
      checkStoryText(story).some((d) => d.code === "role-not-person" || d.code === "role-fragment"),
    ).toBe(false);
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
    expect(namesNoPerson("person")).toBe(false);
    expect(namesNoPerson("agency")).toBe(false);
    expect(onlyThinking("understand")).toBe(true);
    expect(onlyThinking("book")).toBe(false);
  });
});
