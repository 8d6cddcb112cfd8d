import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpOnPlan, startTestServer, type TestServer, trpcMutation, trpcQuery } from "./harness";
import { ownerView, ownerWithWorkspace, PIXEL, rowCounts, TRANSCRIPT } from "./workspace-fixtures";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("isolation sweep", () => {
  it("answers 404 with a message on every REST path that takes another owner's id, and changes nothing", async () => {
    const ws = await ownerWithWorkspace(server);
    const { projectId: p, interviewId: i, conversationId: c, transcriptId: t, documentId: d } = ws;
    const intruder = await signUpOnPlan(server, "pro");
    const ownProject = (await intruder.client.post("/api/projects", { title: "Mine" })).body.id as number;
    const before = { view: await ownerView(ws), rows: await rowCounts(server) };

    const attempts: [method: string, path: string, body?: unknown][] = [
      ["GET", `/api/projects/${p}`],
      ["PATCH", `/api/projects/${p}`, { title: "Hijacked" }],
      ["DELETE", `/api/projects/${p}`],
      ["GET", `/api/projects/${p}/interviews`],
      ["POST", "/api/interviews", { projectId: p, name: "Intruder" }],
      ["GET", `/api/interviews/${i}`],
      ["PATCH", `/api/interviews/${i}/selection`, { selected: false }],
      ["DELETE", `/api/interviews/${i}`],
      ["PATCH", `/api/interviews/${i}/status`, { status: "completed" }],
      ["PATCH", `/api/interviews/${i}/start`, {}],
      ["PATCH", `/api/interviews/${i}/notes`, { notes: "overwritten" }],
      ["GET", `/api/interviews/${i}/conversation`],
      ["GET", `/api/interviews/${i}/transcript`],
      ["POST", "/api/conversations", { interviewId: i, messages: [] }],
      ["PATCH", `/api/conversations/${c}`, { messages: [] }],
      ["POST", "/api/transcripts", { interviewId: i, content: "overwritten" }],
      ["PATCH", `/api/transcripts/${t}`, { content: "overwritten", corrected: true }],
      ["GET", `/api/projects/${p}/documents`],
      ["POST", "/api/documents", { title: "Planted", content: "x", projectId: p }],
      ["POST", "/api/documents", { title: "Linked", content: "x", projectId: ownProject, interviewIds: [i] }],
      ["DELETE", `/api/documents/${d}`],
      ["GET", `/api/projects/${p}/summary`],
      ["POST", `/api/projects/${p}/summary`, { summary: "overwritten" }],
      ["GET", `/api/projects/${p}/replit-prompts`],
      ["POST", "/api/replit-prompts", { title: "Planted", content: "x", projectId: p }],
      [
        "POST",
        "/api/replit-prompts",
        { title: "Linked", content: "x", projectId: ownProject, documentId: d },
      ],
      ["GET", `/api/projects/${p}/requirements`],
      ["POST", `/api/projects/${p}/requirements`, { requirements: "# Epic: Planted\n" }],
      ["GET", `/api/projects/${p}/chat`],
      ["POST", `/api/projects/${p}/chat`, { message: "What did Ann say?" }],
      ["POST", "/api/ai/response", { interviewId: i, messages: [] }],
      ["POST", "/api/ai/transcribe", { interviewId: i, audio: "AAAA", mimeType: "audio/webm" }],
      ["POST", "/api/ai/tts", { interviewId: i, text: "Hello" }],
      ["POST", "/api/ai/analyze-image", { interviewId: i, base64Image: PIXEL }],
      ["POST", "/api/ai/generate-documentation", { transcripts: [TRANSCRIPT], title: "T", projectId: p }],
      [
        "POST",
        "/api/ai/generate-agile-requirements",
        { transcripts: [TRANSCRIPT], title: "T", content: "summary", projectId: p },
      ],
      ["POST", "/api/ai/generate-replit-prompt", { documentation: "doc", title: "T", projectId: p }],
      ["POST", "/api/ai/generate-optimized-replit-prompt", { requirements: "r", title: "T", projectId: p }],
    ];
    const answers = [];
    for (const [method, path, body] of attempts) {
      const res = await intruder.client.request(method, path, body);
      answers.push(`${method} ${path} → ${res.status} ${typeof res.body?.message}`);
    }
    expect(answers).toEqual(attempts.map(([method, path]) => `${method} ${path} → 404 string`));

    expect(await ownerView(ws)).toEqual(before.view);
    expect(await rowCounts(server)).toEqual(before.rows);
  });

  it("answers 404 on the tRPC-only calls of the requirements tree, documents, prompts and images", async () => {
    const ws = await ownerWithWorkspace(server);
    const { projectId, interviewId, epicId, featureId, storyId, documentId, promptId, imageId } = ws;
    const intruder = await signUpOnPlan(server, "pro");
    const before = { view: await ownerView(ws), rows: await rowCounts(server) };
    const story = { userType: "intruder", action: "break in", benefit: "I can" };

    const mutations: [path: string, input: unknown][] = [
      ["requirements.addEpic", { projectId, name: "Planted" }],
      ["requirements.updateEpic", { id: epicId, name: "Renamed" }],
      ["requirements.deleteEpic", { id: epicId }],
      ["requirements.addFeature", { epicId, name: "Planted" }],
      ["requirements.updateFeature", { id: featureId, name: "Renamed" }],
      ["requirements.deleteFeature", { id: featureId }],
      ["requirements.addStory", { featureId, ...story }],
      ["requirements.updateStory", { id: storyId, ...story }],
      ["requirements.deleteStory", { id: storyId }],
      ["requirements.saveTree", { projectId, tree: { epics: [] } }],
      ["requirements.saveVersion", { projectId }],
      ["documents.activate", { id: documentId }],
      ["prompts.update", { id: promptId, content: "overwritten" }],
      ["prompts.activate", { id: promptId }],
      ["prompts.delete", { id: promptId }],
      ["interviews.setSelection", { id: interviewId, selected: false }],
      ["participant.addImage", { interviewId, dataUrl: PIXEL }],
      ["participant.removeImage", { interviewId, imageId }],
    ];
    const queries: [path: string, input: unknown][] = [
      ["documents.list", { projectId }],
      ["requirements.get", { projectId }],
      ["chat.history", { projectId }],
      ["participant.images", { interviewId }],
    ];
    const answers = [];
    for (const [path, input] of mutations) {
      const res = await trpcMutation(intruder.client, path, input);
      answers.push(`${path} → ${res.status} ${res.body?.error?.data?.code}`);
    }
    for (const [path, input] of queries) {
      const res = await trpcQuery(intruder.client, path, input);
      answers.push(`${path} → ${res.status} ${res.body?.error?.data?.code}`);
    }
    expect(answers).toEqual([...mutations, ...queries].map(([path]) => `${path} → 404 NOT_FOUND`));

    expect(await ownerView(ws)).toEqual(before.view);
    expect(await rowCounts(server)).toEqual(before.rows);
  });
});

