import { describe, expect, it } from "vitest";
import { findDetails } from "./detect";

const people = (text: string) =>
  findDetails(text)
    .filter((d) => d.kind === "PERSON")
    .map((d) => d.text);

// Names the lexicons do not know (Wanjiru, Okonjo, Thiago), so only the cue can tell.
describe("the person cues read real sentences as intended", () => {
  it.each([
    ["Mr Okonjo signed the lease.", ["Okonjo"]],
    ["Mrs. Okonjo called about the refund.", ["Okonjo"]],
    ["We waited for Dr Wanjiru all morning.", ["Wanjiru"]],
    ["Prof. Okonjo marks the exams.", ["Okonjo"]],
    ["Frau Okonjo leitet das Team.", ["Okonjo"]],
  ])("a title: %s", (text, names) => {
    expect(people(text)).toEqual(names);
  });

  it.each([
    ["Just ask Wanjiru, she built it.", ["Wanjiru"]],
    ["I told Thiago the delivery was late.", ["Thiago"]],
    ["Can you email Wanjiru the minutes?", ["Wanjiru"]],
    ["I called Thiago twice yesterday.", ["Thiago"]],
    ["Please remind Wanjiru about the audit.", ["Wanjiru"]],
    ["We met Thiago at the depot.", ["Thiago"]],
    ["cc Wanjiru on the reply.", ["Wanjiru"]],
  ])("a verb that addresses a person: %s", (text, names) => {
    expect(people(text)).toEqual(names);
  });

  it.each([
    ["I spoke to Wanjiru about the rota.", ["Wanjiru"]],
    ["She works with Thiago on the night shift.", ["Thiago"]],
    ["Send the invoice to Wanjiru, not to me.", ["Wanjiru"]],
    ["We moved to Shopify last year.", []],
    ["We integrate with Xero nightly.", []],
  ])("a verb and its partner preposition: %s", (text, names) => {
    expect(people(text)).toEqual(names);
  });

  it.each([
    ["According to Wanjiru, the form is too long.", ["Wanjiru"]],
    ["My name is Thiago and I run the depot.", ["Thiago"]],
    ["Hi, I'm Wanjiru from billing.", ["Wanjiru"]],
    ["This is Thiago from the warehouse.", ["Thiago"]],
    ["Thanks Wanjiru, that fixed it.", ["Wanjiru"]],
    ["Dear Thiago, the invoice is attached.", ["Thiago"]],
  ])("a naming phrase: %s", (text, names) => {
    expect(people(text)).toEqual(names);
  });

  it.each([
    ["Our patient Wanjiru missed her visit.", ["Wanjiru"]],
    ["My colleague, Thiago, keeps the list.", ["Thiago"]],
    ["Nurse Wanjiru does the flu jabs.", ["Wanjiru"]],
    ["Our customer Google renewed.", []],
    ["Ask Nurse Kelly about the jabs.", ["Kelly"]],
    ["I had to text Mum first.", []],
    ["I'm Canadian and my partner is British.", []],
  ])("a noun that names a person by role: %s", (text, names) => {
    expect(people(text)).toEqual(names);
  });

  it.each([
    ["Ludwig van Beethoven wrote it.", ["Ludwig van Beethoven"]],
    ["Maria da Silva runs the Lisbon office.", ["Maria da Silva"]],
  ])("a surname particle: %s", (text, names) => {
    expect(people(text)).toEqual(names);
  });

  it.each([
    ["Most referrals come from St. Mary's Hospital.", []],
    ["The San Diego office opens at eight.", []],
    ["Marks & Spencer cut prices.", []],
    ["I'll check whether the Zara window display is done.", []],
    ["Elena, Thiago and Wanjiru share the weekend.", ["Elena", "Thiago", "Wanjiru"]],
    ["i told maria and ben to stop sharing a login", ["maria", "ben"]],
  ])("saints, companies, articles and lists: %s", (text, names) => {
    expect(people(text)).toEqual(names);
  });
});
