import { describe, expect, it } from "vitest";
import { renderEvidenceContext } from "./evidence-context";

describe("the evidence context the partner and the prompt generator read", () => {
  it("cites a quote said in another language with its translation beside it", () => {
    const text = renderEvidenceContext(
      {
        themes: [
          {
            title: "Online orders",
            interviewIds: [4],
            stakeholderTypes: ["business"],
            count: 1,
            evidence: [
              {
                interviewId: 4,
                turn: 1,
                quote: "Ich möchte, dass Kunden online bestellen können",
                translation: "I want customers to be able to order online",
              },
            ],
          },
        ],
      },
      new Map([[4, "Baker"]]),
    );
    expect(text).toContain(
      "“Ich möchte, dass Kunden online bestellen können” (translated: “I want customers to be able to order online”) (Baker, turn 2)",
    );
  });
});
