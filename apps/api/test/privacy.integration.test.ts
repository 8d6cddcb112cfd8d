import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { FakeOpenAi } from "@parley/ai/test/fake-openai";
import { simulatedAnswer } from "@parley/ai/test/simulated-model";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { finished } from "./evidence-fixtures";
import {
  Client,
  jobsSettled,
  signUpOnPlan,
  startTestServer,
  type TestServer,
  trpcMutation,
  trpcQuery,
} from "./harness";
import { PNG } from "./images";

/**
 * Issue 26: personal details stay with the owner. A participant says an email, a phone number, a
 * card number and two other people's names (written for this test); none of them reaches the model
 * in any request (turns, the transcription's follow-up, an image's description, synthesis,
 * requirements, the partner chat), the participant reads their own details back, and what Parley
 * writes carries placeholders unless the owner chose to see the details.
 */

const EMAIL = "jane.doe@clinic.example";
const PHONE = "555 123 4567";
const CARD = "4111 1111 1111 1111";
const PATIENT = "John Miller";
const DOCTOR = "Dr. Patel";
const COLLEAGUE = "Sarah Jones";
const DETAILS = [EMAIL, PHONE, CARD, PATIENT, "Patel", COLLEAGUE, "4111111111111111", "5551234567"];

const ANSWER =
  `I run the front desk. Our patient ${PATIENT} missed his visit again and ${DOCTOR} had to wait. ` +
  `I need reminders by text so that patients stop missing visits. Write to me at ${EMAIL} or call ${PHONE}. ` +
  `My card ${CARD} was charged twice for the booking tool.`;

/** What the fake model was sent, as one text per request. */
const sentTexts = (fake: FakeOpenAi, from = 0) =>
  fake.requests
    .slice(from)
    .filter((r) => r.body)
    .map((r) => JSON.stringify(r.body));

/** The placeholders a request held, echoed back as a model that repeats what it was told would. */
function echoPlaceholders(body: any): string {
  const text = JSON.stringify(body?.messages ?? []);
  const held = [...new Set(text.match(/\[(?:PERSON|EMAIL|PHONE|CARD) \d+\]/g) ?? [])];
  return held.length
    ? `Thank you. So I can reach you at ${held.filter((p) => p.startsWith("[EMAIL")).join(" ")} and ${held.find((p) => p.startsWith("[PERSON")) ?? "them"} missed a visit. What happens next?`
    : "What is the hardest part of your day?";
}

