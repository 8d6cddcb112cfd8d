import type { JobEngine } from "@parley/api/jobs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client, signUp, startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("GET /api/jobs/{id}", () => {
  it("shows a job's status and progress to its owner, 404 to another user, 401 signed out", async () => {
    const owner = await signUp(server.url);
    const stranger = await signUp(server.url);
    const jobs = server.services.jobs as JobEngine;
    const { id } = await jobs.enqueue(
      "email.send",
      { to: owner.email, subject: "Your export", text: "Ready." },
      { ownerId: owner.user.id },
    );
    await vi.waitFor(
      async () => {
        const res = await owner.client.get(`/api/jobs/${id}`);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          id,
          kind: "email.send",
          status: "succeeded",
          progress: { done: 0, total: 0, step: "" },
          result: { to: owner.email },
        });
      },
      { timeout: 15_000, interval: 200 },
    );
    const other = await stranger.client.get(`/api/jobs/${id}`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: "Job not found" });
    expect((await owner.client.get("/api/jobs/not-a-uuid")).status).toBe(404);
    expect((await new Client(server.url).get(`/api/jobs/${id}`)).status).toBe(401);
  });
});
