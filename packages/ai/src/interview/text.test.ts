import { describe, expect, it } from "vitest";
import { hasNumber, isNegative, keywords, phrases, senses, slug } from "./text";

// The interviewer reads words through the text kit: content words by part of speech and stop flag,
// comparison by sense (lemma, or the verb an action noun names), negation from its scope.
describe("interviewer text", () => {
  it("takes content words from parts of speech, not a stopword list", () => {
    expect(keywords("We still write every booking in a paper diary.")).toEqual([
      "write",
      "booking",
      "paper",
      "diary",
    ]);
  });

  it.each([
    ["Online rescheduling", "I need to reschedule on my phone", "reschedule"],
    ["SMS reminders", "a reminder the day before", "reminder"],
    ["Bookings", "we book by phone", "book"],
  ])("compares %s with %s by sense", (a, b, shared) => {
    expect(senses(a).has(shared)).toBe(true);
    expect(senses(b).has(shared)).toBe(true);
  });

  it.each([
    ["We get about 12 appointments a week.", "12 appointments a week"],
    ["My sister calls three or four times a day.", "three or four times a day"],
    ["5 of 8 participants gave up halfway.", "5 of 8 participants"],
    ["Everything lives in the shared spreadsheet.", "shared spreadsheet"],
    ["We built patient-facing tools last year.", "patient-facing tools"],
  ])("quotes the best phrase of %s", (answer, phrase) => {
    expect(phrases(answer)[0]).toBe(phrase);
  });

  it("never quotes a pronoun 'one' as a number", () => {
    expect(phrases("Each one costs us about 60 euros.")).toContain("60 euros");
    expect(phrases("Each one costs us about 60 euros.")).not.toContain("one costs");
  });

  it("finds numbers and negations from the kit", () => {
    expect(hasNumber("It takes two hours.")).toBe(true);
    expect(hasNumber("It takes ages.")).toBe(false);
    expect(hasNumber("The one we use is fine.")).toBe(false);
    expect(isNegative("We never use it.")).toBe(true);
    expect(isNegative("We use it daily.")).toBe(false);
  });

  it("makes ids from content words", () => {
    expect(slug("Your role and context")).toBe("role-context");
    expect(slug("Online rescheduling")).toBe("online-rescheduling");
  });
});