describe("personal details never reach a model", () => {
  const fake = new FakeOpenAi({
    reply: (body) =>
      body?.response_format?.type === "json_schema"
        ? (simulatedAnswer(body) ?? "{}")
        : echoPlaceholders(body),
    transcript: `And ${COLLEAGUE} from billing knows the details, her number is ${PHONE}.`,
  });
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof signUpOnPlan>>;
  let projectId: number;
  let interviewId: number;
  let participant: Client;

  beforeAll(async () => {
    const url = await fake.start();
    server = await startTestServer({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: url });
    owner = await signUpOnPlan(server, "pro");
    const project = await owner.client.post("/api/projects", {
      title: "Clinic booking",
      objective: "Fewer missed visits",
    });
    projectId = project.body.id;
    const interview = await owner.client.post("/api/interviews", {
      projectId,
      name: "Front desk",
      stakeholderType: "business",
    });
    interviewId = interview.body.id;
    participant = new Client(server.url);
    await participant.get(`/api/interviews/share/${interview.body.shareLink}`);
    await participant.patch(`/api/interviews/${interviewId}/start`);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await fake.stop();
  });

  it("redacts the participant's answer, notes and image context, and gives them their details back", async () => {
    const before = fake.requests.length;
    const turn = await participant.post("/api/ai/response", {
      interviewId,
      messages: [
        { role: "ai", content: "Hello! What is your role?" },
        { role: "user", content: ANSWER },
      ],
      notesContext: `Call ${PATIENT} back on Monday.`,
      imageContext: `A screenshot of ${COLLEAGUE}'s calendar.`,
    });
    expect(turn.status).toBe(200);
    const sent = sentTexts(fake, before).join("\n");
    expect(sent).toContain("[EMAIL 1]");
    expect(sent).toContain("[PERSON 1]");
    for (const detail of DETAILS) expect(sent).not.toContain(detail);
    // The model wrote placeholders; the participant reads their own words.
    expect(turn.body.response).toContain(EMAIL);
    expect(turn.body.response).toContain(PATIENT);
    expect(turn.body.response).not.toMatch(/\[(PERSON|EMAIL) \d+\]/);
  });

  it("keeps one placeholder per person across the interview, and redacts a transcription before the next turn", async () => {
    const form = new FormData();
    form.append("interviewId", String(interviewId));
    form.append("audio", new Blob([new Uint8Array(4000)], { type: "audio/webm" }), "speech.webm");
    const heard = await fetch(`${server.url}/api/ai/transcribe`, {
      method: "POST",
      body: form,
      headers: { cookie: participant.cookieHeader() },
    });
    expect(heard.status).toBe(200);
    const { text } = (await heard.json()) as { text: string };
    // The participant's own words come back as said.
    expect(text).toContain(COLLEAGUE);
    const before = fake.requests.length;
    const turn = await participant.post("/api/ai/response", {
      interviewId,
      messages: [{ role: "user", content: text }],
    });
    expect(turn.status).toBe(200);
    const sent = sentTexts(fake, before).join("\n");
    for (const detail of DETAILS) expect(sent).not.toContain(detail);
    // The same phone number is the same placeholder as in the first answer; the new name is a new person.
    expect(sent).toContain("[PHONE 1]");
    expect(sent).not.toContain("[PHONE 2]");
    const vault = await server.services.db
      .selectFrom("personal_details")
      .select(["kind", "number", "value"])
      .where("project_id", "=", projectId)
      .execute();
    expect(vault.filter((d) => d.kind === "PHONE")).toHaveLength(1);
    expect(vault.find((d) => d.value === COLLEAGUE)).toMatchObject({ kind: "PERSON" });
  });

  it("redacts what an image description is asked with", async () => {
    const before = fake.requests.length;
    const res = await participant.post("/api/ai/analyze-image", {
      interviewId,
      base64Image: `data:image/png;base64,${PNG}`,
      context: `The booking screen ${PATIENT} saw, with ${EMAIL} at the top.`,
    });
    expect(res.status).toBe(200);
    const sent = sentTexts(fake, before).join("\n");
    expect(sent.length).toBeGreaterThan(0);
    for (const detail of DETAILS) expect(sent).not.toContain(detail);
  });

  it("redacts synthesis, requirements, documentation and the partner chat, and writes placeholders", async () => {
    const done = await participant.patch(`/api/interviews/${interviewId}/status`, { status: "completed" });
    expect(done.status).toBe(200);
    await jobsSettled(server);
    const before = fake.requests.length;
    for (const path of ["synthesis", "requirements/generate"]) {
      const started = await owner.client.post(`/api/projects/${projectId}/${path}`);
      expect(started.status).toBe(202);
      expect((await finished(owner.client, started.body.jobId)).status).toBe("succeeded");
    }
    const docs = await owner.client.post("/api/ai/generate-documentation", {
      transcripts: [`Participant: ${ANSWER}`],
      title: "Front desk",
      projectId,
    });
    expect(docs.status).toBe(200);
    const chat = await owner.client.post(`/api/projects/${projectId}/chat`, {
      message: `What did ${PATIENT} need?`,
      summary: `${PATIENT} missed visits; write to ${EMAIL}.`,
    });
    expect(chat.status).toBe(200);
    const sent = sentTexts(fake, before);
    expect(sent.length).toBeGreaterThanOrEqual(4);
    for (const detail of DETAILS) expect(sent.join("\n")).not.toContain(detail);
    // Stored documents carry placeholders.
    const summary = (await owner.client.get(`/api/projects/${projectId}/summary`)).body.summary as string;
    for (const detail of DETAILS) expect(summary).not.toContain(detail);
  });

  it("exports and MCP answers carry placeholders; with the project's switch on, the details", async () => {
    const epic = await trpcMutation(owner.client, "requirements.addEpic", { projectId, name: "Reminders" });
    expect(epic.status).toBe(200);
    const on = await owner.client.patch(`/api/projects/${projectId}`, { showPersonalDetails: true });
    expect(on.status).toBe(200);
    expect(on.body.showPersonalDetails).toBe(true);
    // The owner, reading the details, writes a feature with them: it is stored with placeholders.
    const feature = await trpcMutation(owner.client, "requirements.addFeature", {
      epicId: epic.body.result.data.id,
      name: "Text reminders",
      description: `Reminders for patients such as ${PATIENT}`,
      acceptanceCriteria: [{ text: `A reminder goes to ${PHONE} a day before the visit` }],
    });
    expect(feature.status).toBe(200);
    const stored = await server.services.db
      .selectFrom("features")
      .select(["description", "acceptance_criteria"])
      .where("id", "=", feature.body.result.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.description).toBe("Reminders for patients such as [PERSON 1]");
    expect(JSON.stringify(stored.acceptance_criteria)).toContain("A reminder goes to [PHONE 1] a day");

    const exported = async () =>
      (await trpcQuery(owner.client, "evidence.exportRequirements", { projectId, format: "jira-csv" })).body
        .result.data.content as string;
    const token = (
      await trpcMutation(owner.client, "accessTokens.create", {
        name: "agent",
        scope: "read",
        expiresInDays: 7,
      })
    ).body.result.data.token as string;
    const mcp = new McpClient({ name: "privacy-test", version: "1.0.0" });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const requirementsByMcp = async () =>
      JSON.stringify(await mcp.callTool({ name: "get_requirements", arguments: { projectId } }));

    const shown = await exported();
    expect(shown).toContain(PHONE);
    expect(shown).toContain(PATIENT);
    expect(shown).not.toContain("[PHONE 1]");
    expect(await requirementsByMcp()).toContain(PHONE);

    const off = await owner.client.patch(`/api/projects/${projectId}`, { showPersonalDetails: false });
    expect(off.body.showPersonalDetails).toBe(false);
    const hidden = await exported();
    expect(hidden).toContain("[PHONE 1]");
    for (const detail of DETAILS) expect(hidden).not.toContain(detail);
    const hiddenMcp = await requirementsByMcp();
    expect(hiddenMcp).toContain("[PERSON 1]");
    for (const detail of DETAILS) expect(hiddenMcp).not.toContain(detail);
    await mcp.close();
  });
});
