/**
 * The OpenAPI document against the door it describes: every request this file makes through the
 * harness's Client is matched to its operation in /api/openapi.json; a body the door accepted must
 * fit the operation's request schema, and every answer the schema of its status (ajv, JSON Schema
 * 2020-12, OpenAPI 3.1's dialect). Every documented operation must be played to a success at least once.
 */
import { FakeOpenAi } from "@parley/ai/test/fake-openai";
import { ensureAdmin } from "@parley/api";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bikeProject, finished } from "./evidence-fixtures";
import {
  Client,
  ownerWithInterview,
  signUp,
  signUpOnPlan,
  startTestServer,
  type TestServer,
} from "./harness";
import { mailFor, resetTokenFrom } from "./outbox";
import { ownerWithWorkspace, PIXEL } from "./workspace-fixtures";

type Json = Record<string, any>;

interface Operation {
  key: string;
  pattern: RegExp;
  params: number;
  operation: Json;
}

let server: TestServer;
let document: Json;
let operations: Operation[];
const played = new Map<string, number[]>();
const problems: string[] = [];
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<object, ValidateFunction>();

/** A `$ref` into the document's components, followed until a plain object. */
function resolve(node: Json): Json {
  let current = node;
  while (typeof current.$ref === "string") {
    const path = (current.$ref as string).replace(/^#\//, "").split("/");
    current = path.reduce<Json>((object, key) => object[key], document);
  }
  return current;
}

function validate(schema: Json, value: unknown): string | undefined {
  const resolved = resolve(schema);
  let check = validators.get(resolved);
  if (!check) {
    check = ajv.compile(resolved);
    validators.set(resolved, check);
  }
  return check(value) ? undefined : ajv.errorsText(check.errors);
}

function operationOf(method: string, path: string): Operation | undefined {
  const bare = path.split("?")[0] ?? "";
  return operations
    .filter((op) => op.key.startsWith(`${method} `) && op.pattern.test(bare))
    .sort((a, b) => a.params - b.params)[0];
}

/** Checks one exchange against the document; what does not fit is collected in `problems`. */
function check(
  method: string,
  path: string,
  body: unknown,
  res: { status: number; body: unknown; headers: Headers },
) {
  const found = operationOf(method, path);
  if (!found) return;
  const { key, operation } = found;
  played.set(key, [...(played.get(key) ?? []), res.status]);
  if (res.status < 300 && body !== undefined && operation.requestBody) {
    const schema = operation.requestBody.content["application/json"]?.schema;
    const problem = schema && validate(schema, typeof body === "string" ? JSON.parse(body) : body);
    if (problem) problems.push(`${key} request accepted by the door but not the document: ${problem}`);
  }
  const responses = operation.responses as Json;
  const documented =
    responses[String(res.status)] ?? responses[`${String(res.status)[0]}XX`] ?? responses.default;
  if (!documented) {
    problems.push(`${key} answered ${res.status}, which the document does not list`);
    return;
  }
  const content = resolve(documented).content as Json | undefined;
  const type = (res.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
  if (!content) return;
  if (!content[type]) {
    problems.push(`${key} ${res.status} answered ${type}, not ${Object.keys(content).join(" or ")}`);
    return;
  }
  if (type !== "application/json") return;
  const problem = validate(content[type].schema, res.body);
  if (problem) problems.push(`${key} ${res.status} answer does not fit the document: ${problem}`);
}

const request = Client.prototype.request;
beforeAll(async () => {
  server = await startTestServer();
  document = (await new Client(server.url).get("/api/openapi.json")).body;
  operations = Object.entries(document.paths as Json).flatMap(([path, methods]) =>
    Object.entries(methods as Json).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      pattern: new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`),
      params: (path.match(/\{/g) ?? []).length,
      operation: operation as Json,
    })),
  );
  // Every exchange of this file goes through the harness's own helper, checked on the way.
  Client.prototype.request = async function (this: Client, method, path, body, headers) {
    const res = await request.call(this, method, path, body, headers);
    check(method, path, body, res);
    return res;
  };
});
afterAll(async () => {
  Client.prototype.request = request;
  await server?.close();
});

const ok = (res: { status: number; text: string }, status = 200) => {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
};

describe("the OpenAPI document", () => {
  it("describes the workspace paths of spec 1 as the door answers them", async () => {
    const w = await ownerWithWorkspace(server);
    const { client, projectId, interviewId, conversationId, transcriptId, imageId, documentId } = w;
    ok(await client.get("/api/auth/user"));
    ok(await client.get("/api/auth/providers"));
    ok(await client.get("/api/projects"));
    ok(await client.get(`/api/projects/${projectId}`));
    ok(await client.patch(`/api/projects/${projectId}`, { objective: "No no-shows" }));
    ok(await client.get(`/api/projects/${projectId}/interviews`));
    ok(await client.get(`/api/interviews/${interviewId}`));
    ok(await client.put(`/api/interviews/${interviewId}/summary`, { content: "Ann forgets visits." }));
    ok(await client.get(`/api/interviews/${interviewId}/summary`));
    ok(await client.patch(`/api/interviews/${interviewId}/selection`, { selected: false }));
    ok(await client.get(`/api/interviews/${interviewId}/plan`));
    ok(await client.get(`/api/projects/${projectId}/coverage`));
    ok(await client.get(`/api/projects/${projectId}/documents`));
    ok(await client.get(`/api/projects/${projectId}/summary`));
    ok(await client.get(`/api/projects/${projectId}/replit-prompts`));
    ok(await client.get(`/api/projects/${projectId}/chat`));
    ok(await client.get(`/api/interviews/${interviewId}/conversation`));
    ok(await client.get(`/api/interviews/${interviewId}/images/${imageId}`));
    ok(await client.get(`/api/interviews/${interviewId}/transcript`));
    const message = JSON.stringify({
      role: "user",
      content: "I forget",
      timestamp: "2025-07-01T10:01:00.000Z",
    });
    ok(await client.patch(`/api/conversations/${conversationId}`, { messages: [message] }));
    ok(await client.patch(`/api/transcripts/${transcriptId}`, { content: "AI: Hi\nUser: I forget." }));
    ok(
      await client.post("/api/ai/generate-documentation", {
        transcripts: ["User: I forget."],
        title: "Clinic",
        projectId,
      }),
    );
    ok(
      await client.post("/api/ai/generate-agile-requirements", {
        title: "Clinic",
        content: "Patients forget their visits; they want a reminder the day before.",
        projectId,
      }),
    );
    ok(
      await client.post("/api/ai/generate-replit-prompt", {
        documentation: "Patients forget.",
        title: "Clinic",
        projectId,
      }),
    );
    ok(
      await client.post("/api/ai/generate-optimized-replit-prompt", {
        requirements: "As a patient I want a reminder so that I come.",
        documentation: "Patients forget.",
        title: "Clinic",
        projectId,
      }),
    );
    ok(await client.post("/api/ai/analyze-image", { interviewId, base64Image: PIXEL, imageId }));
    ok(await client.delete(`/api/documents/${documentId}`));
    ok(await client.delete(`/api/interviews/${interviewId}`));
    ok(await client.delete(`/api/projects/${projectId}`));
  });

  it("describes the participant's paths, the evidence jobs and the exports", async () => {
    const { owner, projectId, rider } = await bikeProject(server);
    const client = owner.client;
    const participant = new Client(server.url);
    const interview = await client.post("/api/interviews", {
      projectId,
      name: "Sam",
      stakeholderType: "user",
    });
    ok(await participant.get(`/api/interviews/share/${interview.body.shareLink}`));
    const id = interview.body.id as number;
    // The plan is the owner's to edit until the participant starts.
    const plan = await client.get(`/api/interviews/${id}/plan`);
    ok(await client.put(`/api/interviews/${id}/plan`, { plan: { topics: plan.body.plan.topics } }));
    ok(await participant.patch(`/api/interviews/${id}/start`));
    ok(await participant.patch(`/api/interviews/${id}/notes`, { notes: "Rides daily" }));
    const messages = [{ role: "ai", content: "What slows you down at the dock?" }];
    ok(
      await participant.post(
        "/api/ai/response",
        { interviewId: id, messages },
        { "idempotency-key": "turn-1" },
      ),
    );
    // No speech service without an API key: the refusal is documented too (success: the last test).
    await participant.post("/api/ai/transcribe", {
      interviewId: id,
      audio: Buffer.alloc(4000, 1).toString("base64"),
    });
    await participant.post("/api/ai/tts", { text: "Hello there", interviewId: id });
    ok(await participant.patch(`/api/interviews/${id}/status`, { status: "completed" }));

    const extraction = await client.post(`/api/interviews/${rider}/extraction`);
    ok(extraction, 202);
    await finished(client, extraction.body.jobId);
    const synthesis = await client.post(`/api/projects/${projectId}/synthesis`);
    ok(synthesis, 202);
    await finished(client, synthesis.body.jobId);
    ok(await client.get(`/api/projects/${projectId}/synthesis`));
    const generated = await client.post(`/api/projects/${projectId}/requirements/generate`);
    ok(generated, 202);
    ok(await client.get(`/api/jobs/${generated.body.jobId}`));
    await finished(client, generated.body.jobId);
    for (const format of ["markdown", "json", "jira-csv"]) {
      ok(await client.get(`/api/projects/${projectId}/requirements/export?format=${format}`));
    }
    ok(await client.post(`/api/projects/${projectId}/replit-prompts/generate`), 201);
  });

  it("describes account, billing and admin paths of spec 2", async () => {
    const { client, email } = await signUpOnPlan(server, "basic");
    ok(await client.get("/api/billing/config"));
    ok(await client.get("/api/user/budget"));
    ok(await client.post("/api/user/budget", { monthlyBudget: 20, budgetAlerts: true }));
    // Without Stripe, payments run in test mode.
    const plans = await client.get("/api/subscription-plans");
    const pro = plans.body.find((plan: { name: string }) => plan.name === "Pro");
    ok(await client.post("/api/create-subscription", { planId: pro.id }));
    ok(await client.post("/api/cancel-subscription"));
    ok(await client.post("/api/auth/logout"));
    ok(await client.post("/api/auth/forgot-password", { email }));
    const token = resetTokenFrom((await mailFor(server, email)).text_body);
    ok(await client.post("/api/auth/reset-password", { token, newPassword: "another passphrase 2" }));
    ok(await client.post("/api/auth/login", { email, password: "another passphrase 2" }));

    await ensureAdmin(server.services.db, "openapi-admin@example.com", "admin passphrase 1");
    const admin = new Client(server.url);
    ok(
      await admin.post("/api/auth/login", {
        email: "openapi-admin@example.com",
        password: "admin passphrase 1",
      }),
    );
    const member = await signUp(server.url);
    const userId = member.user.id as string;
    ok(await admin.get("/api/admin/users"));
    ok(await admin.get("/api/admin/users?limit=2"));
    ok(await admin.get("/api/admin/stats"));
    ok(await admin.get(`/api/admin/users/${userId}`));
    ok(await admin.get(`/api/admin/users/${userId}/projects`));
    ok(await admin.get(`/api/admin/users/${userId}/interviews`));
    ok(await admin.patch(`/api/admin/users/${userId}`, { subscriptionTier: "pro" }));
    await admin.post(`/api/admin/users/${userId}/cancel-subscription`);
    ok(await admin.post(`/api/admin/users/${userId}/reset-usage`));
    await admin.post("/api/admin/sync-subscriptions");
    ok(await admin.get("/api/admin/model-configurations"));
    const model = await admin.post("/api/admin/model-configurations", {
      componentName: "summary_agent",
      modelName: "gpt-4o",
    });
    ok(model, 201);
    ok(await admin.patch(`/api/admin/model-configurations/${model.body.id}`, { modelName: "gpt-4.1" }));
    ok(await admin.delete(`/api/admin/model-configurations/${model.body.id}`));
    ok(
      await admin.post("/api/admin/create-test-account", { email: `tester-${Date.now()}@example.com` }),
      201,
    );
    ok(await admin.delete(`/api/admin/users/${userId}`, { confirmDelete: true }));
    ok(await client.delete("/api/auth/delete-account", { confirmDelete: true }));
  });

  it("describes speech as a server with a speech service answers it", async () => {
    const fake = new FakeOpenAi();
    const voiced = await startTestServer({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: await fake.start() });
    try {
      const { interviewId, participant } = await ownerWithInterview(voiced);
      const audio = Buffer.alloc(4000, 1).toString("base64");
      ok(await participant.post("/api/ai/transcribe", { interviewId, audio, mimeType: "audio/webm" }));
      // Issue 34: the recording transcribed and answered in one request (JSON lines).
      ok(
        await participant.post("/api/ai/voice-turn", {
          interviewId,
          audio,
          mimeType: "audio/webm",
          answerId: "drift-answer-0001",
        }),
      );
      ok(await participant.post("/api/ai/tts", { text: "Hello there", interviewId }));
    } finally {
      await voiced.close();
      await fake.stop();
    }
  });

  it("plays every documented operation, and each exchange fits it", () => {
    const missing = operations.map((op) => op.key).filter((key) => !played.has(key));
    expect(missing).toEqual([]);
    expect(problems).toEqual([]);
    // Each played to a success at least once, so every success schema was checked too.
    const refusedOnly = [...played]
      .filter(([, statuses]) => statuses.every((status) => status >= 300))
      .map(([key, statuses]) => `${key} → ${statuses.join(", ")}`);
    expect(refusedOnly).toEqual([]);
    console.info(`Played ${played.size} operations, ${[...played.values()].flat().length} exchanges`);
  });
});
