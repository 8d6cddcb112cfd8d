import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, startTestServer, type TestServer } from "./harness";

let server: TestServer;
let bearer: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  const { token } = await signUp(server.url);
  bearer = { authorization: `Bearer ${token}` };
});
afterAll(async () => {
  await server.close();
});

const input = (value: unknown) => `input=${encodeURIComponent(JSON.stringify(value))}`;

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers });
  return {
    status: res.status,
    contentType: res.headers.get("content-type"),
    vary: res.headers.get("vary"),
    length: res.headers.get("content-length"),
    chunked: res.headers.get("transfer-encoding") === "chunked",
    csp: res.headers.get("content-security-policy"),
    text: await res.text(),
  };
}

describe("/trpc plain queries (the door's own path)", () => {
  // `last-event-id` means nothing to a query but sends the call through tRPC's resolveResponse, so
  // each answer of the door's own path is held to tRPC's answer to the same call.
  it.each([
    ["signed out", "/trpc/auth.me", false],
    ["signed in", "/trpc/auth.me", true],
    ["a query without input", "/trpc/auth.providers", false],
    ["a protected query signed out (401)", "/trpc/projects.list", false],
    ["a missing project (404)", `/trpc/projects.get?${input({ id: 999999 })}`, true],
    ["invalid input (400)", `/trpc/projects.get?${input({ id: "abc" })}`, true],
    ["no input where one is required", "/trpc/projects.get", true],
    ["input that is not JSON", "/trpc/projects.get?input=not-json", true],
    ["an unknown procedure", "/trpc/nothing.here", false],
    ["a mutation over GET (405)", "/trpc/auth.login", false],
    ["another query parameter", "/trpc/auth.me?foo=1", true],
  ])("answers %s as tRPC's resolveResponse does", async (_label, path, signedIn) => {
    const headers = signedIn ? bearer : {};
    const own = await get(path, headers);
    const reference = await get(path, { ...headers, "last-event-id": "1" });
    expect(own.status).toBe(reference.status);
    expect(own.text).toBe(reference.text);
    expect(own.contentType).toBe(reference.contentType);
    expect(own.vary).toBe(reference.vary);
  });

  it("sends the answer whole, with its length and the API security headers", async () => {
    const res = await get("/trpc/auth.me", bearer);
    expect(res.status).toBe(200);
    expect(res.contentType).toBe("application/json");
    expect(res.chunked).toBe(false);
    expect(Number(res.length)).toBe(Buffer.byteLength(res.text));
    expect(res.csp).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(JSON.parse(res.text).result.data.email).toMatch(/@example\.com$/);
  });

  it("answers an error in tRPC's shape with its HTTP status", async () => {
    const res = await get("/trpc/projects.list");
    expect(res.status).toBe(401);
    expect(JSON.parse(res.text)).toMatchObject({
      error: {
        message: "Not signed in",
        code: -32001,
        data: { code: "UNAUTHORIZED", httpStatus: 401, path: "projects.list" },
      },
    });
  });
});

describe("/trpc calls tRPC answers itself", () => {
  it("answers a batch with one result per procedure, mixed statuses as 207", async () => {
    const both = await get(`/trpc/auth.me,auth.providers?batch=1&${input({})}`, bearer);
    expect(both.status).toBe(200);
    const [me, providers] = JSON.parse(both.text);
    expect(me.result.data.email).toMatch(/@example\.com$/);
    expect(providers).toEqual({ result: { data: { replit: false } } });
    const mixed = await get("/trpc/auth.me,projects.list?batch=1");
    expect(mixed.status).toBe(207);
    expect(JSON.parse(mixed.text)[1].error.data.code).toBe("UNAUTHORIZED");
  });

  it("streams a batch to httpBatchStreamLink (jsonl, chunked)", async () => {
    const res = await get("/trpc/auth.me,auth.providers?batch=1", {
      ...bearer,
      "trpc-accept": "application/jsonl",
    });
    expect(res.status).toBe(200);
    expect(res.chunked).toBe(true);
    expect(res.text.trim().split("\n").length).toBeGreaterThan(1);
    expect(res.text).toContain('"replit":false');
  });

  it("answers a mutation sent as JSON with its length (415 and 413 are in hardening-input and abuse-storage)", async () => {
    const post = (contentType: string, body: string) =>
      fetch(`${server.url}/trpc/auth.login`, {
        method: "POST",
        headers: { "content-type": contentType },
        body,
      });
    const wrong = await post("application/json", JSON.stringify({ email: "no@example.com", password: "x" }));
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("content-length")).not.toBeNull();
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      "Invalid email or password",
    );
  });
});
