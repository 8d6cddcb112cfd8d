import { describe, expect, it } from "vitest";
import { projectAllowance } from "./projectAllowance";

const now = new Date("2026-11-23T12:00:00Z");

describe("projectAllowance", () => {
  it("counts only this month's projects against the plan", () => {
    const projects = [{ createdAt: "2026-11-02T09:00:00Z" }, { createdAt: "2026-10-30T09:00:00Z" }];
    expect(projectAllowance(projects, "basic", now)).toEqual({
      used: 1,
      limit: 5,
      reached: false,
      plan: "Basic",
    });
  });

  it("says the Free plan's one project this month is used up", () => {
    expect(projectAllowance([{ createdAt: "2026-11-01T00:00:00Z" }], "free", now)).toMatchObject({
      used: 1,
      limit: 1,
      reached: true,
    });
  });

  it("knows nothing before the projects and the user have loaded", () => {
    expect(projectAllowance(undefined, "free", now)).toBeNull();
    expect(projectAllowance([], undefined, now)).toBeNull();
  });
});
