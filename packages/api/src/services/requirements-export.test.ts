import { describe, expect, it } from "vitest";
import { csvCell, csvRows, exportFileName, exportRequirements } from "./requirements-export";

describe("CSV cells", () => {
  it("quotes commas, quotes and line breaks, and leaves plain text alone", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a, b")).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });

  it("keeps a spreadsheet from running a cell as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(csvCell(`${start}1+1`).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it("ends every row with CRLF", () => {
    expect(
      csvRows([
        ["a", "b"],
        ["c", "d"],
      ]),
    ).toBe("a,b\r\nc,d\r\n");
  });
});

describe("requirements export", () => {
  const tree = {
    epics: [
      {
        name: "Access",
        description: "How riders get in.",
        features: [
          {
            name: "Unlock the bike",
            description: "",
            acceptanceCriteria: [
              {
                text: "Given a rider, then the app must never store card numbers",
                evidence: [{ interviewId: 2, turn: 1, quote: "The app must never store card numbers" }],
              },
            ],
            stories: [
              {
                userType: "rider",
                action: "unlock the bike with my phone",
                benefit: "this need is met",
                assumption: true,
                priority: "high" as const,
                evidence: [{ interviewId: 1, turn: 3, quote: "I need to unlock the bike with my phone" }],
              },
            ],
          },
        ],
      },
    ],
  };
  const names = new Map([
    [1, "Rider"],
    [2, "Operator"],
  ]);

  it("names files after the project, one per format", () => {
    expect(exportFileName("Bike Share: Phase 2!", "jira-csv")).toBe(
      "bike-share-phase-2-requirements-jira.csv",
    );
    expect(exportFileName("", "markdown")).toBe("project-requirements.md");
  });

  it("puts a feature's stories, criteria and quotes in its Linear description, with its priority and labels", () => {
    const file = exportRequirements("linear-csv", { id: 7, title: "Bikes" }, tree, names);
    expect(file.contentType).toBe("text/csv; charset=utf-8");
    expect(file.content).toContain(
      "As a rider, I want to unlock the bike with my phone so that this need is met (Assumption)",
    );
    expect(file.content).toContain("“The app must never store card numbers” (Operator, turn 2)");
    expect(file.content.split("\r\n")[0]).toBe("Title,Description,Priority,Labels");
    expect(file.content).toContain(',High,"Access,Assumption"');
  });
});
