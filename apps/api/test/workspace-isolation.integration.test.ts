import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, signUp, startTestServer, type TestServer, trpcMutation, trpcQuery } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Tier = "free" | "basic" | "pro";
const setPlan = (userId: string, tier: Tier, status: "active" | "canceled" = "active") =>
  server.services.db
    .updateTable("users")
    .set({ subscription_tier: tier, subscription_status: status })
    .where("id", "=", userId)
    .execute();

async function owner(tier: Tier = "pro") {
  const signedUp = await signUp(server.url);
  await setPlan(signedUp.user.id, tier);
  return signedUp;
}

const REQUIREMENTS = `# Epic: Booking
Patients book visits online.

## Feature: Reminders
Texts before a visit.

### Acceptance Criteria
- A reminder goes out 24 hours before
  > "half our no-shows just forgot"

### User Stories
- As a patient, I want to get a reminder so that I do not forget my visit
  > "half our no-shows just forgot"
`;
const TRANSCRIPT = "AI: What slows you down?\nUser: Half our no-shows just forgot the visit.";
const PIXEL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** Rows of every table an owner's workspace writes to, and the usage that AI calls bill. */
async function rowCounts() {
  const { db } = server.services;
  const tables = [
    "projects",
    "interviews",
    "conversations",
    "transcripts",
    "interview_images",
    "documents",
    "build_prompts",
    "epics",
    "features",
    "user_stories",
    "chat_messages",
    "usage_events",
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

/** One owner with something of every kind: project, interview, conversation, transcript, image, etc. */
async function ownerWithWorkspace() {
  const first = await owner("pro");
  const { client } = first;
  const project = await client.post("/api/projects", {
    title: "Clinic booking",
    objective: "Fewer no-shows",
  });
  const projectId: number = project.body.id;
  const interview = await client.post("/api/interviews", { projectId, name: "Ann", stakeholderType: "user" });
  const interviewId: number = interview.body.id;
  const message = { role: "ai", content: "Hello Ann", timestamp: "2025-07-01T10:00:00.000Z" };
  const conversation = await client.post("/api/conversations", {
    interviewId,
    messages: [JSON.stringify(message)],
  });
  const transcript = await client.post("/api/transcripts", { interviewId, content: TRANSCRIPT });
  const image = await trpcMutation(client, "participant.addImage", { interviewId, dataUrl: PIXEL });
  await client.patch(`/api/interviews/${interviewId}/notes`, { notes: "Ann is a receptionist" });
  await client.post(`/api/projects/${projectId}/summary`, { summary: "# Summary\nPatients forget." });
  const document = await client.post("/api/documents", {
    title: "Summary v1",
    content: "Patients forget.",
    projectId,
    interviewIds: [interviewId],
    kind: "summary",
  });
  const prompt = await client.post("/api/replit-prompts", {
    title: "v1",
    content: "Build a booking app",
    projectId,
    documentId: document.body.id,
  });
  await client.post(`/api/projects/${projectId}/requirements`, { requirements: REQUIREMENTS });
  const chat = await client.post(`/api/projects/${projectId}/chat`, { message: "Why do they forget?" });
  const requirements = await client.get(`/api/projects/${projectId}/requirements`);
  const epic = requirements.body.epics[0];

  const created = [project, interview, conversation, transcript, document, prompt];
  for (const res of created) expect(res.status).toBe(201);
  expect(image.status).toBe(200);
  expect(chat.status).toBe(200);
  return {
    ...first,
    projectId,
    interviewId,
    conversationId: conversation.body.id as number,
    transcriptId: transcript.body.id as number,
    imageId: image.body.result.data.id as number,
    documentId: document.body.id as number,
    promptId: prompt.body.id as number,
    epicId: epic.id as number,
    featureId: epic.features[0].id as number,
    storyId: epic.features[0].stories[0].id as number,
  };
}

type Workspace = Awaited<ReturnType<typeof ownerWithWorkspace>>;

/** Everything the owner sees of the workspace, through the owner's own calls. */
async function ownerView({ client, projectId, interviewId }: Workspace) {
  const paths = [
    "/api/projects",
    `/api/projects/${projectId}`,
    `/api/projects/${projectId}/interviews`,
    `/api/interviews/${interviewId}`,
    `/api/interviews/${interviewId}/conversation`,
    `/api/interviews/${interviewId}/transcript`,
    `/api/projects/${projectId}/documents`,
    `/api/projects/${projectId}/summary`,
    `/api/projects/${projectId}/replit-prompts`,
    `/api/projects/${projectId}/requirements`,
    `/api/projects/${projectId}/chat`,
  ];
  const view: Record<string, unknown> = {};
  for (const path of paths) {
    const res = await client.get(path);
    expect(res.status, path).toBe(200);
    view[path] = res.body;
  }
  view.images = (await trpcQuery(client, "participant.images", { interviewId })).body.result.data;
  return view;
}

describe("isolation sweep", () => {
  it("answers 404 with a message on every REST path that takes another owner's id, and changes nothing", async () => {
    const ws = await ownerWithWorkspace();
    const { projectId: p, interviewId: i, conversationId: c, transcriptId: t, documentId: d } = ws;
    const intruder = await owner("pro");
    const ownProject = (await intruder.client.post("/api/projects", { title: "Mine" })).body.id as number;
    const before = { view: await ownerView(ws), rows: await rowCounts() };

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
    expect(await rowCounts()).toEqual(before.rows);
  });

  it("answers 404 on the tRPC-only calls of the requirements tree, documents, prompts and images", async () => {
    const ws = await ownerWithWorkspace();
    const { projectId, interviewId, epicId, featureId, storyId, documentId, promptId, imageId } = ws;
    const intruder = await owner("pro");
    const before = { view: await ownerView(ws), rows: await rowCounts() };
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
    expect(await rowCounts()).toEqual(before.rows);
  });
});

describe("documents.create and the interviews it cites", () => {
  it("refuses interview ids of another owner, or of another of one's own projects, and writes nothing", async () => {
    const ws = await ownerWithWorkspace();
    const { client } = ws;
    const other = (await client.post("/api/projects", { title: "Other project" })).body.id as number;
    const otherInterview = (await client.post("/api/interviews", { projectId: other, name: "Bo" })).body
      .id as number;
    const stranger = await ownerWithWorkspace();
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

describe("plan limits", () => {
  const newInterview = (client: Client, projectId: number, n: number) =>
    client.post("/api/interviews", { projectId, name: `Stakeholder ${n}` });

  it.each([
    ["basic", 10, "Basic"],
    ["pro", 20, "Pro"],
  ] as const)(
    "allows %s owners %i interviews per project, then answers upgradeRequired",
    async (tier, limit, name) => {
      const { client } = await owner(tier);
      const projectId = (await client.post("/api/projects", { title: "Limits" })).body.id as number;
      for (let n = 1; n <= limit; n += 1) expect((await newInterview(client, projectId, n)).status).toBe(201);

      const refused = await newInterview(client, projectId, limit + 1);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        message: `Interview limit reached: the ${name} plan allows ${limit} interviews per project. Upgrade your subscription to add more.`,
        upgradeRequired: true,
      });
      expect((await client.get(`/api/projects/${projectId}/interviews`)).body).toHaveLength(limit);

      // The limit is per project: a second project starts again at zero.
      const next = (await client.post("/api/projects", { title: "Next" })).body.id as number;
      expect((await newInterview(client, next, 1)).status).toBe(201);
    },
  );

  it("allows 2 interviews per project on Free", async () => {
    const { client } = await owner("free");
    const projectId = (await client.post("/api/projects", { title: "Limits" })).body.id as number;
    for (const n of [1, 2]) expect((await newInterview(client, projectId, n)).status).toBe(201);
    const refused = await newInterview(client, projectId, 3);
    expect(refused.status).toBe(403);
    expect(refused.body.upgradeRequired).toBe(true);
  });

  it.each([
    ["free", "1 project", 1, "Free"],
    ["basic", "5 projects", 5, "Basic"],
    ["pro", "20 projects", 20, "Pro"],
  ] as const)(
    "allows %s owners %s a month, then answers 'Project limit reached'",
    async (tier, count, limit, name) => {
      const { client } = await owner(tier);
      for (let n = 1; n <= limit; n += 1) {
        expect((await client.post("/api/projects", { title: `Project ${n}` })).status).toBe(201);
      }
      const refused = await client.post("/api/projects", { title: "One too many" });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        message: `Project limit reached: the ${name} plan allows ${count} per month. Upgrade your plan to create more projects.`,
        upgradeRequired: true,
      });
      expect((await client.get("/api/projects")).body).toHaveLength(limit);
    },
  );

  it("counts only projects created this calendar month", async () => {
    const { client, user } = await owner("free");
    const { db } = server.services;
    await db
      .insertInto("projects")
      .values({
        user_id: user.id,
        title: "Last month",
        created_at: sql<Date>`date_trunc('month', now()) - interval '1 day'`,
      })
      .execute();
    expect((await client.post("/api/projects", { title: "This month" })).status).toBe(201);
    expect((await client.post("/api/projects", { title: "Second this month" })).status).toBe(403);
  });
});

describe("canceled subscription", () => {
  it("reads everything but every create call answers 403 with upgradeRequired and writes nothing", async () => {
    const ws = await ownerWithWorkspace();
    const { client, projectId, interviewId, epicId, featureId } = ws;
    await setPlan(ws.user.id, "pro", "canceled");

    const project = await client.get(`/api/projects/${projectId}`);
    expect(project.status).toBe(200);
    expect(project.body.title).toBe("Clinic booking");
    const requirements = await client.get(`/api/projects/${projectId}/requirements`);
    expect(requirements.status).toBe(200);
    expect(requirements.body.requirements).toBe(REQUIREMENTS);
    const before = { view: await ownerView(ws), rows: await rowCounts() };

    const rest: [method: string, path: string, body: unknown][] = [
      ["POST", "/api/projects", { title: "Another" }],
      ["POST", "/api/interviews", { projectId, name: "Bo" }],
      ["POST", `/api/projects/${projectId}/requirements`, { requirements: "# Epic: New\n" }],
      ["POST", "/api/documents", { title: "Doc", content: "x", projectId }],
      ["POST", "/api/replit-prompts", { title: "Prompt", content: "x", projectId }],
      ["POST", `/api/projects/${projectId}/chat`, { message: "Hello" }],
      ["POST", "/api/ai/generate-documentation", { transcripts: [TRANSCRIPT], title: "T", projectId }],
    ];
    for (const [method, path, body] of rest) {
      const res = await client.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toMatch(/subscription/);
      expect(res.body.upgradeRequired, `${method} ${path}`).toBe(true);
    }

    const story = { userType: "patient", action: "rebook", benefit: "I keep my slot" };
    const trpc: [path: string, input: unknown][] = [
      ["requirements.addEpic", { projectId, name: "New epic" }],
      ["requirements.addFeature", { epicId, name: "New feature" }],
      ["requirements.addStory", { featureId, ...story }],
      ["requirements.saveTree", { projectId, tree: { epics: [] } }],
      ["requirements.saveVersion", { projectId }],
      ["documents.create", { title: "Doc", content: "x", projectId, interviewIds: [interviewId] }],
    ];
    for (const [path, input] of trpc) {
      const res = await trpcMutation(client, path, input);
      expect(res.status, path).toBe(403);
      expect(res.body.error.message).toMatch(/subscription/);
      expect(res.body.error.data.upgradeRequired, path).toBe(true);
    }

    expect(await ownerView(ws)).toEqual(before.view);
    expect(await rowCounts()).toEqual(before.rows);
  });

  it("may still edit and delete what already exists", async () => {
    const ws = await ownerWithWorkspace();
    const { client, projectId, epicId } = ws;
    await setPlan(ws.user.id, "basic", "canceled");
    expect((await client.patch(`/api/projects/${projectId}`, { title: "Renamed" })).body.title).toBe(
      "Renamed",
    );
    expect(
      (await trpcMutation(client, "requirements.updateEpic", { id: epicId, name: "Visits" })).status,
    ).toBe(200);
    expect((await client.get(`/api/projects/${projectId}/requirements`)).body.requirements).toContain(
      "# Epic: Visits",
    );
    expect((await client.delete(`/api/documents/${ws.documentId}`)).status).toBe(200);
  });
});
