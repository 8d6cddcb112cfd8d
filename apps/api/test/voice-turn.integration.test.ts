import { FakeOpenAi } from "@parley/ai/test/fake-openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, ownerWithInterview, startTestServer, type TestServer } from "./harness";

/**
 * Issue 34: POST /api/ai/voice-turn, a participant's recording transcribed and answered in one
 * request, the turn's lease, state and reservation made while the audio is transcribed. On
 * PostgreSQL and PGlite alike, against the fake OpenAI server.
 */

const TRANSCRIPT = "We plan every route by hand each morning.";
const REPLY = "What makes the morning plan so slow?";

let server: TestServer;
const fake = new FakeOpenAi({ reply: REPLY, tokenDelayMs: 5 });
beforeAll(async () => {
  server = await startTestServer({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: await fake.start() });
});
afterAll(async () => {
  await server?.close();
  await fake.stop();
});

type Event = Record<string, unknown> | string;

/** The recording as the web sends it (multipart form data), and the answer's lines. */
async function voiceTurn(
  participant: Client,
  fields: Record<string, string>,
  base = server,
): Promise<{ status: number; type: string | null; events: Event[]; body: Record<string, unknown> | null }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("audio", new Blob([Buffer.alloc(4000, 1)], { type: "audio/webm" }), "speech.webm");
  const res = await fetch(`${base.url}/api/ai/voice-turn`, {
    method: "POST",
    body: form,
    headers: { cookie: participant.cookieHeader() },
  });
  const text = await res.text();
  if (!res.ok)
    return { status: res.status, type: res.headers.get("content-type"), events: [], body: JSON.parse(text) };
  const events = text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Event);
  return { status: res.status, type: res.headers.get("content-type"), events, body: null };
}

