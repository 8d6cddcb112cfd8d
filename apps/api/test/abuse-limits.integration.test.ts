import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ownerWithInterview,
  signUp,
  startTestServer,
  type TestServer,
  trpcMutation,
  trpcQuery,
} from "./harness";
import { PNG } from "./images";

const CANCELLED = "This interview was cancelled by its owner, so it can no longer be changed.";

const count = (answers: Array<{ status: number }>, status: number) =>
  answers.filter((a) => a.status === status).length;

describe("a cancelled interview takes no writes from its participant", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses AI calls, start, saves, notes, transcript and images with a clear 403, and changes nothing", async () => {
    const { owner, interviewId, participant } = await ownerWithInterview(server);
    await participant.patch(`/api/interviews/${interviewId}/start`);
    const saved = await participant.post("/api/conversations", {
      interviewId,
      messages: [JSON.stringify({ role: "user", content: "Before the cancel" })],
    });
    expect(saved.status).toBe(201);
    const cancel = await owner.client.patch(`/api/interviews/${interviewId}/status`, { status: "cancelled" });
    expect(cancel.status).toBe(200);

    const attempts = await Promise.all([
      participant.post("/api/ai/response", { interviewId, messages: [] }),
      trpcMutation(participant, "ai.interviewResponse", { interviewId, messages: [] }),
      participant.post("/api/ai/analyze-image", { interviewId, base64Image: PNG }),
      participant.post("/api/ai/transcribe", { interviewId, audio: "AAAA".repeat(100) }),
      participant.post("/api/ai/tts", { interviewId, text: "Hello" }),
      participant.patch(`/api/interviews/${interviewId}/start`),
      participant.patch(`/api/interviews/${interviewId}/status`, { status: "completed" }),
      participant.post("/api/conversations", {
        interviewId,
        messages: [JSON.stringify({ role: "user", content: "After the cancel" })],
      }),
      participant.patch(`/api/conversations/${saved.body.id}`, {
        messages: [JSON.stringify({ role: "user", content: "After the cancel" })],
      }),
      participant.patch(`/api/interviews/${interviewId}/notes`, { notes: "late notes" }),
      participant.post("/api/transcripts", { interviewId, content: "late transcript" }),
      trpcMutation(participant, "participant.addImage", {
        interviewId,
        dataUrl: `data:image/png;base64,${PNG}`,
      }),
    ]);
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).toContain(CANCELLED);
    }

    const interview = await owner.client.get(`/api/interviews/${interviewId}`);
    expect(interview.body.status).toBe("cancelled");
    const conversation = await owner.client.get(`/api/interviews/${interviewId}/conversation`);
    expect(conversation.body.messages.map((m: string) => JSON.parse(m).content)).toEqual([
      "Before the cancel",
    ]);
    expect((await owner.client.get(`/api/interviews/${interviewId}/transcript`)).status).toBe(404);
    const usage = await server.services.db
      .selectFrom("usage_events")
      .select("id")
      .where("interview_id", "=", interviewId)
      .execute();
    expect(usage).toEqual([]);
  });

  it("still lets the owner reopen it, after which the participant may go on", async () => {
    const { owner, interviewId, participant } = await ownerWithInterview(server);
    await owner.client.patch(`/api/interviews/${interviewId}/status`, { status: "cancelled" });
    expect((await participant.get(`/api/interviews/${interviewId}/conversation`)).status).toBe(404);
    const reopened = await owner.client.patch(`/api/interviews/${interviewId}/status`, { status: "pending" });
    expect(reopened.body.status).toBe("pending");
    const start = await participant.patch(`/api/interviews/${interviewId}/start`);
    expect(start.status).toBe(200);
    expect(start.body.status).toBe("in_progress");
  });
});

describe("plan limits under parallel requests", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const projectsOf = (userId: string) =>
    server.services.db.selectFrom("projects").select("id").where("user_id", "=", userId).execute();

  it("creates exactly 1 project from 10 parallel projects.create of a free owner", async () => {
    const owner = await signUp(server.url);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => trpcMutation(owner.client, "projects.create", { title: `P${i}` })),
    );
    expect(count(answers, 200)).toBe(1);
    expect(count(answers, 403)).toBe(9);
    expect(answers.find((a) => a.status === 403)!.body.error.message).toContain("Project limit reached");
    expect(await projectsOf(owner.user.id)).toHaveLength(1);
  });

  it("creates exactly 1 project from 10 parallel POST /api/projects", async () => {
    const owner = await signUp(server.url);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => owner.client.post("/api/projects", { title: `P${i}` })),
    );
    expect(count(answers, 201) + count(answers, 200)).toBe(1);
    expect(await projectsOf(owner.user.id)).toHaveLength(1);
  });

  it("counts deleted projects: delete then create does not give a second project this month", async () => {
    const owner = await signUp(server.url);
    for (let round = 0; round < 3; round += 1) {
      const list = await projectsOf(owner.user.id);
      for (const p of list) expect((await owner.client.delete(`/api/projects/${p.id}`)).status).toBe(200);
      const created = await owner.client.post("/api/projects", { title: `Round ${round}` });
      if (round === 0) expect([200, 201]).toContain(created.status);
      else {
        expect(created.status).toBe(403);
        expect(created.body.message).toContain("Project limit reached");
        expect(created.body.upgradeRequired).toBe(true);
      }
    }
    expect(await projectsOf(owner.user.id)).toHaveLength(0);
    // The New Project button reads the same count before the form is filled in.
    const allowance = await trpcQuery(owner.client, "projects.allowance", undefined);
    expect(allowance.body.result.data).toEqual({ used: 1, limit: 1, reached: true, plan: "Free" });
  });

  it("creates exactly 2 interviews from 10 parallel POST /api/interviews, and deleting one frees no slot", async () => {
    const { owner, projectId, interviewId } = await ownerWithInterview(server, { tier: "free" });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        owner.client.post("/api/interviews", { projectId, name: `I${i}`, stakeholderType: "user" }),
      ),
    );
    expect(count(answers, 201) + count(answers, 200)).toBe(1);
    expect(answers.find((a) => a.status === 403)!.body.message).toContain("Interview limit reached");
    const interviews = () =>
      server.services.db.selectFrom("interviews").select("id").where("project_id", "=", projectId).execute();
    expect(await interviews()).toHaveLength(2);

    expect((await owner.client.delete(`/api/interviews/${interviewId}`)).status).toBe(200);
    const again = await owner.client.post("/api/interviews", {
      projectId,
      name: "Again",
      stakeholderType: "user",
    });
    expect(again.status).toBe(403);
    expect(await interviews()).toHaveLength(1);
  });
});
