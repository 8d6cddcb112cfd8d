import { describe, expect, it } from "vitest";
import { findDetails } from "./detect";

const addresses = (text: string) =>
  findDetails(text)
    .filter((d) => d.kind === "ADDRESS")
    .map((d) => d.text);

describe("the street words read real sentences as intended", () => {
  it.each([
    ["She moved to 14 Orchard Lane last week.", "14 Orchard Lane"],
    ["The depot is at 3 Mill Rd. near the bridge.", "3 Mill Rd."],
    ["Send it to 77 Sunset Blvd, Los Angeles, CA 90028.", "77 Sunset Blvd, Los Angeles, CA 90028"],
    ["He's at 9 Elm Close, Leeds LS6 2AB now.", "9 Elm Close, Leeds LS6 2AB"],
    ["Our office is 45 Harbour Way, Suite 12.", "45 Harbour Way, Suite 12"],
    ["Deliver to 120 Queen Street West, Toronto, ON M5H 2N2.", "120 Queen Street West, Toronto, ON M5H 2N2"],
    ["The client is at 5 Fifth Avenue.", "5 Fifth Avenue"],
    ["They live at 8 Kingfisher Court.", "8 Kingfisher Court"],
  ])("a street type after the name: %s", (text, address) => {
    expect(addresses(text)).toEqual([address]);
  });

  it.each([
    ["Die Praxis ist in der Lindenallee 14.", "Lindenallee 14"],
    ["Wir sind in der Frankfurter Allee 3.", "Frankfurter Allee 3"],
    ["Het kantoor zit op Prinsengracht 263.", "Prinsengracht 263"],
    ["Send the samples to Schillerstr. 9, 70173 Stuttgart.", "Schillerstr. 9, 70173 Stuttgart"],
  ])("a Germanic street word and the number after it: %s", (text, address) => {
    expect(addresses(text)).toEqual([address]);
  });

  it.each([
    ["Notre bureau est au 10 avenue Victor Hugo.", "10 avenue Victor Hugo"],
    ["Livrez au 3 rue du Faubourg, 75008 Paris.", "3 rue du Faubourg, 75008 Paris"],
  ])("a French street word before the name: %s", (text, address) => {
    expect(addresses(text)).toEqual([address]);
  });

  it.each([
    "We monitoring 24 hours a day.",
    "The engineering 5 team is hiring.",
    "We have 2 data center regions.",
    "It takes 5 minutes to walk to the park.",
    "Spring 2024 was our best season.",
  ])("no street in %s", (text) => {
    expect(addresses(text)).toEqual([]);
  });
});
