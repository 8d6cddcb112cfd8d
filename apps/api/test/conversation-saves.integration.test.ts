import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, ownerWithInterview, startTestServer, type TestServer, trpcMutation } from "./harness";

/**
 * Issue 35, item 3: conflicting saves of one conversation. Clients that each PATCH the whole array as
 * they last saw it lose nothing a client was told is saved; If-Match on an old version answers 409
 * with the current conversation and changes nothing. On PostgreSQL and PGlite alike.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Said {
  role: "ai" | "user";
  content: string;
  timestamp?: string;
  turnId?: number;
  original?: string;
  revisedBy?: string;
}
const at = (offsetMs: number) => new Date(Date.UTC(2026, 10, 28, 9, 0, 0) + offsetMs).toISOString();
const line = (role: "ai" | "user", content: string, timestamp: string) =>
  JSON.stringify({ role, content, timestamp });
const parse = (messages: string[]) => messages.map((m) => JSON.parse(m) as Said);
const STRONG_ETAG = /^"[^"]+"$/;

const patch = (
  client: Client,
  conversationId: number,
  messages: string[],
  headers: Record<string, string> = {},
) => client.request("PATCH", `/api/conversations/${conversationId}`, { messages }, headers);

async function stored(interviewId: number) {
  const { db } = server.services;
  const [turns, revisions] = await Promise.all([
    db
      .selectFrom("interview_turns")
      .select(["id", "role", "content"])
      .where("interview_id", "=", interviewId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("interview_turn_revisions")
      .innerJoin("interview_turns", "interview_turns.id", "interview_turn_revisions.turn_id")
      .select(["interview_turn_revisions.id", "interview_turn_revisions.content"])
      .where("interview_turns.interview_id", "=", interviewId)
      .orderBy("interview_turn_revisions.id")
      .execute(),
  ]);
  return { turns, revisions };
}

/** An interview with its welcome saved, and `n` participant browsers that opened its share link. */
async function conversationWithTabs(n: number) {
  const setup = await ownerWithInterview(server);
  const created = await setup.participant.post("/api/conversations", {
    interviewId: setup.interviewId,
    messages: [line("ai", "Hello! What does a normal morning look like?", at(0))],
  });
  expect(created.status).toBe(201);
  const tabs = await Promise.all(
    Array.from({ length: n }, async () => {
      const tab = new Client(server.url);
      expect((await tab.get(`/api/interviews/share/${setup.shareLink}`)).status).toBe(200);
      return tab;
    }),
  );
  return { ...setup, conversationId: created.body.id as number, tabs };
}

describe("clients saving one conversation at once, each from the array it last read", () => {
  for (const [n, rounds] of [
    [2, 10],
    [8, 25],
    [20, 5],
  ] as const) {
    it(`keeps every acknowledged answer of ${n} clients (${n * rounds} answers) in the owner's view, in each client's order`, async () => {
      const { owner, interviewId, conversationId, tabs } = await conversationWithTabs(n);
      const first = await tabs[0]!.get(`/api/interviews/${interviewId}/conversation`);
      const lastSeen: string[][] = tabs.map(() => first.body.messages);
      const acknowledged: string[][] = tabs.map(() => []);
      for (let round = 0; round < rounds; round += 1) {
        // Every client's clock reads the same millisecond: their answers share a timestamp.
        const when = at(1000 * (round + 1));
        const saves = await Promise.all(
          tabs.map((tab, i) => {
            const answer = `Client ${i}, answer ${round}: we re-plan the routes by hand.`;
            return patch(tab, conversationId, [...lastSeen[i]!, line("user", answer, when)]).then((res) => {
              if (res.status === 200) {
                acknowledged[i]!.push(answer);
                lastSeen[i] = res.body.messages;
              }
              return res;
            });
          }),
        );
        expect(saves.map((res) => res.status)).toEqual(tabs.map(() => 200));
      }

      const read = await owner.client.get(`/api/interviews/${interviewId}/conversation`);
      expect(read.status).toBe(200);
      const said = parse(read.body.messages);
      const contents = said.map((m) => m.content);
      const answers = acknowledged.flat();
      const missing = answers.filter((answer) => !contents.includes(answer)).length;
      const revised = said.filter((m) => m.revisedBy).length;
      console.log(
        `${n} clients × ${rounds} saves: ${answers.length - missing}/${answers.length} acknowledged answers in the owner's view, ${revised} marked as revisions`,
      );
      expect(answers).toHaveLength(n * rounds);
      expect(missing).toBe(0);
      expect(revised).toBe(0);
      for (const [i, own] of acknowledged.entries()) {
        // Each client's answers, in the order it saved them.
        expect(contents.filter((c) => c.startsWith(`Client ${i},`))).toEqual(own);
      }
      expect((await stored(interviewId)).turns).toHaveLength(1 + n * rounds);
    }, 120_000);
  }
});

