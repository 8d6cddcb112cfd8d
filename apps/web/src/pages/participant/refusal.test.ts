import { describe, expect, it } from "vitest";
import { limitRefusal } from "./useInterviewSession";

describe("limitRefusal", () => {
  it("reads a 429 or 403 refusal of the AI call with the server's own words", () => {
    const tooFast = {
      message: "Too many requests. Please wait a few minutes and try again.",
      data: { httpStatus: 429 },
    };
    expect(limitRefusal(tooFast)).toEqual({ status: 429, message: tooFast.message });
    const usedUp = { message: "This interview has used its AI allowance.", data: { httpStatus: 403 } };
    expect(limitRefusal(usedUp)).toEqual({ status: 403, message: usedUp.message });
  });

  it("leaves every other failure to the generic path", () => {
    expect(limitRefusal({ message: "Failed to fetch" })).toBeNull();
    expect(limitRefusal({ message: "Upstream error", data: { httpStatus: 502 } })).toBeNull();
    expect(limitRefusal({ message: "", data: { httpStatus: 429 } })).toBeNull();
    expect(limitRefusal(null)).toBeNull();
  });
});
