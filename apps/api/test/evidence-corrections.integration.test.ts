/**
 * Issue 22: the corrected record is the record. What the participant changed at review, or the
 * owner corrected on the interview page, is what the requirements rest on; words taken back are
 * no evidence, and the evidence says which turns were corrected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completedInterview, finished } from "./evidence-fixtures";
import { Client as Browser, signUpOnPlan, startTestServer, type TestServer } from "./harness";

const SAID = [
  ["ai", "How do patients hear about their visit?"],
  ["user", "We need SMS reminders the day before each visit."],
  ["ai", "Anything else?"],
  ["user", "We need a waitlist for cancelled slots."],
] as const;

// The review screen's transcript: the same conversation with the participant's answers as corrected.
const REVIEWED = [
  "AI: How do patients hear about their visit?",
  "Participant: We need EMAIL reminders the day before each visit.",
  "AI: Anything else?",
  "Participant: No, nothing else.",
].join("\n\n");

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function clinic() {
  const owner = await signUpOnPlan(server);
  const project = await owner.client.post("/api/projects", {
    title: "Clinic",
    objective: "Fewer missed visits",
  });
  const projectId = project.body.id as number;
  const interviewId = await completedInterview(
    server,
    owner.client,
    projectId,
    "Front desk",
    "business",
    SAID,
  );
  return { owner, projectId, interviewId };
}

async function storiesOf(owner: Awaited<ReturnType<typeof clinic>>["owner"], projectId: number) {
  const started = await owner.client.post(`/api/projects/${projectId}/requirements/generate`);
  expect(started.status).toBe(202);
  const job = await finished(owner.client, started.body.jobId);
  expect(job.status).toBe("succeeded");
  return job.result.epics.flatMap((e: any) => e.features.flatMap((f: any) => f.stories));
}

describe("the corrected record is the record", () => {
  it("before any correction, the requirements rest on the words as said", async () => {
    const { owner, projectId } = await clinic();
    const actions = (await storiesOf(owner, projectId)).map((s: any) => s.action);
    expect(actions).toContain("get SMS reminders the day before each visit");
    expect(actions).toContain("have a waitlist for cancelled slots");
  });

  it("follows the participant's review: the SMS story becomes EMAIL, the withdrawn waitlist is gone", async () => {
    const { owner, projectId, interviewId } = await clinic();
    const participant = new Browser(server.url);
    const share = await owner.client.get(`/api/interviews/${interviewId}`);
    await participant.get(`/api/interviews/share/${share.body.shareLink}`);
    const review = await participant.post("/api/transcripts", {
      interviewId,
      content: REVIEWED,
      corrected: true,
    });
    expect(review.status).toBe(201);

    const stories = await storiesOf(owner, projectId);
    const text = JSON.stringify(stories);
    expect(text).not.toMatch(/SMS|waitlist/);
    const email = stories.find((s: any) => /EMAIL reminders/.test(s.action));
    expect(email).toBeDefined();
    expect(email.evidence).toEqual([
      {
        interviewId,
        turn: 1,
        quote: "We need EMAIL reminders the day before each visit",
        corrected: "participant",
      },
    ]);
  });

  it("follows the owner's transcript correction the same way, marked as the owner's", async () => {
    const { owner, projectId, interviewId } = await clinic();
    // The owner corrects the transcript on the interview page: the interview becomes updated_by_user.
    const saved = await owner.client.post("/api/transcripts", {
      interviewId,
      content: REVIEWED.replace("EMAIL", "SMS"),
      corrected: false,
    });
    expect(saved.status).toBe(201);
    const edit = await owner.client.patch(`/api/transcripts/${saved.body.id}`, {
      content: REVIEWED,
      corrected: true,
    });
    expect(edit.status).toBe(200);
    expect((await owner.client.get(`/api/interviews/${interviewId}`)).body.status).toBe("updated_by_user");

    const stories = await storiesOf(owner, projectId);
    expect(JSON.stringify(stories)).not.toMatch(/SMS|waitlist/);
    const email = stories.find((s: any) => /EMAIL reminders/.test(s.action));
    expect(email.evidence[0]).toMatchObject({ turn: 1, corrected: "owner" });
    // The owner's page reads the saved tree: the mark is kept with the story.
    const tree = (await owner.client.get(`/api/projects/${projectId}/requirements`)).body;
    const kept = tree.epics.flatMap((e: any) => e.features.flatMap((f: any) => f.stories));
    expect(kept.find((s: any) => /EMAIL/.test(s.action)).evidence[0]).toMatchObject({ corrected: "owner" });
  });
});
