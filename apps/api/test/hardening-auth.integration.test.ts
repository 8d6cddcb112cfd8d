import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, signUp, startTestServer, type TestServer } from "./harness";
import { mailFor, outboxFor } from "./outbox";

/** A POST with a Host header of our choosing (fetch does not let a caller set Host). */
function postWithHost(url: string, path: string, host: string, body: unknown) {
  const { hostname, port } = new URL(url);
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = http.request(
      { hostname, port, path, method: "POST", headers: { host, "content-type": "application/json" } },
      (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** A login as it reaches the API through a proxy that saw the client at `address`. */
const loginFrom = (server: TestServer, address: string, email: string, password: string, xff = address) =>
  new Client(server.url).post("/api/auth/login", { email, password }, { "x-forwarded-for": xff });

describe("reset links are never built from request headers", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ APP_ORIGIN: "https://parley.example.com" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("mails a link on APP_ORIGIN when the request says Host: evil.example", async () => {
    const { email } = await signUp(server.url);
    const res = await postWithHost(server.url, "/api/auth/forgot-password", "evil.example", { email });
    expect(res.status).toBe(200);
    const mail = await mailFor(server, email);
    expect(mail.text_body).toMatch(/https:\/\/parley\.example\.com\/reset-password\?token=[a-z0-9]+/);
    expect(mail.text_body).not.toContain("evil.example");
  });

  it("answers a known and an unknown email with the same status and body, and mails only the known one", async () => {
    const { email } = await signUp(server.url);
    const unknown = await new Client(server.url).post("/api/auth/forgot-password", {
      email: "nobody-here@example.com",
    });
    const known = await new Client(server.url).post("/api/auth/forgot-password", { email });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.text).toBe(unknown.text);
    expect(known.body.message).toBe("If this email exists, a password reset link will be sent...");
    const mail = await mailFor(server, email);
    expect(mail.subject).toBe("Reset your Parley password");
    expect(await outboxFor(server, "nobody-here@example.com")).toHaveLength(0);
  });
});

describe("behind a proxy (TRUST_PROXY=1) at the real rate limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "1", RATE_LIMIT_SCALE: "1" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("still answers 429 to 32 failed logins that each wrote a new X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) {
      // What the old nginx config forwarded: the client's own entry, then the address nginx saw.
      const res = await loginFrom(
        server,
        "203.0.113.7",
        `stuffed${i}@example.com`,
        "wrong password!",
        `10.9.${i}.1, 203.0.113.7`,
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it("lets the owner in from their address after 11 wrong passwords from 11 other addresses", async () => {
    const { email, password } = await signUp(server.url);
    for (let i = 0; i < 11; i += 1) {
      const res = await loginFrom(server, `198.51.100.${i + 1}`, email, "wrong password!");
      expect(res.status).toBe(401);
    }
    const owner = await loginFrom(server, "192.0.2.10", email, password);
    expect(owner.status).toBe(200);
    expect(owner.body.user.email).toBe(email);
  });

  it("does not count successful sign-ins", async () => {
    const { email, password } = await signUp(server.url);
    for (let i = 0; i < 12; i += 1) {
      expect((await loginFrom(server, "192.0.2.20", email, password)).status).toBe(200);
    }
  });

  it("answers 429 after 10 failures for one email from one address, and only to that address", async () => {
    const { email, password } = await signUp(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await loginFrom(server, "198.51.100.77", email, "wrong password!")).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    // Once the limit holds, even the right password waits at that address ...
    expect((await loginFrom(server, "198.51.100.77", email, password)).status).toBe(429);
    // ... while the owner elsewhere signs in.
    expect((await loginFrom(server, "192.0.2.30", email, password)).status).toBe(200);
  });

  it("counts parallel guesses before checking them, so a burst cannot slip past the limit", async () => {
    const { email } = await signUp(server.url);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => loginFrom(server, "198.51.100.99", email, "wrong password!")),
    );
    expect(statuses.filter((r) => r.status === 401)).toHaveLength(10);
    expect(statuses.filter((r) => r.status === 429)).toHaveLength(10);
  });
});

describe("the per-account ceiling (limits scaled to a fifth: 20 failures an hour per account)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "1", RATE_LIMIT_SCALE: "0.2" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("holds a guesser spread over many addresses while the owner's own address still signs in", async () => {
    const { email, password } = await signUp(server.url);
    expect((await loginFrom(server, "192.0.2.1", email, password)).status).toBe(200);
    for (let i = 0; i < 20; i += 1) {
      expect((await loginFrom(server, `198.51.100.${i + 1}`, email, "wrong password!")).status).toBe(401);
    }
    const guesser = await loginFrom(server, "198.51.100.200", email, "another guess!");
    expect(guesser.status).toBe(429);
    expect(guesser.body).toEqual({
      message: "Too many failed sign-ins for this account. Please wait a few minutes or reset your password.",
    });
    // A right password from a new address waits too (the ceiling cannot tell a guesser from the owner) ...
    expect((await loginFrom(server, "198.51.100.201", email, password)).status).toBe(429);
    // ... but the owner at the address they signed in from before is let in.
    expect((await loginFrom(server, "192.0.2.1", email, password)).status).toBe(200);
  });
});

describe("CSRF", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses a cookie-carrying write marked Sec-Fetch-Site cross-site or same-site, and changes nothing", async () => {
    const { client } = await signUp(server.url);
    for (const site of ["cross-site", "same-site"]) {
      const forged = await client.request(
        "POST",
        "/api/projects",
        { title: "Forged" },
        { "sec-fetch-site": site },
      );
      expect(forged.status).toBe(403);
      expect(forged.body).toEqual({ message: "Cross-site request refused" });
    }
    expect((await client.get("/api/projects")).body).toEqual([]);
    const own = await client.request(
      "POST",
      "/api/projects",
      { title: "Mine" },
      { "sec-fetch-site": "same-origin", origin: server.url },
    );
    expect(own.status).toBe(201);
  });

  it("compares the Origin's scheme, not only its host", async () => {
    const { client } = await signUp(server.url);
    const host = new URL(server.url).host;
    const forged = await client.request(
      "POST",
      "/api/projects",
      { title: "Forged" },
      { origin: `https://${host}` },
    );
    expect(forged.status).toBe(403);
    expect((await client.get("/api/projects")).body).toEqual([]);
  });

  it("lets a Bearer client without cookies write from anywhere", async () => {
    const { token } = await signUp(server.url);
    const api = new Client(server.url);
    api.bearer = token;
    const res = await api.request(
      "POST",
      "/api/projects",
      { title: "From a script" },
      { "sec-fetch-site": "cross-site" },
    );
    expect(res.status).toBe(201);
  });
});
