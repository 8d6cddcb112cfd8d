/**
 * The writer's steps, one sentence at a time: needs found by grammar, coordinations split, the role,
 * the infinitive means, the stated ends, the feature name. Sentences are our own.
 */
import { describe, expect, it } from "vitest";
import { findNeeds } from "./needs";
import { draftStories } from "./phrase";
import { namedRole, statedRole } from "./roles";

const stories = (sentence: string, speaker = "shop owner") =>
  findNeeds(sentence).flatMap((need) =>
    need.negated ? [] : draftStories(need, speaker).map((d) => [d.role, d.action, d.feature, d.ends]),
  );

describe("needs found by grammar, one story per need", () => {
  it.each([
    // desire, with the ends they gave
    [
      "I want to see which days are busiest so that I can plan the rota.",
      [["shop owner", "see which days are busiest", "Seeing which days are busiest", "I can plan the rota"]],
    ],
    // obligation on a person, their own pronoun kept in the first person
    [
      "Members should be able to pause their membership.",
      [["member", "pause my membership", "Membership pausing", null]],
    ],
    // a wish ("it would be great if …") whose subject acts
    [
      "It would be great if guests could pay at the table.",
      [["guest", "pay at the table", "Paying at the table", null]],
    ],
    // a system that provides something: the person gets it
    [
      "The stock system should send low-stock alerts.",
      [["shop owner", "get low-stock alerts", "Low-stock alerts", null]],
    ],
    // coordinated actions: three stories
    [
      "We want to book rooms, rent bikes and sign up for tours.",
      [
        ["shop owner", "book rooms", "Room booking", null],
        ["shop owner", "rent bikes", "Bike renting", null],
        ["shop owner", "sign up for tours", "Signing up for tours", null],
      ],
    ],
    // one verb over coordinated objects: one story each
    [
      "The app should track invoices, refunds and deliveries.",
      [
        ["shop owner", "track invoices", "Invoice tracking", null],
        ["shop owner", "track refunds", "Refund tracking", null],
        ["shop owner", "track deliveries", "Delivery tracking", null],
      ],
    ],
    // "enable X to …": X's story
    [
      "The site should enable customers to reorder past purchases.",
      [["customer", "reorder past purchases", "Past purchase reordering", null]],
    ],
    // a list of wanted things after "features include"
    [
      "The main features include online ordering and delivery tracking.",
      [
        ["shop owner", "order online", "Online ordering", null],
        ["shop owner", "track deliveries", "Delivery tracking", null],
      ],
    ],
    // a passive about a thing: the speaker does it
    [
      "The receipts should be emailed to the bookkeeper.",
      [["shop owner", "email the receipts to the bookkeeper", "Receipt emailing", null]],
    ],
    // an opinion before what is wanted: the thing, not the opinion
    [
      "I would say the weekly report is the most important.",
      [["shop owner", "get the weekly report", "Weekly report", null]],
    ],
  ])("%s", (sentence, expected) => {
    expect(stories(sentence)).toEqual(expected);
  });

  it.each([
    "We don't need a loyalty card.",
    "Manicures require an appointment.",
    "Which hours are busiest?",
    "I have to call every supplier on Monday.",
    "Yesterday the delivery was late again.",
    // what other shops did, in the past: no need
    "On most other sites you had to register first.",
    // an opinion of what was said, not a thing wanted
    "I think what you suggested was better.",
    // a slip of the keyboard names nothing
    "yes taht would be useful",
  ])("finds no story in: %s", (sentence) => expect(stories(sentence)).toEqual([]));

  it("keeps a refusal's negation on the need", () => {
    const [need] = findNeeds("We must never store card numbers.");
    expect(need?.negated).toBe(true);
  });

  it("keeps a condition with its own action", () => {
    const [need] = findNeeds("I want to get a text when a delivery is late and see a weekly report.");
    const drafts = need ? draftStories(need, "shop owner") : [];
    expect(drafts.map((d) => [d.action, d.conditions])).toEqual([
      ["get a text", ["when a delivery is late"]],
      ["see a weekly report", []],
    ]);
  });
});

describe("the participant's stated role", () => {
  it.each([
    ["I'm the owner of the bakery.", "bakery owner"],
    ["Hi, I'm Sam, the front-desk receptionist.", "front-desk receptionist"],
    ["I work as a shift manager at the depot.", "shift manager"],
    ["I'm a bit worried about the launch.", null],
    ["My role is to keep the books.", null],
    ["I run a small family bakery in town.", "bakery owner"],
    ["Hello, I'm Kim Lee, the owner of Kim's Nail Studio.", "studio owner"],
    ["I'm the owner of the dog grooming shop.", "shop owner"],
    ["I work at a dental clinic on weekdays.", "clinic employee"],
    ["I'm a student. My bakery opens at six.", "bakery owner"],
    ["I'm a student helping at my uncle's bakery.", "student"],
    ["I'm building an app tailored to Lee's Bakery.", "bakery owner"],
    ["I have a question about the export.", null],
  ])("%s → %s", (said, role) => expect(statedRole(said)).toBe(role));
});

describe("the role an interview is named by", () => {
  it.each([
    ["Bakery owner (Sam)", "bakery owner"],
    ["IT technician - Jo", "IT technician"],
    ["Night nurses", "night nurse"],
    ["Interview 4", null],
    ["Driving school", null],
    ["Peter Miller", null],
  ])("%s → %s", (name, role) => expect(namedRole(name)).toBe(role));
});

describe("a run-in heading is no part of the need", () => {
  it("reads the need after the heading's colon", () => {
    expect(stories("Online Payments: Clients should be able to pay a deposit when they book.")).toEqual([
      ["client", "pay a deposit", "Deposit paying", null],
    ]);
  });
});

describe("an aside after a comma is no part of the need", () => {
  it.each([
    ["I want to improve the rota, as planning shifts by hand has become hard.", "improve the rota"],
    [
      "The planner should simplify making schedules, ensuring cover at busy times.",
      "simplify making schedules",
    ],
  ])("%s → %s", (sentence, action) => {
    expect(stories(sentence).map(([, means]) => means)).toEqual([action]);
  });
});
