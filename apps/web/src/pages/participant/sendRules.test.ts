import { describe, expect, it } from "vitest";
import { canSend } from "./sendRules";

describe("canSend", () => {
  it("refuses empty or whitespace-only text", () => {
    expect(canSend("", false)).toBe(false);
    expect(canSend("  \n\t ", false)).toBe(false);
  });

  it("refuses while loading, such as while the welcome message still streams in", () => {
    expect(canSend("I maintain the routing service.", true)).toBe(false);
  });

  it("allows real text when nothing is loading", () => {
    expect(canSend("I maintain the routing service.", false)).toBe(true);
  });
});
