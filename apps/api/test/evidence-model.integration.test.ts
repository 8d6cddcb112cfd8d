import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bikeProject, finished } from "./evidence-fixtures";
import { startTestServer, type TestServer } from "./harness";

describe("evidence jobs through a model that answers garbage", () => {
  let server: TestServer;
  let fake: import("@parley/ai/test/fake-structured-openai").FakeStructuredOpenAi;
  beforeAll(async () => {
    const { FakeStructuredOpenAi } = await import("@parley/ai/test/fake-structured-openai");
    fake = new FakeStructuredOpenAi({ answer: () => "this is not JSON at all" });
    const url = await fake.start();
    server = await startTestServer({ OPENAI_API_KEY: "test", OPENAI_BASE_URL: url });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await fake?.stop();
  });

  it("fails the job with a clear message after one repair, leaving the previous summary and tree intact", async () => {
    const { owner, projectId } = await bikeProject(server);
    expect(
      (await owner.client.post(`/api/projects/${projectId}/summary`, { summary: "The summary before" }))
        .status,
    ).toBe(200);
    await owner.client.post(`/api/projects/${projectId}/requirements`, {
      requirements:
        "# Epic: Before\n\n## Feature: Kept\n\n### User Stories\n- As a rider, I want to ride, so that I get there.\n",
    });
    const before = (await owner.client.get(`/api/projects/${projectId}/requirements`)).body.requirements;
    expect(before).toContain("Kept");

    for (const path of ["synthesis", "requirements/generate"]) {
      const started = await owner.client.post(`/api/projects/${projectId}/${path}`);
      expect(started.status).toBe(202);
      const job = await finished(owner.client, started.body.jobId);
      expect(job.status).toBe("failed");
      expect(job.error).toMatch(/did not match the expected structure, even after one repair/);
    }
    // Each interview's extraction was asked twice (the answer, then the repair), and never more.
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
    expect(fake.requests[0].response_format.type).toBe("json_schema");
    expect((await owner.client.get(`/api/projects/${projectId}/summary`)).body.summary).toBe(
      "The summary before",
    );
    expect((await owner.client.get(`/api/projects/${projectId}/requirements`)).body.requirements).toBe(
      before,
    );
    const usage = await server.services.db
      .selectFrom("usage_events")
      .select(["component", "model"])
      .where("project_id", "=", projectId)
      .execute();
    expect(usage.length).toBeGreaterThan(0);
  });
});

describe("evidence jobs through a model (the fake answers as the scripted simulator)", () => {
  let server: TestServer;
  let fake: import("@parley/ai/test/fake-structured-openai").FakeStructuredOpenAi;
  beforeAll(async () => {
    const { FakeStructuredOpenAi } = await import("@parley/ai/test/fake-structured-openai");
    const { simulatedAnswer } = await import("@parley/ai/test/simulated-model");
    fake = new FakeStructuredOpenAi({ answer: simulatedAnswer });
    const url = await fake.start();
    server = await startTestServer({ OPENAI_API_KEY: "test", OPENAI_BASE_URL: url });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await fake?.stop();
  });

  it("synthesizes through strict structured calls, one per interview then the merge, each metered to the owner", async () => {
    const { owner, projectId, rider, operator } = await bikeProject(server);
    // Each completed interview is read at once (a job queued on completion); the synthesis reuses that.
    const extracted = async () =>
      (
        await server.services.db
          .selectFrom("interview_extractions")
          .select("interview_id")
          .where("interview_id", "in", [rider, operator])
          .execute()
      ).length;
    await expect.poll(extracted, { timeout: 20_000, interval: 250 }).toBe(2);
    const started = await owner.client.post(`/api/projects/${projectId}/synthesis`);
    const job = await finished(owner.client, started.body.jobId);
    expect(job.status).toBe("succeeded");
    expect(job.result.conflicts).toEqual([
      expect.objectContaining({
        positions: [
          expect.objectContaining({ interviewId: rider, stance: "wants" }),
          expect.objectContaining({ interviewId: operator, stance: "does_not_want" }),
        ],
      }),
    ]);
    // The interviews' plans were structured calls too (issue 14); the evidence calls are these.
    const evidenceRequests = () =>
      fake.requests.filter((r) => r.response_format.json_schema.name !== "interview_plan");
    const names = evidenceRequests()
      .map((r) => r.response_format.json_schema.name)
      .sort();
    expect(names).toEqual(["interview_extraction", "interview_extraction", "project_synthesis"]);
    expect(fake.requests.every((r) => r.response_format.json_schema.strict === true)).toBe(true);
    const usage = await server.services.db
      .selectFrom("usage_events")
      .select(["operation", "model", "output_tokens"])
      .where("project_id", "=", projectId)
      .where("component", "<>", "interview_agent")
      .execute();
    expect(usage).toHaveLength(3);
    expect(usage.every((u) => u.model === "gpt-4o" && u.output_tokens > 0)).toBe(true);

    // Unchanged interviews are not read again: requirements reuse the two extractions.
    const requirements = await owner.client.post(`/api/projects/${projectId}/requirements/generate`);
    expect((await finished(owner.client, requirements.body.jobId)).status).toBe("succeeded");
    const later = evidenceRequests()
      .slice(3)
      .map((r) => r.response_format.json_schema.name);
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((name) => name === "requirements")).toBe(true);
  });
});
