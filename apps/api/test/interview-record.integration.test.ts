import { FakeOpenAi } from "@parley/ai/test/fake-openai";
import { completedInterviews } from "@parley/db/queries/evidence";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  ownerWithInterview,
  startTestServer,
  type TestServer,
  trpcMutation,
  trpcStream,
} from "./harness";

/**
 * Issue 23: one record of each conversation, kept by the server. Parallel saves, retried turns and
 * clients' arrays neither duplicate nor lose what a participant said; on PostgreSQL and PGlite alike.
 */

let server: TestServer;
const fake = new FakeOpenAi({ reply: "What makes the morning plan so slow?", tokenDelayMs: 5 });
beforeAll(async () => {
  server = await startTestServer({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: await fake.start() });
});
afterAll(async () => {
  await server?.close();
  await fake.stop();
});

const at = (offsetMs: number) => new Date(Date.UTC(2026, 10, 25, 9, 0, 0) + offsetMs).toISOString();
const json = (role: "ai" | "user", content: string, timestamp: string) =>
  JSON.stringify({ role, content, timestamp });
const parse = (messages: string[]) =>
  messages.map(
    (m) => JSON.parse(m) as { role: string; content: string; original?: string; revisedBy?: string },
  );

async function rows(interviewId: number) {
  const { db } = server.services;
  const [conversations, transcripts, turns, revisions, interview] = await Promise.all([
    db.selectFrom("conversations").select("id").where("interview_id", "=", interviewId).execute(),
    db.selectFrom("transcripts").select("id").where("interview_id", "=", interviewId).execute(),
    db
      .selectFrom("interview_turns")
      .select(["id", "role", "content"])
      .where("interview_id", "=", interviewId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("interview_turn_revisions")
      .innerJoin("interview_turns", "interview_turns.id", "interview_turn_revisions.turn_id")
      .select(["interview_turn_revisions.content", "interview_turn_revisions.revised_by"])
      .where("interview_turns.interview_id", "=", interviewId)
      .execute(),
    db
      .selectFrom("interviews")
      .innerJoin("projects", "projects.id", "interviews.project_id")
      .innerJoin("users", "users.id", "projects.user_id")
      .select(["interviews.ai_calls", "interviews.status", "users.monthly_api_usage"])
      .where("interviews.id", "=", interviewId)
      .executeTakeFirstOrThrow(),
  ]);
  return { conversations, transcripts, turns, revisions, interview };
}

describe("parallel first saves of one interview's conversation", () => {
  for (const n of [2, 8, 20]) {
    it(`makes one conversation of ${n} parallel first saves, and the owner reads every acknowledged answer`, async () => {
      const { owner, interviewId, participant } = await ownerWithInterview(server);
      const welcome = json("ai", "Hello! What does a normal morning look like?", at(0));
      const saves = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          participant.post("/api/conversations", {
            interviewId,
            messages: [welcome, json("user", `Answer from tab ${i}: we plan by hand.`, at(1000 + i))],
          }),
        ),
      );
      const acknowledged = saves.flatMap((res, i) => (res.status === 201 ? [i] : []));
      expect(acknowledged).toHaveLength(n);
      expect(new Set(saves.map((res) => res.body.id)).size).toBe(1);
      // Then each tab saves again from its own, stale, array (two tabs, a retry): nothing is lost.
      const conversationId = saves[0]!.body.id as number;
      const again = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          participant.patch(`/api/conversations/${conversationId}`, {
            messages: [
              welcome,
              json("user", `Answer from tab ${i}: we plan by hand.`, at(1000 + i)),
              json("user", `Second answer from tab ${i}.`, at(5000 + i)),
            ],
          }),
        ),
      );
      expect(again.every((res) => res.status === 200)).toBe(true);

      const read = await owner.client.get(`/api/interviews/${interviewId}/conversation`);
      expect(read.status).toBe(200);
      const said = parse(read.body.messages).map((m) => m.content);
      for (const i of acknowledged) {
        expect(said).toContain(`Answer from tab ${i}: we plan by hand.`);
        expect(said).toContain(`Second answer from tab ${i}.`);
      }
      const stored = await rows(interviewId);
      expect(stored.conversations).toHaveLength(1);
      // Each message once: the welcome and two answers per tab.
      expect(stored.turns).toHaveLength(1 + 2 * n);
      console.log(
        `${n} parallel first saves: ${stored.conversations.length} conversation, ${acknowledged.length}/${n} acknowledged answers readable by the owner (and ${n}/${n} second answers)`,
      );
    });
  }

  it("keeps one transcript under 8 parallel first saves", async () => {
    const { owner, interviewId, participant } = await ownerWithInterview(server);
    const saves = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        participant.post("/api/transcripts", { interviewId, content: `Reviewed ${i}`, corrected: false }),
      ),
    );
    expect(saves.every((res) => res.status === 201)).toBe(true);
    expect(new Set(saves.map((res) => res.body.id)).size).toBe(1);
    expect((await rows(interviewId)).transcripts).toHaveLength(1);
    expect((await owner.client.get(`/api/interviews/${interviewId}/transcript`)).body.content).toMatch(
      /^Reviewed \d$/,
    );
  });
});

