import { describe, expect, it } from "vitest";
import { describeRequirements } from "./describeRequirements";

const MARKDOWN = `# Epic: Dispatch map
Everything on one screen.

## Feature: Live technician map
Shows every technician.

### Acceptance Criteria
- A dispatcher sees every technician on one map

### User Stories
- As a dispatcher, I want to see every technician so that I can send the closest one
- As a technician, I want to see my next job so that I leave on time

## Feature: Route updates

# Epic: Notifications
`;

describe("describeRequirements", () => {
  it("previews a saved version as counts and an outline instead of raw '# Epic:' text", () => {
    const { counts, preview } = describeRequirements(MARKDOWN);
    expect(counts).toBe("2 epics · 2 features · 2 stories");
    expect(preview).toBe("Dispatch map: Live technician map, Route updates · Notifications");
    expect(preview).not.toContain("#");
  });

  it("cuts the preview at 150 characters", () => {
    const long = Array.from({ length: 20 }, (_, i) => `# Epic: Epic number ${i}\n`).join("\n");
    const { preview } = describeRequirements(long);
    expect(preview).toHaveLength(151);
    expect(preview.endsWith("…")).toBe(true);
  });

  it("falls back to the plain text of a document that has no epics", () => {
    expect(describeRequirements("Some **notes** about the project")).toMatchObject({
      counts: "0 epics · 0 features · 0 stories",
      preview: "Some notes about the project",
    });
  });
});
