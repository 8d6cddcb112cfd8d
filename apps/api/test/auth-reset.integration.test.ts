import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, signUp, startTestServer, type TestServer } from "./harness";
import { mailedTo, outboxFor, resetTokenFrom } from "./outbox";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("rate limits at their real size", () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ RATE_LIMIT_SCALE: "1" });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it("answers 429 after 10 failed logins for one email", async () => {
    const { email } = await signUp(strict.url);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await new Client(strict.url).post("/api/auth/login", {
        email,
        password: "wrong password!",
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const res = await new Client(strict.url).post("/api/auth/login", { email, password: "wrong password!" });
    expect(res.body.message).toMatch(/Too many requests/);
  });

  it("answers 429 after 5 reset requests for one email", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await new Client(strict.url).post("/api/auth/forgot-password", {
        email: "flood@example.com",
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("forgot and reset password", () => {
  it("gives the same answer for known and unknown emails, and mails only a known one", async () => {
    const { email } = await signUp(server.url);
    const known = await new Client(server.url).post("/api/auth/forgot-password", { email });
    const unknown = await new Client(server.url).post("/api/auth/forgot-password", {
      email: "ghost@example.com",
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe("If this email exists, a password reset link will be sent...");
    expect(await mailedTo(server, email)).toHaveLength(1);
    expect(await outboxFor(server, "ghost@example.com")).toHaveLength(0);
  });

  it("resets the password once with the mailed token, ends old sessions, and refuses reuse", async () => {
    const { client, email } = await signUp(server.url);
    await new Client(server.url).post("/api/auth/forgot-password", { email });
    const [mail] = await mailedTo(server, email);
    const token = resetTokenFrom(mail?.text_body ?? "");
    const stored = await server.services.db
      .selectFrom("password_reset_tokens")
      .select("id")
      .executeTakeFirstOrThrow();
    expect(stored.id).not.toBe(token);

    const reset = await new Client(server.url).post("/api/auth/reset-password", {
      token,
      newPassword: "brand new passphrase",
    });
    expect(reset.status).toBe(200);
    expect((await client.get("/api/auth/user")).status).toBe(401);
    const login = await new Client(server.url).post("/api/auth/login", {
      email,
      password: "brand new passphrase",
    });
    expect(login.status).toBe(200);

    const reuse = await new Client(server.url).post("/api/auth/reset-password", {
      token,
      newPassword: "yet another passphrase",
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toMatch(/invalid or has expired/);
  });

  it("refuses an expired token", async () => {
    const { email } = await signUp(server.url);
    await new Client(server.url).post("/api/auth/forgot-password", { email });
    const [mail] = await mailedTo(server, email);
    const token = resetTokenFrom(mail?.text_body ?? "");
    await server.services.db
      .updateTable("password_reset_tokens")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const res = await new Client(server.url).post("/api/auth/reset-password", {
      token,
      newPassword: "brand new passphrase",
    });
    expect(res.status).toBe(400);
    const old = await new Client(server.url).post("/api/auth/login", {
      email,
      password: "correct horse battery",
    });
    expect(old.status).toBe(200);
  });

  it.each([
    [{ newPassword: "long enough pw" }, "No reset token found in URL"],
    [{ token: "abc" }, "Both password fields are required"],
    [{ token: "abc", newPassword: "short" }, "Password must be at least 8 characters long"],
    [
      { token: "not-a-real-token", newPassword: "long enough pw" },
      "This reset link is invalid or has expired. Please request a new one.",
    ],
  ])("answers 400 for %j", async (payload, message) => {
    const res = await new Client(server.url).post("/api/auth/reset-password", payload);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
  });

  it("requires an email for forgot-password", async () => {
    const res = await new Client(server.url).post("/api/auth/forgot-password", {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Email is required" });
  });
});