describe("a retried turn", () => {
  it("makes one billed model call, one stored answer and one reply for 12 identical requests, and answers all 12 with it", async () => {
    const { interviewId, participant } = await ownerWithInterview(server);
    const welcome = await participant.post("/api/ai/response", { interviewId, messages: [] });
    expect(welcome.status).toBe(200);
    const before = await rows(interviewId);
    // One turn of the interviewer is one billed model call: its question, for the rules' decision.
    const perTurn = 1;
    const chatsBefore = fake.chatRequests().length;
    const messages = [
      { role: "ai", content: welcome.body.response },
      { role: "user", content: "We plan twenty routes by hand every morning." },
    ];
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        participant.post("/api/ai/response", { interviewId, messages }, { "Idempotency-Key": "answer-7f3a" }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => a.body.response)).size).toBe(1);
    const after = await rows(interviewId);
    expect(after.interview.ai_calls - before.interview.ai_calls).toBe(perTurn);
    // The owner's count too: a request that made no call gave back the reservation it started early.
    expect(after.interview.monthly_api_usage - before.interview.monthly_api_usage).toBe(perTurn);
    const added = after.turns.slice(before.turns.length);
    expect(added.map((t) => [t.role, t.content])).toEqual([
      ["user", "We plan twenty routes by hand every morning."],
      ["ai", answers[0]!.body.response],
    ]);
    // One turn of the interviewer: its question.
    expect(fake.chatRequests().length - chatsBefore).toBe(1);
    console.log(
      `12 identical turn requests: ${(after.interview.ai_calls - before.interview.ai_calls) / perTurn} billed model turn, ${added.filter((t) => t.role === "user").length} stored answer, ${added.filter((t) => t.role === "ai").length} reply, ${answers.filter((a) => a.body.response === answers[0]!.body.response).length} of 12 answered with it`,
    );
  });

  it("does the same for the web's streamed turn, keyed by the answer's id", async () => {
    const { interviewId, participant } = await ownerWithInterview(server);
    await participant.post("/api/ai/response", { interviewId, messages: [] });
    const before = await rows(interviewId);
    const perTurn = 1;
    const answer = { id: "web-answer-0001", content: "Mostly phone calls when a job runs late." };
    const replies = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const res = await trpcStream(participant, "ai.interviewResponseStream", {
          interviewId,
          answer,
          trailer: true,
        });
        return res.text();
      }),
    );
    const turnIds = replies.map((text) => /"turnId":(\d+)/.exec(text)?.[1]);
    expect(new Set(turnIds).size).toBe(1);
    expect(turnIds[0]).toBeDefined();
    const after = await rows(interviewId);
    expect(after.interview.ai_calls - before.interview.ai_calls).toBe(perTurn);
    expect(after.interview.monthly_api_usage - before.interview.monthly_api_usage).toBe(perTurn);
    expect(after.turns.slice(before.turns.length).map((t) => t.role)).toEqual(["user", "ai"]);
  });
});