describe("the conversation's version (ETag / If-Match)", () => {
  it("carries the version as a strong ETag on the read and on both saves, changing with each change", async () => {
    const { owner, interviewId, participant } = await ownerWithInterview(server);
    const created = await participant.post("/api/conversations", {
      interviewId,
      messages: [line("ai", "Hello!", at(0))],
    });
    expect(created.status).toBe(201);
    const createdTag = created.headers.get("etag");
    expect(createdTag).toMatch(STRONG_ETAG);
    // The documented body is unchanged: id, interviewId and JSON-encoded messages, no version field.
    expect(Object.keys(created.body).sort()).toEqual(["id", "interviewId", "messages"]);

    const read = await owner.client.get(`/api/interviews/${interviewId}/conversation`);
    expect(read.headers.get("etag")).toBe(createdTag);
    expect(Object.keys(read.body).sort()).toEqual(["id", "interviewId", "messages"]);

    const saved = await patch(participant, created.body.id, [
      ...read.body.messages,
      line("user", "We plan by hand.", at(1000)),
    ]);
    expect(saved.status).toBe(200);
    const savedTag = saved.headers.get("etag");
    expect(savedTag).toMatch(STRONG_ETAG);
    expect(savedTag).not.toBe(createdTag);
    expect((await owner.client.get(`/api/interviews/${interviewId}/conversation`)).headers.get("etag")).toBe(
      savedTag,
    );
    // A save that changes nothing leaves the version as it was.
    const again = await patch(participant, created.body.id, saved.body.messages);
    expect(again.headers.get("etag")).toBe(savedTag);
  });

  it("answers 409 with the current conversation to If-Match naming an old version, and changes nothing", async () => {
    const { owner, interviewId, participant } = await ownerWithInterview(server);
    const created = await participant.post("/api/conversations", {
      interviewId,
      messages: [line("ai", "Hello!", at(0))],
    });
    const old = created.headers.get("etag")!;
    const current = await patch(participant, created.body.id, [
      ...created.body.messages,
      line("user", "Phone calls, mostly.", at(1000)),
    ]);
    const before = await stored(interviewId);

    const stale = await patch(
      participant,
      created.body.id,
      [...created.body.messages, line("user", "A live map would help.", at(2000))],
      { "If-Match": old },
    );
    expect(stale.status).toBe(409);
    expect(typeof stale.body.message).toBe("string");
    expect(stale.body.conversation).toEqual(current.body);
    expect(stale.headers.get("etag")).toBe(current.headers.get("etag"));
    expect(await stored(interviewId)).toEqual(before);
    const seen = await owner.client.get(`/api/interviews/${interviewId}/conversation`);
    expect(seen.body).toEqual(current.body);
    expect(seen.headers.get("etag")).toBe(current.headers.get("etag"));

    // Named with the current version, the same save goes through; so does If-Match: *.
    const retried = await patch(
      participant,
      created.body.id,
      [...stale.body.conversation.messages, line("user", "A live map would help.", at(2000))],
      { "If-Match": stale.headers.get("etag")! },
    );
    expect(retried.status).toBe(200);
    expect(parse(retried.body.messages).map((m) => m.content)).toEqual([
      "Hello!",
      "Phone calls, mostly.",
      "A live map would help.",
    ]);
    const any = await patch(
      participant,
      created.body.id,
      [...retried.body.messages, line("user", "And SMS.", at(3000))],
      { "If-Match": "*" },
    );
    expect(any.status).toBe(200);
    expect(parse(any.body.messages).at(-1)?.content).toBe("And SMS.");
  });

  it("lets exactly one of 8 saves naming the same version through; the other 7 answer 409 and add nothing", async () => {
    const { owner, interviewId, conversationId, tabs } = await conversationWithTabs(8);
    const read = await tabs[0]!.get(`/api/interviews/${interviewId}/conversation`);
    const version = read.headers.get("etag")!;
    const saves = await Promise.all(
      tabs.map((tab, i) =>
        patch(tab, conversationId, [...read.body.messages, line("user", `Tab ${i} answers.`, at(1000 + i))], {
          "If-Match": version,
        }),
      ),
    );
    const statuses = saves.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = saves.find((res) => res.status === 200)!;
    for (const lost of saves.filter((res) => res.status === 409)) {
      expect(lost.body.conversation).toEqual(winner.body);
    }
    const seen = parse((await owner.client.get(`/api/interviews/${interviewId}/conversation`)).body.messages);
    expect(seen.filter((m) => m.role === "user")).toHaveLength(1);
  });

  it("answers the tRPC door's save naming an old version with CONFLICT and the current conversation, as the REST door does", async () => {
    const { interviewId, participant } = await ownerWithInterview(server);
    const created = await participant.post("/api/conversations", {
      interviewId,
      messages: [line("ai", "Hello!", at(0))],
    });
    const old = JSON.parse(created.headers.get("etag")!) as string;
    const current = await patch(participant, created.body.id, [
      ...created.body.messages,
      line("user", "Phone calls, mostly.", at(1000)),
    ]);
    const stale = await trpcMutation(participant, "participant.updateConversation", {
      conversationId: created.body.id,
      messages: [{ role: "user", content: "A live map would help.", timestamp: at(2000) }],
      ifMatch: [old],
    });
    expect(stale.status).toBe(409);
    const refused = stale.body.error;
    expect(refused.data.conversation.version).toBe(JSON.parse(current.headers.get("etag")!));
    expect(refused.data.conversation.messages.map((m: Said) => m.content)).toEqual([
      "Hello!",
      "Phone calls, mostly.",
    ]);
  });

  it("refuses a malformed If-Match with 400 JSON and an unknown conversation with 404 JSON", async () => {
    const { participant, interviewId } = await ownerWithInterview(server);
    const created = await participant.post("/api/conversations", {
      interviewId,
      messages: [line("ai", "Hello!", at(0))],
    });
    const bad = await patch(participant, created.body.id, created.body.messages, { "If-Match": '"unclosed' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/If-Match/);
    const missing = await patch(participant, 99_999_999, created.body.messages, { "If-Match": "*" });
    expect(missing.status).toBe(404);
    expect(typeof missing.body.message).toBe("string");
  });
});

describe("what counts as an edit", () => {
  it("revises a message that names its turn; adds one that only shares another's place or time", async () => {
    const { owner, interviewId, participant } = await ownerWithInterview(server);
    const created = await participant.post("/api/conversations", {
      interviewId,
      messages: [line("ai", "Hello!", at(0)), line("user", "We plan by hand.", at(1000))],
    });
    const [welcome, answer] = created.body.messages as string[];
    // Another tab's answer at the same place and the same millisecond: a new answer, not an edit.
    const other = await patch(participant, created.body.id, [
      welcome!,
      line("user", "Phone calls, mostly.", at(1000)),
    ]);
    expect(other.status).toBe(200);
    // The participant rewords their own answer, as read back (it names its turn): an edit.
    const reworded = JSON.stringify({ ...JSON.parse(answer!), content: "We plan every route by hand." });
    const edited = await patch(participant, created.body.id, [welcome!, reworded]);
    expect(edited.status).toBe(200);

    const seen = parse((await owner.client.get(`/api/interviews/${interviewId}/conversation`)).body.messages);
    expect(seen.map((m) => [m.content, m.original ?? null, m.revisedBy ?? null])).toEqual([
      ["Hello!", null, null],
      ["We plan every route by hand.", "We plan by hand.", "participant"],
      ["Phone calls, mostly.", null, null],
    ]);
  });

  it("does not undo the owner's correction when a tab that read the words before it saves its stale array", async () => {
    const { owner, interviewId, participant } = await ownerWithInterview(server);
    const created = await participant.post("/api/conversations", {
      interviewId,
      messages: [line("ai", "Hello!", at(0)), line("user", "We plan by hand.", at(1000))],
    });
    const stale = created.body.messages as string[];
    const turnId = parse(stale)[1]!.turnId!;
    // The participant's review changes the words (tRPC, as the web app does), then the owner's.
    for (const [client, content] of [
      [participant, "We plan the routes by hand."],
      [owner.client, "We plan the routes by hand, every morning."],
    ] as const) {
      const revised = await trpcMutation(client, "participant.reviseTurn", { interviewId, turnId, content });
      expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    }
    const before = await stored(interviewId);
    const saved = await patch(participant, created.body.id, [
      ...stale,
      line("user", "Phone calls.", at(2000)),
    ]);
    expect(saved.status).toBe(200);
    const after = await stored(interviewId);
    expect(after.revisions).toEqual(before.revisions);
    expect(parse(saved.body.messages).map((m) => m.content)).toEqual([
      "Hello!",
      "We plan the routes by hand, every morning.",
      "Phone calls.",
    ]);
  });
});
