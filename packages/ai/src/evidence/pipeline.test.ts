import { describe, expect, it } from "vitest";
import { parseRequirements } from "../requirements/markdown";
import { analyzeProject, renderEvidenceTree, toMarkdownTree, turnsByInterview } from "./pipeline";
import { isNegated } from "./text";
import type { InterviewSource } from "./types";
import { evidenceHolds } from "./verify";

/** A small deterministic pseudo-random generator, so every run checks the same interviews. */
function rng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const PIECES = [
  "I need to see the route",
  "so that I can leave on time",
  "I don't want to type it twice",
  "They must not need a password",
  "Dr. Patel said e.g. 3.5 hours",
  "we haven't decided who pays",
  "did you watch the football?",
  "Patients should get reminders by text",
  "without a separate card",
  "“quoted” words — with dashes",
  "naïve émoji 🎉 text",
  "it's slow and frustrating",
  "about 15% are missed",
  "the ERP cannot be replaced",
  "; but we want webhooks",
  "etc. Then more",
  "<b>tags</b> & &lt;stuff",
];

function randomInterview(random: () => number, interviewId: number): InterviewSource {
  const pick = () => PIECES[Math.floor(random() * PIECES.length)]!;
  const turns = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, i) => {
    const text = Array.from({ length: 1 + Math.floor(random() * 4) }, pick).join(
      random() < 0.5 ? ". " : ", ",
    );
    return `${i % 2 === 0 && random() < 0.7 ? "AI" : "Participant"}: ${text}${random() < 0.5 ? "." : ""}`;
  });
  return {
    interviewId,
    stakeholderType: random() < 0.5 ? "user" : "business",
    transcript: random() < 0.1 ? "" : turns.join(random() < 0.5 ? "\n" : "\n\n"),
  };
}

describe("the offline engine on 200 generated projects", () => {
  it("never fails, every piece of evidence stands in a participant turn, and no story rests on a refusal", () => {
    const random = rng(7);
    let stories = 0;
    let criteria = 0;
    for (let run = 0; run < 200; run += 1) {
      const sources = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, i) =>
        randomInterview(random, i + 1),
      );
      const analysis = analyzeProject(sources, { title: "Generated" });
      const turns = turnsByInterview(sources);
      const evidence = [
        ...analysis.synthesis.themes.flatMap((t) => t.evidence),
        ...analysis.synthesis.openQuestions,
        ...analysis.requirements.epics.flatMap((e) =>
          e.features.flatMap((f) => [...f.stories, ...f.acceptanceCriteria].flatMap((x) => x.evidence)),
        ),
      ];
      for (const e of evidence) expect(evidenceHolds(e, turns), JSON.stringify(e)).toBe(true);
      const refusals = new Set(
        analysis.extractions.flatMap((x) =>
          x.items.filter((i) => i.polarity !== "wants").map((i) => i.quote),
        ),
      );
      const features = analysis.requirements.epics.flatMap((e) => e.features);
      stories += features.flatMap((f) => f.stories).length;
      criteria += features.flatMap((f) => f.acceptanceCriteria).length;
      for (const story of features.flatMap((f) => f.stories)) {
        if (story.evidence.some((e) => refusals.has(e.quote))) expect(isNegated(story.action)).toBe(true);
        expect(story.evidence.length).toBeGreaterThan(0);
      }
      expect(parseRequirements(renderEvidenceTree(analysis.requirements))).toEqual(
        toMarkdownTree(analysis.requirements),
      );
      expect(analysis.synthesis.summary).toMatch(/## Themes[\s\S]*## Conflicts[\s\S]*## Open questions/);
    }
    // The generated projects do produce requirements, so the checks above were exercised.
    expect(stories).toBeGreaterThan(100);
    expect(criteria).toBeGreaterThan(100);
    // (under a second of work alone; a whole suite sharing two busy cores has taken it past five)
  }, 30_000);
});
