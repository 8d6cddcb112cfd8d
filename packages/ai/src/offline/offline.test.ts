import { describe, expect, it } from "vitest";
import { FIXTURES } from "../../test/fixtures/transcripts";
import { formatStory } from "../requirements/markdown";
import {
  CLOSING,
  FOLLOW_UPS,
  type InterviewTurn,
  nextInterviewMessage,
  QUESTION_BANKS,
  WRAP_UP,
} from "./interviewer";
import { extractRequirements } from "./requirements";
import { summarizeTranscripts } from "./summarizer";
import { answerFromSummary, assemblePrompt } from "./writer";

const ANSWERS = [
  "I coordinate a team of twelve field technicians across the north of the city every single day.",
  "Every morning I copy jobs from a spreadsheet into a map and phone each technician with their route.",
  "Not sure.",
  "Last Tuesday a boiler burst and I spent forty minutes finding who was closest, while the customer waited.",
  "We use a shared spreadsheet, a paper whiteboard, and a lot of phone calls between the office and the vans.",
  "It happens at least three times a week, and each time it costs us about an hour of somebody's work.",
  "If it worked perfectly I would see every van on a map and send the nearest one with a single click.",
  "Maybe.",
  "I would stop using it if it needed more typing than the spreadsheet or if it crashed on the phones.",
  "I really like how delivery apps show the driver moving on a map, that kind of live picture helps.",
  "The office manager and two senior technicians are involved whenever we change a schedule during the day.",
  "Mostly at my desk on a laptop, but the technicians only ever have their phones with them in the vans.",
];

function runInterview(
  stakeholderType: InterviewTurn["stakeholderType"],
  turns: number,
  elapsedPerTurn = 0.5,
) {
  const messages: InterviewTurn["messages"] = [];
  messages.push({
    role: "ai",
    content: nextInterviewMessage({ messages, stakeholderType, projectTitle: "Dispatch" }),
  });
  for (let i = 0; i < turns; i += 1) {
    messages.push({ role: "user", content: ANSWERS[i % ANSWERS.length] as string });
    messages.push({
      role: "ai",
      content: nextInterviewMessage({
        messages,
        stakeholderType,
        projectTitle: "Dispatch",
        elapsedMinutes: (i + 1) * elapsedPerTurn,
      }),
    });
  }
  return messages.filter((m) => m.role === "ai").map((m) => m.content);
}

describe("offline interviewer", () => {
  it("welcomes, says it is offline, and asks the role's first question", () => {
    const [welcome] = runInterview("developer", 0);
    expect(welcome).toContain("Dispatch");
    expect(welcome).toContain("offline");
    expect(welcome).toContain("12 minutes");
    expect(welcome).toContain(QUESTION_BANKS.developer[0]);
  });

  it("is deterministic: the same conversation gives the same questions", () => {
    expect(runInterview("business", 8)).toEqual(runInterview("business", 8));
  });

  it("tailors questions to the stakeholder type", () => {
    const developer = runInterview("developer", 5).join(" ");
    const designer = runInterview("designer", 5).join(" ");
    expect(developer).toContain("architecture");
    expect(designer).toContain("confused");
    expect(developer).not.toEqual(designer);
  });

  it("never repeats a question over a 12-turn interview", () => {
    for (const type of Object.keys(QUESTION_BANKS) as Array<keyof typeof QUESTION_BANKS>) {
      const asked = runInterview(type, 12, 0.3).slice(1);
      const questions = asked.map((m) =>
        m.replace(/^(Thank you\.|That's helpful\.|Thanks for explaining\.|Got it\.|I see\.)\s*/, ""),
      );
      expect(new Set(questions).size, type).toBe(questions.length);
    }
  });

  it("follows up on a vague answer with a request for detail", () => {
    const asked = runInterview("user", 3);
    expect(FOLLOW_UPS).toContain(asked[3]);
  });

  it("wraps up near the role's time limit and then closes", () => {
    const asked = runInterview("designer", 12, 1);
    const wrap = asked.findIndex((m) => m.includes(WRAP_UP));
    expect(wrap).toBeGreaterThan(0);
    expect(wrap).toBeLessThanOrEqual(10);
    expect(asked[wrap + 1]).toBe(CLOSING);
  });

  it("asks about the participant's notes once", () => {
    const messages: InterviewTurn["messages"] = [
      { role: "ai", content: "Hello" },
      { role: "user", content: "I run the dispatch desk for our twelve technicians in the north." },
    ];
    const reply = nextInterviewMessage({
      messages,
      stakeholderType: "user",
      notesContext: "Paper whiteboard is always out of date",
    });
    expect(reply).toContain("Paper whiteboard is always out of date");
  });
});

describe("offline summaries and requirements (evals)", () => {
  for (const fixture of FIXTURES) {
    it(`summarises the ${fixture.name} interview with its key points`, () => {
      const summary = summarizeTranscripts([fixture.transcript], fixture.name);
      expect(summary).toContain("offline assistant");
      for (const point of fixture.keyPoints) expect(summary.toLowerCase()).toContain(point.toLowerCase());
    });

    it(`extracts stories from the ${fixture.name} interview, each quote verbatim`, () => {
      const tree = extractRequirements([fixture.transcript], { role: fixture.role });
      const stories = tree.epics.flatMap((e) => e.features.flatMap((f) => f.stories));
      expect(stories.length).toBeGreaterThanOrEqual(2);
      for (const story of stories) {
        expect(story.quote).not.toBeNull();
        expect(fixture.transcript).toContain(story.quote as string);
        // "so that …" only where the participant said why; otherwise the story says no reason was given.
        expect(formatStory(story)).toMatch(
          story.assumption ? /^As an? .+, I want to .+$/ : /^As an? .+, I want to .+ so that .+$/,
        );
      }
      for (const criterion of tree.epics.flatMap((e) => e.features.flatMap((f) => f.acceptanceCriteria))) {
        expect(fixture.transcript).toContain(criterion.quote as string);
      }
    });
  }

  it("reads the reason after 'so that' as the story's benefit", () => {
    const tree = extractRequirements([FIXTURES[0]!.transcript], { role: "dispatcher" });
    const story = tree.epics
      .flatMap((e) => e.features.flatMap((f) => f.stories))
      .find((s) => s.action.includes("technician"));
    expect(story).toMatchObject({
      userType: "dispatcher",
      action: "see every technician on one map",
      benefit: "I can send the closest one to an emergency",
      assumption: false,
    });
  });

  it("assembles a build prompt from the project and its requirements", () => {
    const tree = extractRequirements([FIXTURES[1]!.transcript], { role: "patient" });
    const prompt = assemblePrompt({
      title: "Clinic",
      objective: "Fewer no-shows",
      targetAudience: "Patients",
      requirements: tree,
    });
    expect(prompt).toContain("# Build: Clinic");
    expect(prompt).toContain("Fewer no-shows");
    expect(prompt).toContain(
      "As a patient, I want to get reminders by text so that they do not forget their visit",
    );
    expect(prompt).toContain("- [ ] ");
  });

  it("answers the partner from the summary's relevant passages, and says when there is none", () => {
    const summary = summarizeTranscripts([FIXTURES[1]!.transcript], "Clinic");
    const answer = answerFromSummary("What do they say about reminders by text?", summary);
    expect(answer).toContain("reminders by text");
    expect(answer).toContain("offline assistant");
    expect(answerFromSummary("Anything?", "")).toContain("no summary");
  });
});
