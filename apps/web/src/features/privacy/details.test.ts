import { describe, expect, it } from "vitest";
import { detailTitle, markDetails, type PersonalDetail } from "./details";

const EMAIL: PersonalDetail = { kind: "EMAIL", text: "dana@example.com", placeholder: "[EMAIL 1]" };
const JOHN_MILLER: PersonalDetail = { kind: "PERSON", text: "John Miller", placeholder: "[PERSON 1]" };
const JOHN: PersonalDetail = { kind: "PERSON", text: "John", placeholder: null };
const MARIA: PersonalDetail = { kind: "PERSON", text: "Maria", placeholder: null };

const marked = (text: string, details: PersonalDetail[]) =>
  markDetails(text, details)
    .filter((s) => s.detail)
    .map((s) => s.text);

describe("markDetails", () => {
  it("marks every mention of each detail and keeps the text around them as it was", () => {
    const segments = markDetails("Write to dana@example.com or ask John Miller.", [EMAIL, JOHN_MILLER]);
    expect(segments.map((s) => s.text).join("")).toBe("Write to dana@example.com or ask John Miller.");
    expect(segments.filter((s) => s.detail).map((s) => [s.text, s.detail?.kind])).toEqual([
      ["dana@example.com", "EMAIL"],
      ["John Miller", "PERSON"],
    ]);
  });

  it("marks a full name once, not its first name inside it, whatever order the details come in", () => {
    expect(marked("John Miller called John.", [JOHN, JOHN_MILLER])).toEqual(["John Miller", "John"]);
  });

  it("finds a detail written in another case", () => {
    expect(marked("Mail DANA@EXAMPLE.COM", [EMAIL])).toEqual(["DANA@EXAMPLE.COM"]);
  });

  it("leaves a name that is only part of a longer word", () => {
    expect(marked("Mariana met Maria.", [MARIA])).toEqual(["Maria"]);
  });

  it("gives the text back whole when there is nothing to mark", () => {
    expect(markDetails("Nothing personal here.", [])).toEqual([{ text: "Nothing personal here." }]);
  });
});

describe("detailTitle", () => {
  it("says the kind and the placeholder documents carry", () => {
    expect(detailTitle(EMAIL, false)).toBe("Personal detail: email; written [EMAIL 1] in documents");
  });

  it("says a detail not yet given a placeholder will get one", () => {
    expect(detailTitle(JOHN, false)).toContain("Personal detail: name; replaced by a placeholder");
  });

  it("says documents show it as written when the project shows personal details", () => {
    expect(detailTitle(JOHN_MILLER, true)).toContain("shown as written in documents");
  });
});
