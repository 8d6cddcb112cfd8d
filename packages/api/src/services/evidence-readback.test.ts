import { describe, expect, it } from "vitest";
import { readBackOf } from "./evidence";

describe("the stored read-back as the evidence extraction reads it", () => {
  it("marks the points the participant confirmed or corrected, and leaves unanswered points out", () => {
    const stored = {
      points: ["Routes are planned by hand", "It takes two hours", "Texts cost money"],
      confirmations: [0],
      corrections: [{ point: 1, text: "It takes three hours" }],
    };
    expect(readBackOf(stored)).toEqual({
      points: [
        { text: "Routes are planned by hand", confirmed: true },
        { text: "It takes two hours", confirmed: false, correction: "It takes three hours" },
      ],
    });
  });

  it("reads nothing from an interview without a read-back or with one nobody answered", () => {
    expect(readBackOf(null)).toBeNull();
    expect(readBackOf({ points: ["A point"], confirmations: [], corrections: [] })).toBeNull();
    expect(readBackOf("not a review")).toBeNull();
  });
});
