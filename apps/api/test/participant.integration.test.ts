import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, signUpOnPlan, startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** An owner with a project and an interview; answers the owner's client and the interview. */
async function setup(stakeholderType = "developer", name: { firstName?: string; lastName?: string } = {}) {
  const owner = await signUpOnPlan(server, "pro", name);
  const project = await owner.client.post("/api/projects", {
    title: "Field service app",
    objective: "Schedule technicians",
    targetAudience: "Dispatchers",
  });
  const interview = await owner.client.post("/api/interviews", {
    projectId: project.body.id,
    name: "Dana",
    stakeholderType,
  });
  return {
    owner,
    projectId: project.body.id as number,
    interview: interview.body as { id: number; shareLink: string },
  };
}

const message = (role: "ai" | "user", content: string) =>
  JSON.stringify({ role, content, timestamp: new Date().toISOString() });

describe("opening a share link", () => {
  it("answers the interview, the project's public fields and who is asking (no email, no id), and grants this browser", async () => {
    const { owner, interview } = await setup("developer", { firstName: "Ada", lastName: "Lovelace" });
    const participant = new Client(server.url);
    const res = await participant.get(`/api/interviews/share/${interview.shareLink}`);
    expect(res.status).toBe(200);
    expect(res.body.project).toEqual({
      title: "Field service app",
      objective: "Schedule technicians",
      targetAudience: "Dispatchers",
      ownerName: "Ada Lovelace",
      // The welcome states how long the raw conversation is kept (issue 26): until deleted here.
      retentionDays: null,
    });
    expect(res.body.interview).toMatchObject({ id: interview.id, status: "scheduled", timeLimitMinutes: 12 });
    // The welcome says what voice can do here: this server has no speech service (no key).
    expect(res.body.voice).toEqual({ transcribe: false, speak: false });
    expect(JSON.stringify(res.body)).not.toContain(owner.email);
    expect(JSON.stringify(res.body)).not.toContain(owner.user.id);
    const grant = res.headers.getSetCookie().find((c) => c.startsWith(`pgrant_${interview.id}=`));
    expect(grant).toMatch(/HttpOnly/i);
  });

  it("answers a null owner name when the owner gave no name", async () => {
    const { interview } = await setup();
    const res = await new Client(server.url).get(`/api/interviews/share/${interview.shareLink}`);
    expect(res.body.project.ownerName).toBeNull();
  });

  it("answers 404 for an unknown link", async () => {
    const res = await new Client(server.url).get("/api/interviews/share/not-a-real-link");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Interview not found" });
  });
});

