import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRANSCRIPT, usage } from "./ai-fixtures";
import { Client, ownerWithInterview, startTestServer, type TestServer } from "./harness";

describe("offline provider through the REST door", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("runs an interview turn for a participant and bills the owner one call", async () => {
    const { owner, interviewId, participant } = await ownerWithInterview(server);
    const first = await participant.post("/api/ai/response", {
      interviewId,
      messages: [],
      templateType: "developer",
    });
    expect(first.status).toBe(200);
    expect(first.body.response).toContain("offline");
    expect(first.body.response).toContain("the systems you work on");
    const events = await server.services.db
      .selectFrom("usage_events")
      .select(["component", "model", "interview_id"])
      .where("user_id", "=", owner.user.id)
      .execute();
    expect(events).toEqual([{ component: "interview_agent", model: "offline", interview_id: interviewId }]);
    expect((await usage(server, owner.user.id)).monthly_api_usage).toBe(1);
  });

  it("answers 404 to a participant without the grant", async () => {
    const { interviewId } = await ownerWithInterview(server);
    const res = await new Client(server.url).post("/api/ai/response", { interviewId, messages: [] });
    expect(res.status).toBe(404);
  });

  it("summarises, creates requirements with verbatim quotes, writes prompts and chats", async () => {
    const { owner, projectId } = await ownerWithInterview(server);
    const doc = await owner.client.post("/api/ai/generate-documentation", {
      transcripts: [TRANSCRIPT],
      title: "Dispatch",
      projectId,
    });
    expect(doc.status).toBe(200);
    expect(doc.body.documentation).toContain("spreadsheet");

    const reqs = await owner.client.post("/api/ai/generate-agile-requirements", {
      transcripts: [TRANSCRIPT],
      title: "Dispatch",
      content: doc.body.documentation,
      existingRequirements: "",
      isRefresh: false,
    });
    expect(reqs.status).toBe(200);
    expect(reqs.body.requirements).toContain(
      "As a user, I want to see every technician on one map so that I can send the closest one to an emergency",
    );
    expect(reqs.body.requirements).toContain('> "I need to see every technician on one map');

    const optimized = await owner.client.post("/api/ai/generate-optimized-replit-prompt", {
      requirements: reqs.body.requirements,
      title: "Dispatch",
      projectObjective: "Faster routing",
      targetAudience: "Dispatchers",
    });
    expect(optimized.body.content).toContain("# Build: Dispatch");
    const plain = await owner.client.post("/api/ai/generate-replit-prompt", {
      documentation: doc.body.documentation,
      title: "Dispatch",
    });
    expect(plain.body.content).toContain("Background from stakeholder interviews");

    await owner.client.post(`/api/projects/${projectId}/summary`, { summary: doc.body.documentation });
    const chat = await owner.client.post(`/api/projects/${projectId}/chat`, {
      message: "What about the spreadsheet?",
      summary: "",
    });
    expect(chat.status).toBe(200);
    expect(chat.body.response).toContain("spreadsheet");
    const history = await owner.client.get(`/api/projects/${projectId}/chat`);
    expect(history.body.messages.map((m: string) => JSON.parse(m).role)).toEqual(["user", "ai"]);
  });

  it("writes stories from a summary alone: its statements and the bullets under its needs", async () => {
    const { owner } = await ownerWithInterview(server);
    const res = await owner.client.post("/api/ai/generate-agile-requirements", {
      transcripts: [],
      title: "Clinic",
      content: [
        "# Clinic booking",
        "## What patients need",
        "- Online booking for patients",
        "- Reminders by text a day before the visit",
        "Reception wants to see the whole week on one screen.",
      ].join("\n"),
    });
    expect(res.status).toBe(200);
    const stories = res.body.requirements.split("\n").filter((line: string) => line.startsWith("- As "));
    expect(stories).toEqual([
      "- As a patient, I want to book online _(assumption)_",
      "- As a user, I want to get reminders by text a day before the visit _(assumption)_",
      "- As a user, I want to see the whole week on one screen _(assumption)_",
    ]);
    expect(res.body.requirements).not.toMatch(/Feature: -|this need is met/);
  });

  it("keeps existing requirements on refresh when the new answer lacks their opening", async () => {
    const { owner } = await ownerWithInterview(server);
    const existing = "# Epic: Billing\nInvoices for every job.\n";
    const res = await owner.client.post("/api/ai/generate-agile-requirements", {
      transcripts: [TRANSCRIPT],
      title: "Dispatch",
      content: "summary",
      existingRequirements: existing,
      isRefresh: true,
    });
    expect(res.body.requirements.startsWith(existing)).toBe(true);
    expect(res.body.requirements).toContain("see every technician");
  });

  it.each([
    [
      "/api/ai/generate-documentation",
      { transcripts: ["  "], title: "T" },
      "Could not find any transcript or conversation content in the selected interviews",
    ],
    [
      "/api/ai/generate-agile-requirements",
      { transcripts: [], title: "T", content: "" },
      "No summary available",
    ],
    [
      "/api/ai/generate-optimized-replit-prompt",
      { title: "T", requirements: "" },
      "No requirements or summary available",
    ],
    [
      "/api/ai/generate-documentation",
      { transcripts: "nope", title: "T" },
      "transcripts must be a list of texts",
    ],
  ])("answers 400 for %s with %j", async (path, payload, message) => {
    const { owner } = await ownerWithInterview(server);
    const res = await owner.client.post(path, payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("answers 503 for speech without a key, with the spec's wording", async () => {
    const { interviewId, participant } = await ownerWithInterview(server);
    const transcribe = await participant.post("/api/ai/transcribe", {
      interviewId,
      audio: Buffer.alloc(500).toString("base64"),
    });
    expect(transcribe.status).toBe(503);
    expect(transcribe.body.message).toBe("The speech recognition service requires an API key.");
    const tts = await participant.post("/api/ai/tts", { text: "Hello there", interviewId });
    expect(tts.status).toBe(503);
  });

  it("accepts only images for analysis", async () => {
    const { interviewId, participant } = await ownerWithInterview(server);
    const pdf = await participant.post("/api/ai/analyze-image", {
      interviewId,
      base64Image: "data:application/pdf;base64,AAAA",
    });
    expect(pdf.status).toBe(415);
    const png = await participant.post("/api/ai/analyze-image", {
      interviewId,
      base64Image: "data:image/png;base64,iVBORw0KGgo=",
      context: "Our whiteboard",
    });
    expect(png.status).toBe(200);
    expect(png.body.description).toContain("Our whiteboard");
  });
});
