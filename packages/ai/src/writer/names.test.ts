/**
 * Feature names a product owner reads as headings: made from the verb and its object, never a broken
 * word. Sentences are our own; each row is a form that once came out garbled.
 */
import { describe, expect, it } from "vitest";
import { singular } from "../text/grammar";
import { tokensOf } from "../text/nlp";
import { featureOfVerb, passiveAction } from "./means";

const named = (action: string) => featureOfVerb(tokensOf(action));

describe("feature names from a verb phrase", () => {
  it.each([
    // a question after a verb of seeing or knowing names the thing asked about, not "<noun> seeing"
    ["see how many empty rooms are left on the floor", "Empty rooms"],
    ["know how much annual leave I still have this year", "Annual leave"],
    // two verbs joined by "or": the first names it, and a quantifier is no part of the thing
    ["count or estimate how many visitors might come on a rainy day", "Visitor counting"],
    // "the ability/option/way to …" is named by what it lets one do, never "Ability"
    ["have the ability to change the weekly rota", "Weekly rota changing"],
    ["have an option to export the invoices", "Invoice exporting"],
    // a short question stays whole, and an ordinary object keeps its -ing name
    ["see which nurse is on call", "Seeing which nurse is on call"],
    ["book appointments online", "Appointment booking"],
  ])("names %s as %s", (action, name) => {
    expect(named(action)).toBe(name);
  });

  it("never names a feature after a seeing verb's -ing form", () => {
    for (const action of ["see how many spare parts are in the van", "know the opening hours"])
      expect(named(action)).not.toMatch(/(?:seeing|knowing)$/i);
  });
});

describe("feature names from a passive", () => {
  it.each([
    // an irregular participle goes back to its verb: "held" → "holding", never "helding"
    ["be held for ten years", "invoices", "invoice holding"],
    ["be kept for two weeks", "camera recordings", "camera recording keeping"],
    ["be sent to the bank every night", "the payment files", "payment file sending"],
    // a mass plural has no singular: "sensor data", never "sensor datum"
    ["be deleted after a month", "sensor data", "sensor data deleting"],
  ])("names %s (%s) as %s", (action, thing, name) => {
    const read = passiveAction(
      tokensOf(`${thing} ${action}`).slice(tokensOf(thing).length),
      tokensOf(thing),
      tokensOf(thing),
    );
    expect(read === "rule" || read === null ? read : read.feature.toLowerCase()).toBe(name);
  });
});

describe("singular of a noun phrase", () => {
  it.each([
    ["usage data", "usage data"],
    ["social media", "social media"],
    ["web analytics", "web analytics"],
    ["salon owners", "salon owner"],
  ])("%s → %s", (phrase, form) => {
    expect(singular(phrase)).toBe(form);
  });
});
