import { describe, expect, it } from "vitest";
import { checkFeatureName } from "../quality";
import { renderRequirements } from "../requirements/markdown";
import { verifyQuotes } from "../requirements/quotes";
import { extractRequirements } from "./requirements";
import { summarizeTranscripts } from "./summarizer";

// The owner's report in issue 15, as the documented POST /api/ai/generate-agile-requirements runs it offline.
const TRANSCRIPT = `AI: How should patients sign in?
Participant: They must not need a password.
AI: What about the front desk?
Participant: I don't want the receptionist typing things twice.
AI: And the bikes?
Participant: I don't want to unlock the bike with a separate card. I want to unlock it with my phone so that I can leave the card at home.
AI: Anything else?
Participant: Dr. Patel asked about it. Did you watch the football last night?`;

function documentedRequirements(transcripts: string[]) {
  const tree = verifyQuotes(extractRequirements(transcripts), transcripts);
  return { tree, markdown: renderRequirements(tree) };
}

describe("the documented offline requirements", () => {
  it("never turns a refusal into a story that grants it", () => {
    const { markdown } = documentedRequirements([TRANSCRIPT]);
    expect(markdown).not.toMatch(
      /I want to (?:have a password|have the receptionist typing|unlock the bike with a separate card)|Feature: Unlock the bike/,
    );
    expect(markdown).toContain("- Given a user, then they must not need a password");
    expect(markdown).toContain("- Given a user, then the receptionist never has to type things twice");
    expect(markdown).toContain(
      "- Given a user, then the user never has to unlock the bike with a separate card",
    );
    // "it" points into the conversation: it stays in the quote, never in a story's words.
    expect(markdown).not.toContain("I want to unlock it");
  });

  it("invents no benefit and garbles no feature name", () => {
    const { tree } = documentedRequirements([TRANSCRIPT]);
    const stories = tree.epics.flatMap((e) => e.features.flatMap((f) => f.stories));
    for (const story of stories) expect(story.assumption || TRANSCRIPT.includes(story.benefit)).toBe(true);
    // Names are short noun phrases made of the participant's words, never fragments.
    expect(tree.epics.flatMap((e) => e.features.map((f) => f.name))).toEqual([
      "Password",
      "Receptionist typing",
      "Bike unlocking",
    ]);
    for (const feature of tree.epics.flatMap((e) => e.features))
      expect(checkFeatureName(feature.name)).toEqual([]);
  });

  it("summarises without the football question and without splitting at 'Dr.'", () => {
    const summary = summarizeTranscripts([TRANSCRIPT], "Clinic");
    expect(summary).not.toContain("football");
    expect(summary).not.toMatch(/“Dr”|“Dr\.”/);
    expect(summary).toMatch(/## Open questions\n- The interviews left nothing explicitly open\./);
  });
});
