import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPlan, signUp, startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** An owner with a project and one saved (so active) build prompt. */
async function ownerWithPrompt() {
  const owner = await signUp(server.url);
  const project = await owner.client.post("/api/projects", {
    title: "Clinic booking",
    objective: "Fewer no-shows",
  });
  const prompt = await owner.client.post("/api/replit-prompts", {
    title: "Clinic booking - Optimized Prompt",
    content: "# Build\nA booking app.",
    projectId: project.body.id,
    status: "completed",
  });
  expect(prompt.status).toBe(201);
  return { ...owner, projectId: project.body.id as number, promptId: prompt.body.id as number };
}

describe("prompts.update", () => {
  it("saves the edited text of the active prompt, which the list then shows", async () => {
    const { client, projectId, promptId } = await ownerWithPrompt();
    const res = await client.post("/trpc/prompts.update", {
      id: promptId,
      content: "# Build\nA booking app with SMS reminders.",
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({
      id: promptId,
      projectId,
      content: "# Build\nA booking app with SMS reminders.",
      isActive: true,
    });

    const list = await client.get(`/api/projects/${projectId}/replit-prompts`);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      id: promptId,
      title: "Clinic booking - Optimized Prompt",
      content: "# Build\nA booking app with SMS reminders.",
      isActive: true,
    });
  });

  it("answers 404 to another owner and leaves the prompt unchanged", async () => {
    const { client, projectId, promptId } = await ownerWithPrompt();
    const other = await signUp(server.url);
    const res = await other.client.post("/trpc/prompts.update", { id: promptId, content: "Hijacked" });
    expect(res.status).toBe(404);
    expect(res.body.error.data.code).toBe("NOT_FOUND");

    const list = await client.get(`/api/projects/${projectId}/replit-prompts`);
    expect(list.body[0].content).toBe("# Build\nA booking app.");
  });

  it("answers 404 to an id that does not exist", async () => {
    const { client } = await ownerWithPrompt();
    const res = await client.post("/trpc/prompts.update", { id: 987_654_321, content: "Anything" });
    expect(res.status).toBe(404);
  });

  it("refuses blank text and signed-out callers", async () => {
    const { client, promptId } = await ownerWithPrompt();
    const blank = await client.post("/trpc/prompts.update", { id: promptId, content: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe("Prompt content is required");

    const anonymous = await fetch(`${server.url}/trpc/prompts.update`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: promptId, content: "Anything" }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("saving a prompt from a document", () => {
  it("takes a document of the same project only, not one of the owner's other projects", async () => {
    const { client, projectId, user } = await ownerWithPrompt();
    await setPlan(server, user.id, "pro");
    const other = await client.post("/api/projects", { title: "Other", objective: "Elsewhere" });
    const doc = await client.post("/api/documents", {
      projectId: other.body.id,
      title: "Other - Documentation",
      content: "# Notes",
      interviewIds: [],
    });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    const refused = await client.post("/api/replit-prompts", {
      title: "Mixed",
      content: "# Build",
      projectId,
      documentId: doc.body.id,
      status: "completed",
    });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: "Document not found" });
    const own = await client.post("/api/documents", {
      projectId,
      title: "Clinic booking - Documentation",
      content: "# Notes",
      interviewIds: [],
    });
    const saved = await client.post("/api/replit-prompts", {
      title: "From notes",
      content: "# Build",
      projectId,
      documentId: own.body.id,
      status: "completed",
    });
    expect(saved.status).toBe(201);
  });
});
