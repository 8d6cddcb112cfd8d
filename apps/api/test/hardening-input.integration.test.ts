import { FakeStripe } from "@parley/billing/test/fake-stripe";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  ownerWithInterview,
  signUp,
  startTestServer,
  type TestServer,
  trpcMutation,
  trpcQuery,
} from "./harness";

const REFUSED = "Text must not contain NUL characters or unpaired surrogates";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const countRows = async (table: "projects" | "conversations" | "users") =>
  Number(
    (
      await server.services.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe("NUL bytes and unpaired surrogates in text", () => {
  it.each([
    ["a NUL in the email", { email: "a\u0000@x.test", password: "whatever pw" }],
    ["a NUL in the password", { email: "a@x.test", password: "pass\u0000word" }],
    ["a lone high surrogate", { email: "\ud800@x.test", password: "whatever pw" }],
  ])("answers 400 to a login with %s", async (_label, body) => {
    const res = await new Client(server.url).post("/api/auth/login", body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: REFUSED });
  });

  it("refuses a project title or description with a NUL byte, and stores nothing", async () => {
    const { client } = await signUp(server.url);
    const before = await countRows("projects");
    for (const body of [{ title: "Dis\u0000patch" }, { title: "Dispatch", description: "x\u0000" }]) {
      const res = await client.post("/api/projects", body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: REFUSED });
    }
    expect(await countRows("projects")).toBe(before);
  });

  it("refuses a conversation message with a lone surrogate on both doors before it reaches jsonb", async () => {
    const { participant, interviewId } = await ownerWithInterview(server);
    const before = await countRows("conversations");
    const rest = await participant.post("/api/conversations", {
      interviewId,
      messages: [JSON.stringify({ role: "user", content: "broken \ud800 text" })],
    });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ message: REFUSED });
    // Sent as JSON text with the escape, exactly as an attacker's client would.
    const raw = await participant.request(
      "POST",
      "/api/conversations",
      `{"interviewId":${interviewId},"messages":[{"role":"user","content":"\\udc00"}]}`,
    );
    expect(raw.status).toBe(400);
    const trpc = await trpcMutation(participant, "participant.saveConversation", {
      interviewId,
      messages: [{ role: "user", content: "nul \u0000 here" }],
    });
    expect(trpc.status).toBe(400);
    expect(trpc.body.error.message).toBe(REFUSED);
    expect(await countRows("conversations")).toBe(before);
  });

  it("keeps honest text, emoji included, as it was written", async () => {
    const { client } = await signUp(server.url);
    const res = await client.post("/api/projects", { title: "Dispatch 🚚 für Zürich" });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe("Dispatch 🚚 für Zürich");
  });
});

