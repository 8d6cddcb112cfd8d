import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, signUp, startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("the HTTP door", () => {
  it("answers malformed JSON with 400 and a JSON message", async () => {
    const res = await new Client(server.url).post("/api/auth/login", "{not json");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Malformed JSON in request body" });
  });

  it("answers an oversized body with 413", async () => {
    const res = await new Client(server.url).post("/api/auth/login", {
      email: "a@b.co",
      password: "x".repeat(1_100_000),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "Request body is too large" });
  });

  for (const framing of ["content-length", "chunked"] as const) {
    it(`lets a client that writes a 5 MB body first read the 413 and its JSON message (${framing})`, async () => {
      const body = Buffer.from(JSON.stringify({ email: "a@b.co", password: "x".repeat(5 * 1024 * 1024) }));
      const url = new URL("/api/auth/login", server.url);
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          url,
          {
            method: "POST",
            headers: {
              "content-type": "application/json",
              ...(framing === "content-length" ? { "content-length": body.length } : {}),
            },
          },
          (res) => {
            let text = "";
            res.on("data", (chunk) => {
              text += chunk;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on("error", reject);
        // The whole body in 64 kB writes paced like a network, as a client that sends before it reads.
        void (async () => {
          for (let at = 0; at < body.length; at += 65_536) {
            await new Promise<void>((done) => req.write(body.subarray(at, at + 65_536), () => done()));
            await new Promise((done) => setTimeout(done, 1));
          }
          req.end();
        })().catch(reject);
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toEqual({ message: "Request body is too large" });
    });
  }

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await new Client(server.url).get("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not found" });
  });

  it("refuses a cookie-carrying write from another origin", async () => {
    const { client } = await signUp(server.url);
    const res = await client.delete("/api/auth/delete-account", { confirmDelete: true });
    expect(res.status).toBe(200);
    const { client: victim } = await signUp(server.url);
    const forged = await victim.request(
      "DELETE",
      "/api/auth/delete-account",
      { confirmDelete: true },
      { origin: "https://evil.example" },
    );
    expect(forged.status).toBe(403);
    expect((await victim.get("/api/auth/user")).status).toBe(200);
  });

  it("sends page security headers with a content security policy that fits the app", async () => {
    const res = await new Client(server.url).get("/some/page");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self' https://js.stripe.com");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("permissions-policy")).toContain("microphone=(self)");
  });

  it("sends API answers the strict headers of data that is never a page nor cached", async () => {
    for (const path of ["/api/health", "/api/auth/user", "/trpc/auth.providers"]) {
      const res = await new Client(server.url).get(path);
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    }
  });

  it("reports readiness when the database answers", async () => {
    const res = await new Client(server.url).get("/api/ready");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ready" });
  });
});
