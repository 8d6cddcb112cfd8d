import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  ownerWithInterview,
  signUp,
  startTestServer,
  type TestServer,
  trpcMutation,
} from "./harness";
import { PNG } from "./images";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("what the participant gave reaches the owner", () => {
  it("the attached image (address, bytes, description) and the additional feedback", async () => {
    const { owner, interviewId, participant } = await ownerWithInterview(server);
    const added = await trpcMutation(participant, "participant.addImage", {
      interviewId,
      dataUrl: `data:image/png;base64,${PNG}`,
    });
    expect(added.status).toBe(200);
    const image = added.body.result.data as { id: number; url: string; description: string | null };
    await participant.post("/api/conversations", {
      interviewId,
      messages: [
        JSON.stringify({
          role: "ai",
          content: "What slows you down?",
          timestamp: "2026-11-23T10:00:00.000Z",
        }),
        JSON.stringify({ role: "user", content: "The whiteboard.", timestamp: "2026-11-23T10:01:00.000Z" }),
        JSON.stringify({
          role: "user",
          type: "image",
          content: image.url,
          description: "A whiteboard of routes",
          imageId: image.id,
          timestamp: "2026-11-23T10:02:00.000Z",
        }),
      ],
    });
    await participant.patch(`/api/interviews/${interviewId}/status`, { status: "completed" });
    await participant.post("/api/transcripts", {
      interviewId,
      content: "AI: What slows you down?\n\nParticipant: The whiteboard.",
      corrected: false,
      additionalFeedback: "Call me on Tuesdays.",
    });

    const conversation = await owner.client.get(`/api/interviews/${interviewId}/conversation`);
    const messages = conversation.body.messages.map((m: string) => JSON.parse(m));
    expect(messages[2]).toMatchObject({
      type: "image",
      content: image.url,
      description: "A whiteboard of routes",
    });
    const bytes = await owner.client.get(image.url);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get("content-type")).toContain("image/png");
    const transcript = await owner.client.get(`/api/interviews/${interviewId}/transcript`);
    expect(transcript.body.additionalFeedback).toBe("Call me on Tuesdays.");
  });
});

describe("the owner's saved summary of one interview", () => {
  it("is absent at first, saved, replaced, and there on the next read (both doors)", async () => {
    const { owner, interviewId } = await ownerWithInterview(server);
    const none = await owner.client.get(`/api/interviews/${interviewId}/summary`);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: "No summary saved for this interview yet." });

    const saved = await owner.client.put(`/api/interviews/${interviewId}/summary`, {
      content: "# Dana\nFirst.",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.content).toBe("# Dana\nFirst.");
    await owner.client.put(`/api/interviews/${interviewId}/summary`, { content: "# Dana\nSecond." });
    const read = await owner.client.get(`/api/interviews/${interviewId}/summary`);
    expect(read.body).toMatchObject({ content: "# Dana\nSecond." });
    expect(Date.parse(read.body.updatedAt)).not.toBeNaN();
    const viaTrpc = await owner.client.get(
      `/trpc/interviews.summary?input=${encodeURIComponent(JSON.stringify({ id: interviewId }))}`,
    );
    expect(viaTrpc.body.result.data.content).toBe("# Dana\nSecond.");
  });

  it("refuses an empty summary, another owner and a participant, changing nothing", async () => {
    const { owner, interviewId, participant } = await ownerWithInterview(server);
    await owner.client.put(`/api/interviews/${interviewId}/summary`, { content: "Kept." });

    const empty = await owner.client.put(`/api/interviews/${interviewId}/summary`, { content: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: "Summary is required" });
    const missing = await owner.client.put(`/api/interviews/${interviewId}/summary`, {});
    expect(missing.status).toBe(400);
    expect(typeof missing.body.message).toBe("string");

    const stranger = await signUp(server.url);
    const foreign = await stranger.client.put(`/api/interviews/${interviewId}/summary`, { content: "Mine" });
    expect(foreign.status).toBe(404);
    expect((await stranger.client.get(`/api/interviews/${interviewId}/summary`)).status).toBe(404);
    expect((await participant.put(`/api/interviews/${interviewId}/summary`, { content: "x" })).status).toBe(
      401,
    );
    expect((await new Client(server.url).get(`/api/interviews/${interviewId}/summary`)).status).toBe(401);

    expect((await owner.client.get(`/api/interviews/${interviewId}/summary`)).body.content).toBe("Kept.");
  });

  it("goes with the interview when it is deleted", async () => {
    const { owner, interviewId } = await ownerWithInterview(server);
    await owner.client.put(`/api/interviews/${interviewId}/summary`, { content: "Gone soon." });
    await owner.client.delete(`/api/interviews/${interviewId}`);
    const rows = await server.services.db
      .selectFrom("interview_summaries")
      .select("interview_id")
      .where("interview_id", "=", interviewId)
      .execute();
    expect(rows).toEqual([]);
  });
});