async function state(interviewId: number, base = server) {
  const { db } = base.services;
  const [turns, interview] = await Promise.all([
    db
      .selectFrom("interview_turns")
      .select(["id", "role", "content"])
      .where("interview_id", "=", interviewId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("interviews")
      .innerJoin("projects", "projects.id", "interviews.project_id")
      .innerJoin("users", "users.id", "projects.user_id")
      .select([
        "interviews.ai_calls",
        "interviews.turn_lease",
        "users.monthly_api_usage",
        "users.id as ownerId",
      ])
      .where("interviews.id", "=", interviewId)
      .executeTakeFirstOrThrow(),
  ]);
  return { turns, interview };
}

/** An interview whose participant has had the welcome. */
async function welcomed(options: Parameters<typeof ownerWithInterview>[1] = {}, base = server) {
  const made = await ownerWithInterview(base, options);
  const welcome = await made.participant.post("/api/ai/response", {
    interviewId: made.interviewId,
    messages: [],
  });
  expect(welcome.status).toBe(200);
  return made;
}

describe("POST /api/ai/voice-turn", () => {
  it("answers the transcript first, then the reply as it is written; keeps the answer and the reply, and bills what the two requests it replaces bill", async () => {
    const { interviewId, participant } = await welcomed();
    const before = await state(interviewId);
    const chats = fake.chatRequests().length;
    const res = await voiceTurn(participant, {
      interviewId: String(interviewId),
      answerId: "voice-answer-0001",
      notesContext: "Rides daily",
    });
    expect(res.status).toBe(200);
    expect(res.type).toContain("application/x-ndjson");
    expect(res.events[0]).toEqual({ text: TRANSCRIPT, turn: true });
    const reply = res.events
      .filter((e): e is string => typeof e === "string")
      .join("")
      .trim();
    // The interviewer's question (the checks' own when the fake's repeats the welcome's).
    expect(reply).toMatch(/\?$/);
    const trailer = res.events.at(-1) as { final: boolean; turnId: number };
    expect(trailer.final).toBe(false);
    const after = await state(interviewId);
    expect(after.turns.slice(before.turns.length).map((t) => [t.role, t.content])).toEqual([
      ["user", TRANSCRIPT],
      ["ai", reply],
    ]);
    expect(after.turns.at(-1)!.id).toBe(trailer.turnId);
    // One model call for the reply, with the page's notes, on the record the server keeps.
    expect(fake.chatRequests().length - chats).toBe(1);
    expect(fake.chatRequests().at(-1)!.body.messages[1].content).toContain("<notes>\nRides daily\n</notes>");
    expect(after.interview.turn_lease).toBeNull();

    // The same through the two requests it replaces: the same calls billed to the owner.
    const apart = await welcomed();
    const beforeApart = await state(apart.interviewId);
    const form = new FormData();
    form.append("interviewId", String(apart.interviewId));
    form.append("audio", new Blob([Buffer.alloc(4000, 1)], { type: "audio/webm" }), "speech.webm");
    const transcribed = await fetch(`${server.url}/api/ai/transcribe`, {
      method: "POST",
      body: form,
      headers: { cookie: apart.participant.cookieHeader() },
    });
    expect(await transcribed.json()).toEqual({ text: TRANSCRIPT });
    await apart.participant.post("/api/ai/response", {
      interviewId: apart.interviewId,
      answer: { id: "text-answer-0001", content: TRANSCRIPT },
    });
    const afterApart = await state(apart.interviewId);
    expect(after.interview.ai_calls - before.interview.ai_calls).toBe(
      afterApart.interview.ai_calls - beforeApart.interview.ai_calls,
    );
    expect(after.interview.monthly_api_usage - before.interview.monthly_api_usage).toBe(
      afterApart.interview.monthly_api_usage - beforeApart.interview.monthly_api_usage,
    );
  });

  it("answers nothing to words that leave the thought open, gives back the turn's lease and reservation, and answers them with what follows", async () => {
    const { interviewId, participant } = await welcomed();
    const before = await state(interviewId);
    const chats = fake.chatRequests().length;
    fake.options.transcript = "We plan every route by hand and";
    try {
      const open = await voiceTurn(participant, {
        interviewId: String(interviewId),
        answerId: "voice-answer-0002",
      });
      expect(open.events).toEqual([{ text: "We plan every route by hand and", turn: false }]);
      const waiting = await state(interviewId);
      expect(waiting.turns.length).toBe(before.turns.length);
      expect(fake.chatRequests().length).toBe(chats);
      // Only the transcription is billed; the lease is free for the next turn.
      expect(waiting.interview.ai_calls - before.interview.ai_calls).toBe(1);
      expect(waiting.interview.monthly_api_usage - before.interview.monthly_api_usage).toBe(1);
      expect(waiting.interview.turn_lease).toBeNull();

      // The rest of the thought, sent with the words the page held: one answer, answered.
      fake.options.transcript = "it takes two hours.";
      const rest = await voiceTurn(participant, {
        interviewId: String(interviewId),
        answerId: "voice-answer-0003",
        held: "We plan every route by hand and",
        heldPieces: "1",
      });
      expect(rest.events[0]).toEqual({ text: "it takes two hours.", turn: true });
      const reply = rest.events
        .filter((e): e is string => typeof e === "string")
        .join("")
        .trim();
      const after = await state(interviewId);
      expect(after.turns.slice(before.turns.length).map((t) => [t.role, t.content])).toEqual([
        ["user", "We plan every route by hand and it takes two hours."],
        ["ai", reply],
      ]);
    } finally {
      fake.options.transcript = undefined;
    }
  });

  it("answers nothing to a request for time or to silence, and stores nothing", async () => {
    const { interviewId, participant } = await welcomed();
    const before = await state(interviewId);
    for (const transcript of ["Give me a minute.", ""]) {
      fake.options.transcript = transcript;
      try {
        const res = await voiceTurn(participant, {
          interviewId: String(interviewId),
          answerId: "voice-answer-0004",
        });
        expect(res.events).toEqual([{ text: transcript, turn: false }]);
      } finally {
        fake.options.transcript = undefined;
      }
    }
    const after = await state(interviewId);
    expect(after.turns.length).toBe(before.turns.length);
    expect(after.interview.ai_calls - before.interview.ai_calls).toBe(2);
    expect(after.interview.turn_lease).toBeNull();
  });

  it("keeps the words of an owner whose plan refuses the reply, says so to the participant, and calls no model for it", async () => {
    const { owner, interviewId, participant } = await welcomed({ tier: "free" });
    // One call left: the transcription takes it; the reply's reservation is refused.
    await server.services.db
      .updateTable("users")
      .set({ monthly_api_usage: 99 })
      .where("id", "=", owner.user.id)
      .execute();
    const before = await state(interviewId);
    const chats = fake.chatRequests().length;
    const res = await voiceTurn(participant, {
      interviewId: String(interviewId),
      answerId: "voice-answer-0005",
    });
    expect(res.events[0]).toEqual({ text: TRANSCRIPT, turn: true });
    const refusal = res.events.at(-1) as { error: { status: number; message: string } };
    expect(refusal.error.status).toBe(429);
    expect(refusal.error.message).toContain("Everything you said is saved");
    expect(fake.chatRequests().length).toBe(chats);
    const after = await state(interviewId);
    expect(after.turns.slice(before.turns.length).map((t) => [t.role, t.content])).toEqual([
      ["user", TRANSCRIPT],
    ]);
    expect(after.interview.monthly_api_usage).toBe(100);
    expect(after.interview.turn_lease).toBeNull();

    // At the limit, the transcription itself is refused, before anything is sent.
    const refused = await voiceTurn(participant, {
      interviewId: String(interviewId),
      answerId: "voice-answer-0006",
    });
    expect(refused.status).toBe(429);
    expect(refused.body?.message).toContain("Everything you said is saved");
    expect((await state(interviewId)).interview.monthly_api_usage).toBe(100);
  });

  it("holds the turn to the link's rate, giving back the reservation it made early", async () => {
    const { interviewId, participant } = await welcomed();
    // This link's turns for the last ten seconds are used up (a script, not a person).
    const { rateLimiter } = server.services;
    const rules = rateLimiter.participantAiRules.turn;
    await rateLimiter.count(
      `ai:link:${interviewId}:turn:burst`,
      rules.burst,
      rateLimiter.limitOf(rules.burst),
    );
    const before = await state(interviewId);
    const res = await voiceTurn(participant, {
      interviewId: String(interviewId),
      answerId: "voice-answer-0007",
    });
    expect(res.events[0]).toEqual({ text: TRANSCRIPT, turn: true });
    expect(res.events).toHaveLength(2);
    expect((res.events.at(-1) as { error: { status: number } }).error.status).toBe(429);
    const after = await state(interviewId);
    // The words are kept; only the transcription is billed.
    expect(after.turns.slice(before.turns.length).map((t) => t.role)).toEqual(["user"]);
    expect(after.interview.ai_calls - before.interview.ai_calls).toBe(1);
    expect(after.interview.monthly_api_usage - before.interview.monthly_api_usage).toBe(1);
    expect(after.interview.turn_lease).toBeNull();
  });

  it("refuses held words and a transcript longer together than an answer may be, storing nothing and holding no lease", async () => {
    const { interviewId, participant } = await welcomed();
    const before = await state(interviewId);
    const res = await voiceTurn(participant, {
      interviewId: String(interviewId),
      answerId: "voice-answer-0011",
      held: `${"We plan it by hand, ".repeat(999)}and`,
      heldPieces: "4",
    });
    expect(res.events[0]).toEqual({ text: TRANSCRIPT, turn: true });
    expect(res.events[1]).toEqual({ error: { status: 400, message: "Answer is too long" } });
    const after = await state(interviewId);
    expect(after.turns.length).toBe(before.turns.length);
    expect(after.interview.turn_lease).toBeNull();
    // The transcription only: the reply's reservation was given back.
    expect(after.interview.ai_calls - before.interview.ai_calls).toBe(1);
  });

  it("refuses a stranger without the link's grant, and a recording that is not audio", async () => {
    const { interviewId, participant } = await welcomed();
    const { Client } = await import("./harness");
    const stranger = new Client(server.url);
    const denied = await voiceTurn(stranger, {
      interviewId: String(interviewId),
      answerId: "voice-answer-0008",
    });
    expect(denied.status).toBe(404);
    const form = new FormData();
    form.append("interviewId", String(interviewId));
    form.append("answerId", "voice-answer-0009");
    form.append("audio", new Blob([Buffer.alloc(4000, 1)], { type: "image/png" }), "speech.png");
    const res = await fetch(`${server.url}/api/ai/voice-turn`, {
      method: "POST",
      body: form,
      headers: { cookie: participant.cookieHeader() },
    });
    expect(res.status).toBe(415);
  });
});

describe("POST /api/ai/voice-turn while the recording is transcribed", () => {
  const slow = new FakeOpenAi({
    reply: REPLY,
    profile: {
      transcriptionMs: 1500,
      chatFirstTokenMs: 0,
      chatTokenMs: 1,
      speechFirstByteMs: 0,
      speechSpeedup: 4,
      speechMsPerChar: 1,
    },
  });
  let voiced: TestServer;
  beforeAll(async () => {
    voiced = await startTestServer({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: await slow.start() });
  });
  afterAll(async () => {
    await voiced?.close();
    await slow.stop();
  });

  it("holds the turn's lease and reserves its reply before the transcript is back, and has asked the model as soon as it is", async () => {
    const { interviewId, participant } = await welcomed({}, voiced);
    const before = await state(interviewId, voiced);
    const chats = slow.chatRequests().length;
    const pending = voiceTurn(
      participant,
      { interviewId: String(interviewId), answerId: "voice-answer-0010" },
      voiced,
    );
    await new Promise((resolve) => setTimeout(resolve, 900));
    const during = await state(interviewId, voiced);
    expect(during.interview.turn_lease).not.toBeNull();
    // The transcription's call and the reply's, both reserved while the audio is transcribed.
    expect(during.interview.ai_calls - before.interview.ai_calls).toBe(2);
    expect(slow.chatRequests().length).toBe(chats);
    const res = await pending;
    expect(res.events[0]).toEqual({ text: TRANSCRIPT, turn: true });
    const after = await state(interviewId, voiced);
    expect(after.interview.ai_calls - before.interview.ai_calls).toBe(2);
    expect(after.interview.turn_lease).toBeNull();
    expect(after.turns.slice(before.turns.length).map((t) => t.role)).toEqual(["user", "ai"]);
  });
});
