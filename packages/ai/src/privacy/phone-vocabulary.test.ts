import { describe, expect, it } from "vitest";
import { findDetails } from "./detect";

const phones = (text: string) =>
  findDetails(text)
    .filter((d) => d.kind === "PHONE")
    .map((d) => d.text);

describe("the identifier nouns read real sentences as intended", () => {
  it.each([
    "Order 2125550143 was shipped twice.",
    "Invoice no. 0171 2345678 is overdue.",
    "The ticket number is 020 7946 0001.",
    "Booking reference 415 555 0132 is confirmed.",
    "Account 2125550143 was closed in May.",
    "Case #0300 123 4567 is with legal.",
  ])("a number named by its noun is no phone: %s", (text) => {
    expect(phones(text)).toEqual([]);
  });

  it.each([
    ["Call 212 555 0143 about order 7731.", "212 555 0143"],
    ["My number is 0171 2345678.", "0171 2345678"],
    ["The order desk is on +44 20 7946 0001.", "+44 20 7946 0001"],
  ])("a phone near such a noun is still a phone: %s", (text, phone) => {
    expect(phones(text)).toEqual([phone]);
  });

  it.each([
    [
      "call me on two one two five five five oh one four three",
      "two one two five five five oh one four three",
    ],
    [
      "it's oh one six one, four nine six, oh seven five three",
      "oh one six one, four nine six, oh seven five three",
    ],
    [
      "double seven double oh nine double oh five five five",
      "double seven double oh nine double oh five five five",
    ],
  ])("a number said digit by digit: %s", (text, phone) => {
    expect(phones(text)).toEqual([phone]);
  });

  it.each(["we sold one two three hundred units", "it took two or three or four weeks, maybe five or six"])(
    "no number said digit by digit: %s",
    (text) => {
      expect(phones(text)).toEqual([]);
    },
  );
});
