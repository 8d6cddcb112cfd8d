import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function ownerWithProject() {
  const owner = await signUp(server.url);
  const project = await owner.client.post("/api/projects", {
    title: "Clinic booking",
    objective: "Fewer no-shows",
  });
  return { ...owner, projectId: project.body.id as number };
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
- As a receptionist, I want to see who confirmed so that I can fill gaps _(assumption)_
`;

describe("summary and documents", () => {
  it("saves the summary text and versions it as documents", async () => {
    const { client, projectId } = await ownerWithProject();
    expect((await client.get(`/api/projects/${projectId}/summary`)).body).toEqual({ summary: "" });
    const saved = await client.post(`/api/projects/${projectId}/summary`, {
      summary: "# Summary\nPatients forget.",
    });
    expect(saved.body).toEqual({ summary: "# Summary\nPatients forget." });
    expect((await client.get(`/api/projects/${projectId}/summary`)).body.summary).toBe(
      "# Summary\nPatients forget.",
    );

    const doc = await client.post("/api/documents", {
      title: "Summary v1",
      content: "Version one",
      projectId,
      interviewIds: [],
      status: "completed",
      kind: "summary",
    });
    expect(doc.status).toBe(201);
    const docs = await client.get(`/api/projects/${projectId}/documents`);
    expect(docs.body.map((d: { title: string }) => d.title)).toEqual(["Summary v1"]);
    expect((await client.delete(`/api/documents/${doc.body.id}`)).status).toBe(200);
    expect((await client.get(`/api/projects/${projectId}/documents`)).body).toEqual([]);
  });

  it("refuses a document without a title, and another owner's project", async () => {
    const { client, projectId } = await ownerWithProject();
    const res = await client.post("/api/documents", { content: "x", projectId });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Title is required" });
    const other = await signUp(server.url);
    const foreign = await other.client.post("/api/documents", { title: "t", content: "x", projectId });
    expect(foreign.status).toBe(404);
    expect((await other.client.get(`/api/projects/${projectId}/summary`)).status).toBe(404);
  });
});

describe("requirements", () => {
  it("parses posted markdown into epic, feature and story rows and renders the same text back", async () => {
    const { client, projectId } = await ownerWithProject();
    const saved = await client.post(`/api/projects/${projectId}/requirements`, {
      requirements: REQUIREMENTS,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.requirements).toBe(REQUIREMENTS);
    const { db } = server.services;
    const stories = await db
      .selectFrom("user_stories")
      .select(["user_type", "quote", "is_assumption"])
      .execute();
    expect(stories).toEqual(
      expect.arrayContaining([
        { user_type: "patient", quote: "half our no-shows just forgot", is_assumption: false },
        { user_type: "receptionist", quote: null, is_assumption: true },
      ]),
    );
    const read = await client.get(`/api/projects/${projectId}/requirements`);
    expect(read.body.requirements).toBe(REQUIREMENTS);
    expect(read.body.epics[0].features[0].stories).toHaveLength(2);
  });

  it("edits the tree row by row with the spec's validation texts, and deleting an epic removes the rest", async () => {
    const { client, projectId } = await ownerWithProject();
    const trpc = (path: string, input: unknown) => client.post(`/trpc/${path}`, input);
    expect((await trpc("requirements.addEpic", { projectId, name: " " })).body.error.message).toBe(
      "Epic name required",
    );
    const epic = await trpc("requirements.addEpic", { projectId, name: "Payments" });
    const epicId = epic.body.result.data.id;
    expect((await trpc("requirements.addFeature", { name: "Refunds" })).body.error.message).toBe(
      "No epic selected",
    );
    expect((await trpc("requirements.addFeature", { epicId, name: "" })).body.error.message).toBe(
      "Feature name required",
    );
    const feature = await trpc("requirements.addFeature", {
      epicId,
      name: "Refunds",
      acceptanceCriteria: [{ text: "Refund within 5 days" }],
    });
    const featureId = feature.body.result.data.id;
    expect(
      (await trpc("requirements.addStory", { featureId, userType: "buyer", action: "", benefit: "x" })).body
        .error.message,
    ).toBe("Incomplete user story");
    await trpc("requirements.addStory", {
      featureId,
      userType: "buyer",
      action: "ask for a refund",
      benefit: "I get my money back",
    });

    const text = (await client.get(`/api/projects/${projectId}/requirements`)).body.requirements;
    expect(text).toContain("- As a buyer, I want to ask for a refund so that I get my money back");
    expect(text).toContain("- Refund within 5 days _(assumption)_");

    await trpc("requirements.deleteEpic", { id: epicId });
    const { db } = server.services;
    expect(await db.selectFrom("features").select("id").where("id", "=", featureId).execute()).toEqual([]);
    expect(
      await db.selectFrom("user_stories").select("id").where("feature_id", "=", featureId).execute(),
    ).toEqual([]);
  });

  it("saves versions; activating one loads it, deleting the active one clears the structure", async () => {
    const { client, projectId } = await ownerWithProject();
    const trpc = (path: string, input: unknown) => client.post(`/trpc/${path}`, input);
    await client.post(`/api/projects/${projectId}/requirements`, { requirements: REQUIREMENTS });
    const v1 = (await trpc("requirements.saveVersion", { projectId })).body.result.data;
    expect(v1.isActive).toBe(true);
    await client.post(`/api/projects/${projectId}/requirements`, { requirements: "# Epic: Other\n" });
    const v2 = (await trpc("requirements.saveVersion", { projectId })).body.result.data;

    await trpc("documents.activate", { id: v1.id });
    expect((await client.get(`/api/projects/${projectId}/requirements`)).body.requirements).toBe(
      REQUIREMENTS,
    );
    const listed = (await client.get(`/api/projects/${projectId}/requirements`)).body.documents;
    expect(listed.find((d: { id: number }) => d.id === v1.id).isActive).toBe(true);
    expect(listed.find((d: { id: number }) => d.id === v2.id).isActive).toBe(false);

    await client.delete(`/api/documents/${v1.id}`);
    const after = await client.get(`/api/projects/${projectId}/requirements`);
    expect(after.body.requirements).toBe("");
    expect(after.body.epics).toEqual([]);
  });
});

describe("prompts", () => {
  it("saves prompts, the newest active, and loads an older one", async () => {
    const { client, projectId } = await ownerWithProject();
    const first = await client.post("/api/replit-prompts", {
      title: "v1",
      content: "Build a booking app",
      projectId,
    });
    expect(first.status).toBe(201);
    const second = await client.post("/api/replit-prompts", {
      title: "v2",
      content: "Build it better",
      projectId,
    });
    let list = (await client.get(`/api/projects/${projectId}/replit-prompts`)).body;
    expect(list.map((p: { title: string; isActive: boolean }) => [p.title, p.isActive])).toEqual([
      ["v2", true],
      ["v1", false],
    ]);
    await client.post("/trpc/prompts.activate", { id: first.body.id });
    list = (await client.get(`/api/projects/${projectId}/replit-prompts`)).body;
    expect(list.find((p: { id: number }) => p.id === first.body.id).isActive).toBe(true);
    expect(list.find((p: { id: number }) => p.id === second.body.id).isActive).toBe(false);
    expect((await client.post("/api/replit-prompts", { title: "x", content: " ", projectId })).body).toEqual({
      message: "Prompt content is required",
    });
  });
});
