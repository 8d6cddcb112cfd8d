/** A rule stated with nothing asked beside it is a need still to be written. Sentences are our own. */
import { describe, expect, it } from "vitest";
import { toWriteFrom } from "./to-write.testing";

const toWrite = (said: string[]) => toWriteFrom(said, "developer");

describe("rules still to be written as stories", () => {
  it.each([
    ["Sensor readings must never be kept for longer than 90 days.", "never be kept for longer than 90 days"],
    [
      "The kiosk must never show staff phone numbers to guests.",
      "must never show staff phone numbers to guests",
    ],
  ])("shows the rule %j, negation kept, as a story to write", (said, rule) => {
    expect(toWrite([said]).some((t) => t.includes(rule))).toBe(true);
  });

  it("keeps the rule as a story only where no story covers its feature", () => {
    const said = ["I want to export the payroll files.", "Payroll files have to be exported every Friday."];
    expect(toWrite(said).filter((t) => /payroll/i.test(t))).toEqual([]);
  });
});