describe("ids past PostgreSQL's integer", () => {
  it("answers 400, never 500, on every door a participant or owner uses", async () => {
    const { owner, participant } = await ownerWithInterview(server);
    const big = 2_147_483_648;
    const answers = [
      await participant.get(`/api/interviews/${big}/conversation`),
      await participant.post("/api/conversations", { interviewId: big, messages: [] }),
      await participant.post("/api/ai/response", { interviewId: big, messages: [] }),
      await participant.request("PATCH", `/api/interviews/${big}/notes`, { notes: "hi" }),
      await participant.request("PATCH", `/api/interviews/${big}/start`),
      await owner.client.get(`/api/projects/${big}`),
      await owner.client.get(`/api/projects/99999999999999999999/interviews`),
      await trpcQuery(participant, "participant.conversation", { interviewId: big }),
      await trpcMutation(participant, "participant.setNotes", { interviewId: big, notes: "hi" }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain("Invalid id");
    }
  });
});

describe("POST /api/ai/transcribe with a broken multipart body", () => {
  const post = (contentType: string, body: string) =>
    fetch(`${server.url}/api/ai/transcribe`, {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    });

  it.each([
    ["no boundary", "multipart/form-data", "abc"],
    [
      "a body cut before its closing boundary",
      "multipart/form-data; boundary=xyz",
      '--xyz\r\ncontent-disposition: form-data; name="audio"; filename="a.webm"\r\ncontent-type: audio/webm\r\n\r\nAAAA',
    ],
  ])("answers 400 JSON to %s", async (_label, contentType, body) => {
    const res = await post(contentType, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Malformed multipart form data" });
  });

  it("answers 400 JSON to a well-formed form without audio", async () => {
    const res = await post("multipart/form-data; boundary=xyz", "abc");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Audio is required" });
  });
});

describe("/trpc with a body that is not JSON", () => {
  it.each([
    ["a form", "multipart/form-data; boundary=xyz", `--xyz\r\n${"x".repeat(200_000)}`],
    ["plain text", "text/plain", "hello"],
  ])(
    "answers 415 to %s at once, and the next call on the connection works",
    async (_label, contentType, body) => {
      const res = await fetch(`${server.url}/trpc/auth.login`, {
        method: "POST",
        headers: { "content-type": contentType },
        body,
        signal: AbortSignal.timeout(5_000),
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ message: "Unsupported content type" });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    },
  );
});

describe("garbage to generate-agile-requirements", () => {
  it.each([
    ["noise", { transcripts: ["%%%% ####"], title: "T", content: "zzz" }],
    ["digits", { transcripts: ["1 2 3"], title: "T" }],
  ])("answers 422 with the spec's words, not 502, to %s", async (_label, body) => {
    const { client } = await signUp(server.url);
    const res = await client.post("/api/ai/generate-agile-requirements", body);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: "Failed to generate requirements structure" });
  });

  it("answers 400 to wrong types", async () => {
    const { client } = await signUp(server.url);
    const res = await client.post("/api/ai/generate-agile-requirements", { transcripts: "x", title: 5 });
    expect(res.status).toBe(400);
  });
});

describe("PostgreSQL data errors as a backstop", () => {
  it("answers 400 with a generic message when the database refuses a value", async () => {
    const { toHttpError } = await import("@parley/api");
    const refusal = Object.assign(new Error("invalid byte sequence for encoding UTF8: 0x00"), {
      code: "22021",
    });
    expect(toHttpError(refusal)).toEqual({
      status: 400,
      body: { message: "Invalid input: a value could not be stored" },
    });
    // The real thing: PostgreSQL's own error for a NUL byte, through the one mapping.
    const error = await server.services.db
      .insertInto("email_outbox")
      .values({ to_address: "x@example.com", subject: "s", text_body: "a\u0000b" })
      .execute()
      .catch((e: unknown) => e);
    expect(toHttpError(error).status).toBe(400);
    const overflow = await server.services.db
      .selectFrom("projects")
      .select("id")
      .where("id", "=", 2 ** 40)
      .execute()
      .catch((e: unknown) => e);
    expect(toHttpError(overflow)).toEqual({
      status: 400,
      body: { message: "Invalid input: a value could not be stored" },
    });
  });
});

describe("Stripe webhooks", () => {
  const fake = new FakeStripe();
  const WEBHOOK_SECRET = "whsec_hardening";
  const stripe = new Stripe("sk_test_fake");
  let billing: TestServer;
  beforeAll(async () => {
    billing = await startTestServer({
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: await fake.start(),
    });
  });
  afterAll(async () => {
    await billing?.close();
    await fake.stop();
  });

  const send = (event: object, timestamp?: number) => {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      ...(timestamp ? { timestamp } : {}),
    });
    return new Client(billing.url).post("/api/stripe/webhook", payload, { "stripe-signature": signature });
  };
  const now = () => Math.floor(Date.now() / 1000);

  it("answers a signed subscription event whose data.object is null with a 2xx that changes nothing", async () => {
    for (const object of [null, "sub_1", { id: "sub_1", customer: null }]) {
      const res = await send({
        id: `evt_null_${String(object)}`,
        object: "event",
        type: "customer.subscription.updated",
        created: now(),
        data: { object },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true, applied: false });
    }
  });

  it("refuses a signature dated beyond the tolerance in the future", async () => {
    const event = {
      id: "evt_future",
      object: "event",
      type: "invoice.paid",
      created: now(),
      data: { object: {} },
    };
    const res = await send(event, now() + 3600);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Invalid webhook signature" });
    const fresh = await send(event);
    expect(fresh.status).toBe(200);
  });
});