describe("documents.create and the interviews it cites", () => {
  it("refuses interview ids of another owner, or of another of one's own projects, and writes nothing", async () => {
    const ws = await ownerWithWorkspace(server);
    const { client } = ws;
    const other = (await client.post("/api/projects", { title: "Other project" })).body.id as number;
    const otherInterview = (await client.post("/api/interviews", { projectId: other, name: "Bo" })).body
      .id as number;
    const stranger = await ownerWithWorkspace(server);
    const before = await client.get(`/api/projects/${ws.projectId}/documents`);

    for (const interviewIds of [[stranger.interviewId], [ws.interviewId, otherInterview], [2_000_000]]) {
      const res = await client.post("/api/documents", {
        title: "Ann - Documentation",
        content: "x",
        projectId: ws.projectId,
        interviewIds,
        status: "completed",
      });
      expect(res.status, JSON.stringify(interviewIds)).toBe(404);
      expect(res.body).toEqual({ message: "Interview not found" });
    }
    expect((await client.get(`/api/projects/${ws.projectId}/documents`)).body).toEqual(before.body);

    const cited = await client.post("/api/documents", {
      title: "Ann - Documentation",
      content: "x",
      projectId: ws.projectId,
      interviewIds: [ws.interviewId, ws.interviewId],
      status: "completed",
    });
    expect(cited.status).toBe(201);
    expect(cited.body.interviewIds).toEqual([ws.interviewId, ws.interviewId]);
  });
});