describe("the participant's calls", () => {
  it("runs a whole interview: start, conversation, notes, completion and the reviewed transcript", async () => {
    const { owner, interview } = await setup();
    const participant = new Client(server.url);
    await participant.get(`/api/interviews/share/${interview.shareLink}`);
    const id = interview.id;

    expect((await participant.patch(`/api/interviews/${id}/status`, { status: "in_progress" })).status).toBe(
      200,
    );
    expect((await participant.patch(`/api/interviews/${id}/start`)).body.status).toBe("in_progress");

    const created = await participant.post("/api/conversations", {
      interviewId: id,
      messages: [message("ai", "Hello Dana! What slows dispatch down today?")],
    });
    expect(created.status).toBe(201);
    const conversationId = created.body.id;
    const updated = await participant.patch(`/api/conversations/${conversationId}`, {
      messages: [
        message("ai", "Hello Dana! What slows dispatch down today?"),
        message("user", "We re-plan routes by hand every morning."),
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.messages).toHaveLength(2);
    expect(JSON.parse(updated.body.messages[1]).content).toBe("We re-plan routes by hand every morning.");

    expect(
      (await participant.patch(`/api/interviews/${id}/notes`, { notes: "Routes, traffic" })).status,
    ).toBe(200);
    const done = await participant.patch(`/api/interviews/${id}/status`, { status: "completed" });
    expect(done.body.status).toBe("completed");
    expect(done.body.completedAt).not.toBeNull();
    expect(done.body.duration).toBeGreaterThanOrEqual(1);

    const transcript = await participant.post("/api/transcripts", {
      interviewId: id,
      content: "AI: Hello\nUser: We re-plan routes by hand every morning.",
      corrected: false,
      additionalFeedback: "Thanks!",
    });
    expect(transcript.status).toBe(201);

    // The owner sees everything the participant saved.
    const conversation = await owner.client.get(`/api/interviews/${id}/conversation`);
    expect(conversation.body.messages).toHaveLength(2);
    expect(typeof conversation.body.messages[0]).toBe("string");
    expect((await owner.client.get(`/api/interviews/${id}/transcript`)).body).toMatchObject({
      content: "AI: Hello\nUser: We re-plan routes by hand every morning.",
      additionalFeedback: "Thanks!",
    });
    expect((await owner.client.get(`/api/interviews/${id}`)).body).toMatchObject({
      status: "completed",
      notes: "Routes, traffic",
    });
  });

  it("freezes the conversation after completion but lets the review be saved for 24 hours", async () => {
    const { interview } = await setup();
    const participant = new Client(server.url);
    await participant.get(`/api/interviews/share/${interview.shareLink}`);
    const id = interview.id;
    const created = await participant.post("/api/conversations", {
      interviewId: id,
      messages: [message("ai", "Hi")],
    });
    await participant.patch(`/api/interviews/${id}/status`, { status: "completed" });

    const frozen = await participant.patch(`/api/conversations/${created.body.id}`, { messages: [] });
    expect(frozen.status).toBe(403);
    expect((await participant.patch(`/api/interviews/${id}/status`, { status: "in_progress" })).status).toBe(
      403,
    );
    expect(
      (await participant.post("/api/transcripts", { interviewId: id, content: "Reviewed" })).status,
    ).toBe(201);

    await server.services.db
      .updateTable("interviews")
      .set({ completed_at: new Date(Date.now() - 25 * 3_600_000) })
      .where("id", "=", id)
      .execute();
    const late = await participant.post("/api/transcripts", { interviewId: id, content: "Too late" });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe("The review period for this interview has ended.");
  });

  it("limits participants to starting and completing", async () => {
    const { interview } = await setup();
    const participant = new Client(server.url);
    await participant.get(`/api/interviews/share/${interview.shareLink}`);
    const res = await participant.patch(`/api/interviews/${interview.id}/status`, { status: "cancelled" });
    expect(res.status).toBe(403);
    const bad = await participant.patch(`/api/interviews/${interview.id}/status`, { status: "finished" });
    expect(bad.status).toBe(400);
  });

  it("refuses messages that are not JSON objects of the documented shape", async () => {
    const { interview } = await setup();
    const participant = new Client(server.url);
    await participant.get(`/api/interviews/share/${interview.shareLink}`);
    const notJson = await participant.post("/api/conversations", {
      interviewId: interview.id,
      messages: ["{oops"],
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe("Each message must be a JSON-encoded object");
    const badRole = await participant.post("/api/conversations", {
      interviewId: interview.id,
      messages: [JSON.stringify({ role: "system", content: "x" })],
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.message).toBe("Message role must be 'ai' or 'user'");
  });
});

describe("grants", () => {
  it("answers 404 without a grant, with another interview's grant, and accepts X-Share-Link", async () => {
    const first = await setup();
    const second = await setup();
    const stranger = new Client(server.url);
    expect((await stranger.get(`/api/interviews/${first.interview.id}/conversation`)).status).toBe(404);

    const holder = new Client(server.url);
    await holder.get(`/api/interviews/share/${second.interview.shareLink}`);
    for (const res of [
      await holder.patch(`/api/interviews/${first.interview.id}/status`, { status: "in_progress" }),
      await holder.post("/api/conversations", { interviewId: first.interview.id, messages: [] }),
      await holder.patch(`/api/interviews/${first.interview.id}/notes`, { notes: "x" }),
    ]) {
      expect(res.status).toBe(404);
    }

    const headerClient = new Client(server.url);
    const viaHeader = await headerClient.request(
      "PATCH",
      `/api/interviews/${first.interview.id}/start`,
      undefined,
      {
        "x-share-link": first.interview.shareLink,
      },
    );
    expect(viaHeader.status).toBe(200);
  });

  it("lets the owner set any status and marks an owner-corrected transcript updated_by_user", async () => {
    const { owner, interview } = await setup();
    for (const status of [
      "pending",
      "scheduled",
      "in_progress",
      "completed",
      "cancelled",
      "updated_by_user",
    ]) {
      const res = await owner.client.patch(`/api/interviews/${interview.id}/status`, { status });
      expect(res.body.status).toBe(status);
    }
    const saved = await owner.client.post("/api/transcripts", {
      interviewId: interview.id,
      content: "Draft",
    });
    await owner.client.patch(`/api/interviews/${interview.id}/status`, { status: "completed" });
    const edited = await owner.client.patch(`/api/transcripts/${saved.body.id}`, {
      content: "Edited",
      corrected: true,
    });
    expect(edited.body).toMatchObject({ content: "Edited", corrected: true });
    expect((await owner.client.get(`/api/interviews/${interview.id}`)).body.status).toBe("updated_by_user");
  });
});

describe("ending an interview in one call (participant.complete)", () => {
  const complete = (participant: Client, interviewId: number, input: Record<string, unknown>) =>
    participant.post("/trpc/participant.complete", { interviewId, ...input });

  it("saves the conversation, the notes, the completed status and the transcript together", async () => {
    const { owner, interview } = await setup("user");
    const participant = new Client(server.url);
    await participant.get(`/api/interviews/share/${interview.shareLink}`);
    const messages = [
      { role: "ai", content: "How do you plan routes today?" },
      { role: "user", content: "By hand, every morning." },
    ];
    const res = await complete(participant, interview.id, {
      messages,
      notes: "Bring the spreadsheet",
      transcript: "AI: How do you plan routes today?\nParticipant: By hand, every morning.",
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data.status).toBe("completed");
    const seen = await owner.client.get(`/api/interviews/${interview.id}`);
    expect(seen.body).toMatchObject({ status: "completed", notes: "Bring the spreadsheet" });
    const conversation = await owner.client.get(`/api/interviews/${interview.id}/conversation`);
    expect(conversation.body.messages.map((m: string) => JSON.parse(m).content)).toEqual([
      "How do you plan routes today?",
      "By hand, every morning.",
    ]);
    const transcript = await owner.client.get(`/api/interviews/${interview.id}/transcript`);
    expect(transcript.body.content).toContain("By hand, every morning.");
    // Ended: the conversation is frozen, so a second end is refused and changes nothing.
    const again = await complete(participant, interview.id, { messages: [], transcript: "AI: gone" });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect((await owner.client.get(`/api/interviews/${interview.id}/transcript`)).body.content).toContain(
      "By hand",
    );
  });

  it("refuses bad input before writing anything", async () => {
    const { owner, interview } = await setup("user");
    const participant = new Client(server.url);
    await participant.get(`/api/interviews/share/${interview.shareLink}`);
    const res = await complete(participant, interview.id, {
      messages: [{ role: "user", content: "Hello" }],
      notes: "x".repeat(30_000),
      transcript: "Participant: Hello",
    });
    expect(res.status).toBe(400);
    const seen = await owner.client.get(`/api/interviews/${interview.id}`);
    expect(seen.body.status).not.toBe("completed");
    expect((await owner.client.get(`/api/interviews/${interview.id}/conversation`)).status).toBe(404);
  });
});
