import { describe, expect, it } from "vitest";
import { rawDeletedText } from "./RawDeletedNotice";

const AT = "2026-03-02T09:00:00.000Z";
const day = new Date(AT).toLocaleDateString();

describe("rawDeletedText", () => {
  it("says the participant deleted it, when, and that documents keep placeholders", () => {
    expect(rawDeletedText(AT, "participant", 90)).toBe(
      `The participant deleted what they said on ${day}. Documents made from it keep placeholders only.`,
    );
  });

  it("says the project's retention deleted it, with its number of days", () => {
    expect(rawDeletedText(AT, "retention", 30)).toBe(
      `Deleted on ${day}, as this project keeps raw conversations for 30 days.`,
    );
  });

  it("still says when, if the project now keeps conversations until deleted", () => {
    expect(rawDeletedText(AT, "retention", null)).toContain(
      `Deleted on ${day}, under this project's retention setting.`,
    );
  });
});
