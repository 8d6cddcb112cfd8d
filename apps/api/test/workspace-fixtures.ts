import { expect } from "vitest";
import { signUpOnPlan, type TestServer, trpcMutation, trpcQuery } from "./harness";

export const REQUIREMENTS = `# Epic: Booking
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
export const TRANSCRIPT = "AI: What slows you down?\nUser: Half our no-shows just forgot the visit.";
export const PIXEL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/** Rows of every table an owner's workspace writes to, and the usage that AI calls bill. */
export async function rowCounts(server: TestServer) {
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
export async function ownerWithWorkspace(server: TestServer) {
  const first = await signUpOnPlan(server, "pro");
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

export type Workspace = Awaited<ReturnType<typeof ownerWithWorkspace>>;

/** Everything the owner sees of the workspace, through the owner's own calls. */
export async function ownerView({ client, projectId, interviewId }: Workspace) {
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
