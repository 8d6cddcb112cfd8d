import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, nowIso } from "./dates";

describe("dates", () => {
  it("shows an ISO date in the reader's locale, and a placeholder when there is none", () => {
    const iso = "2026-03-04T05:06:07.000Z";
    expect(formatDate(iso)).toBe(new Date(iso).toLocaleDateString());
    expect(formatDateTime(iso)).toBe(new Date(iso).toLocaleString());
    expect(formatDate(null)).toBe("N/A");
    expect(formatDateTime(undefined, "Not set")).toBe("Not set");
  });

  it("answers now as ISO text", () => {
    expect(nowIso()).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
