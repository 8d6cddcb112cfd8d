import { describe, expect, it } from "vitest";
import { keptText } from "./states";

describe("keptText", () => {
  it("states the project's retention in days", () => {
    expect(keptText(365)).toBe(
      "Kept: 365 days after the interview, then deleted. Documents the team makes from it keep placeholders only.",
    );
  });

  it("keeps the welcome's words for a project that keeps answers until deleted", () => {
    expect(keptText(null)).toBe(
      "Kept: until the owner deletes the interview. You can ask for it to be deleted.",
    );
  });
});
