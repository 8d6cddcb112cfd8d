import { describe, expect, it } from "vitest";
import { keptSentence } from "./AnswersSummary";

describe("keptSentence", () => {
  it("gives the day of deletion for a project that keeps answers for a number of days", () => {
    const until = new Date("2026-04-01T10:00:00.000Z").toLocaleDateString();
    expect(keptSentence({ completedAt: "2026-03-02T10:00:00.000Z", retentionDays: 30 })).toBe(
      `Kept for 30 days after the interview, until ${until}, then deleted automatically.`,
    );
  });

  it("says answers are kept until deleted, by the owner or here", () => {
    expect(keptSentence({ completedAt: "2026-03-02T10:00:00.000Z", retentionDays: null })).toBe(
      "Kept until the project's owner deletes the interview, or you delete it here.",
    );
  });
});
