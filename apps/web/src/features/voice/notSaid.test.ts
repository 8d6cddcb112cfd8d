import { describe, expect, it } from "vitest";
import { markNotSaid, readNotSaid } from "./notSaid";

describe("not said", () => {
  it("marks the part of a reply that was not spoken and reads it back", () => {
    const content = markNotSaid("Thanks, that helps. ", "Which part takes longest?");
    expect(content).toBe("Thanks, that helps. [not said: Which part takes longest?]");
    expect(readNotSaid(content)).toEqual({
      said: "Thanks, that helps.",
      notSaid: "Which part takes longest?",
    });
    expect(markNotSaid("All of it.", " ")).toBe("All of it.");
    expect(readNotSaid("Plain [text]")).toEqual({ said: "Plain [text]", notSaid: null });
  });
});