describe("a client's array never deletes what a participant said", () => {
  it("keeps every turn of a shorter or altered PATCH, records the edit as a revision, and shows it marked to the owner", async () => {
    const { owner, interviewId, participant, projectId } = await ownerWithInterview(server);
    for (const [i, words] of [
      "We plan by hand.",
      "Phone calls, mostly.",
      "A live map would help.",
    ].entries()) {
      const res = await participant.post(
        "/api/ai/response",
        { interviewId, messages: i ? [{ role: "user", content: words }] : [] },
        { "Idempotency-Key": `turn-${i}` },
      );
      expect(res.status).toBe(200);
    }
    const read = await participant.get(`/api/interviews/${interviewId}/conversation`);
    const messages = parse(read.body.messages) as Array<{
      role: "ai" | "user";
      content: string;
      timestamp: string;
    }>;
    const before = await rows(interviewId);
    const answer = messages.findIndex((m) => m.role === "user");
    expect(answer).toBeGreaterThan(0);

    // A stale tab: only the first exchange, its answer reworded.
    const shorter = messages
      .slice(0, answer + 1)
      .map((m, i) =>
        JSON.stringify(
          i === answer ? { ...m, content: "We plan every route by hand, in a spreadsheet." } : m,
        ),
      );
    const patched = await participant.patch(`/api/conversations/${read.body.id}`, { messages: shorter });
    expect(patched.status).toBe(200);
    // An empty array deletes nothing either.
    expect((await participant.patch(`/api/conversations/${read.body.id}`, { messages: [] })).status).toBe(
      200,
    );

    const after = await rows(interviewId);
    expect(after.turns).toEqual(before.turns);
    expect(after.revisions).toEqual([
      { content: "We plan every route by hand, in a spreadsheet.", revised_by: "participant" },
    ]);
    const seen = parse((await owner.client.get(`/api/interviews/${interviewId}/conversation`)).body.messages);
    expect(seen).toHaveLength(messages.length);
    expect(seen[answer]).toMatchObject({
      content: "We plan every route by hand, in a spreadsheet.",
      original: messages[answer]!.content,
      revisedBy: "participant",
    });
    expect(seen.filter((m) => m.revisedBy)).toHaveLength(1);

    // The participant's review and the owner's correction of the transcript are revisions too.
    const spoken = seen.map((m) => `${m.role === "ai" ? "AI" : "Participant"}: ${m.content}`);
    expect(
      (await participant.patch(`/api/interviews/${interviewId}/status`, { status: "completed" })).status,
    ).toBe(200);
    const reviewed = spoken.map((line, i) =>
      i === spoken.length - 2 ? "Participant: A live map, and SMS." : line,
    );
    const review = await participant.post("/api/transcripts", {
      interviewId,
      content: reviewed.join("\n\n"),
      corrected: true,
    });
    expect(review.status).toBe(201);
    const corrected = reviewed.map((line, i) => (i === 0 ? "AI: Hello, and thank you for your time." : line));
    const edit = await owner.client.patch(`/api/transcripts/${review.body.id}`, {
      content: corrected.join("\n\n"),
      corrected: true,
    });
    expect(edit.status).toBe(200);
    expect(edit.body.content).toBe(corrected.join("\n\n"));
    const final = await rows(interviewId);
    expect(final.turns).toEqual(before.turns);
    expect(final.interview.status).toBe("updated_by_user");
    expect(final.revisions.map((r) => r.revised_by).sort()).toEqual(["owner", "participant", "participant"]);

    // The evidence engine reads the corrected interview, its turns revised and their first words kept.
    const [recordOf] = await completedInterviews(server.services.db, projectId);
    expect(recordOf?.turns?.[0]).toMatchObject({ speaker: "interviewer", revisedBy: "owner" });
    expect(recordOf?.turns?.at(-2)).toMatchObject({
      speaker: "participant",
      text: "A live map, and SMS.",
      original: "A live map would help.",
      revisedBy: "participant",
    });
    expect(recordOf?.transcript).toBe(corrected.join("\n\n"));
  });

  it("answers 404 to another owner and to a stranger, and 4xx JSON to a malformed array", async () => {
    const { interviewId, participant } = await ownerWithInterview(server);
    const created = await participant.post("/api/conversations", {
      interviewId,
      messages: [json("ai", "Hello!", at(0))],
    });
    const other = await ownerWithInterview(server);
    expect(
      (await other.owner.client.patch(`/api/conversations/${created.body.id}`, { messages: [] })).status,
    ).toBe(404);
    expect(
      (await new Client(server.url).patch(`/api/conversations/${created.body.id}`, { messages: [] })).status,
    ).toBe(404);
    const bad = await participant.patch(`/api/conversations/${created.body.id}`, { messages: ["{not json"] });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe("string");
    const forged = await trpcMutation(other.participant, "participant.reviseTurn", {
      interviewId,
      turnId: 1,
      content: "x",
    });
    expect(forged.status, JSON.stringify(forged.body)).toBe(404);
  });
});
