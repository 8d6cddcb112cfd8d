import { describe, expect, it } from "vitest";
import {
  deletionDay,
  RETENTION_OPTIONS,
  retentionFromValue,
  retentionLabel,
  retentionValue,
} from "./retention";

describe("retention choices", () => {
  it("offers 30, 90 and 365 days and until deleted", () => {
    expect(RETENTION_OPTIONS.map((o) => o.label)).toEqual([
      "30 days",
      "90 days",
      "365 days",
      "Until deleted",
    ]);
  });

  it("reads each choice back as the project's setting", () => {
    for (const days of [30, 90, 365, null] as const)
      expect(retentionFromValue(retentionValue(days))).toBe(days);
  });

  it("says the retention in words", () => {
    expect(retentionLabel(90)).toBe("90 days");
    expect(retentionLabel(null)).toBe("until deleted");
  });

  it("counts the day of deletion from the interview's end, none when kept until deleted", () => {
    expect(deletionDay("2026-01-01T12:00:00.000Z", 30)?.toISOString()).toBe("2026-01-31T12:00:00.000Z");
    expect(deletionDay("2026-01-01T12:00:00.000Z", null)).toBeNull();
    expect(deletionDay(null, 30)).toBeNull();
  });
});
