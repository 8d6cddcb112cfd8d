import { ensureAdmin } from "@parley/api";
import { getUserByEmail } from "@parley/db/queries/users";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client, signUp, startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const outboxFor = (email: string) =>
  server.services.db
    .selectFrom("email_outbox")
    .select(["subject", "text_body"])
    .where("to_address", "=", email)
    .orderBy("id", "desc")
    .execute();

/** Reset emails are sent after the answer (a queued task): wait until one is in the outbox. */
const mailedTo = (email: string) =>
  vi.waitFor(
    async () => {
      const mails = await outboxFor(email);
      if (!mails.length) throw new Error(`no email to ${email} yet`);
      return mails;
    },
    { timeout: 5_000, interval: 20 },
  );

const resetTokenFrom = (text: string) => {
  const match = text.match(/reset-password\?token=([a-z0-9]+)/);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
};

describe("POST /api/auth/register", () => {
  it("creates the account, answers { user, token } and sets an HttpOnly session cookie", async () => {
    const client = new Client(server.url);
    const res = await client.post("/api/auth/register", {
      email: "Grace@Example.com",
      password: "a long enough password",
      firstName: "Grace",
      lastName: "Hopper",
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      email: "Grace@Example.com",
      firstName: "Grace",
      lastName: "Hopper",
      isAdmin: false,
      subscriptionTier: "free",
      subscriptionStatus: "active",
    });
    expect(res.body.token).toMatch(/^[a-z0-9]{40,}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon/i);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("session="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.email).toBe("Grace@Example.com");
  });

  it("refuses a duplicate email in any letter case with 409 and keeps one account", async () => {
    await signUp(server.url, { email: "dup@example.com" });
    const res = await new Client(server.url).post("/api/auth/register", {
      email: "DUP@example.COM",
      password: "another long password",
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("An account with this email already exists");
    const { count } = await server.services.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where(sql`lower(email)`, "=", "dup@example.com")
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1);
  });

  it.each([
    [{}, "Email and password are required"],
    [{ email: "a@b.co" }, "Email and password are required"],
    [{ password: "longpassword" }, "Email and password are required"],
    [{ email: "  ", password: "longpassword" }, "Email and password are required"],
    [{ email: "a@b.co", password: "short" }, "Password must be at least 8 characters long"],
    [{ email: "not-an-email", password: "longpassword" }, "Please enter a valid email address"],
    [{ email: 42, password: "longpassword" }, "Email and password are required"],
    [{ email: "a@b.co", password: ["x"] }, "Email and password are required"],
    [{ email: "a@b.co", password: "x".repeat(257) }, "Password must be at most 256 characters long"],
    [
      { email: "a@b.co", password: "password123" },
      "This password is too common. Please choose a less guessable one.",
    ],
  ])("answers 400 for %j with a clear message and creates nothing", async (payload, message) => {
    const before = await server.services.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const res = await new Client(server.url).post("/api/auth/register", payload);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    const after = await server.services.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("stores SQL and markup in names literally", async () => {
    const firstName = "Robert'); DROP TABLE users;--";
    const lastName = "<script>alert(1)</script>";
    const { client } = await signUp(server.url, { firstName, lastName });
    const me = await client.get("/api/auth/user");
    expect(me.body.firstName).toBe(firstName);
    expect(me.body.lastName).toBe(lastName);
  });
});

describe("POST /api/auth/login and the session", () => {
  it("signs in with the right password, by cookie or by Bearer token", async () => {
    const { email, password } = await signUp(server.url);
    const client = new Client(server.url);
    const res = await client.post("/api/auth/login", { email: email.toUpperCase(), password });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
    expect((await client.get("/api/auth/user")).status).toBe(200);

    const bearerOnly = new Client(server.url);
    bearerOnly.bearer = res.body.token;
    const me = await bearerOnly.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
  });

  it("answers 401 'Invalid email or password' for a wrong password or an unknown email", async () => {
    const { email } = await signUp(server.url);
    const wrong = await new Client(server.url).post("/api/auth/login", {
      email,
      password: "wrong password!",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Invalid email or password" });
    const unknown = await new Client(server.url).post("/api/auth/login", {
      email: "nobody@example.com",
      password: "whatever123",
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: "Invalid email or password" });
  });

  it("answers 400 'Email and password are required' when a field is missing", async () => {
    const res = await new Client(server.url).post("/api/auth/login", { email: "a@b.co" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Email and password are required" });
  });

  it("GET /api/auth/user answers 401 when signed out, and for a forged token", async () => {
    expect((await new Client(server.url).get("/api/auth/user")).status).toBe(401);
    const forged = new Client(server.url);
    forged.bearer = "a".repeat(52);
    const res = await forged.get("/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Not signed in" });
  });

  it("GET /api/logout ends the session and redirects to /", async () => {
    const { client, token } = await signUp(server.url);
    const res = await client.get("/api/logout");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect((await client.get("/api/auth/user")).status).toBe(401);
    const reuse = new Client(server.url);
    reuse.bearer = token;
    expect((await reuse.get("/api/auth/user")).status).toBe(401);
  });

  it("also works through the tRPC door", async () => {
    const { client } = await signUp(server.url, { firstName: "Trpc" });
    const res = await client.get("/trpc/auth.me");
    expect(res.status).toBe(200);
    expect(res.body.result.data.firstName).toBe("Trpc");
    const anonymous = await new Client(server.url).get("/trpc/auth.me");
    expect(anonymous.body.result.data).toBeNull();
  });
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
    expect(await mailedTo(email)).toHaveLength(1);
    expect(await outboxFor("ghost@example.com")).toHaveLength(0);
  });

  it("resets the password once with the mailed token, ends old sessions, and refuses reuse", async () => {
    const { client, email } = await signUp(server.url);
    await new Client(server.url).post("/api/auth/forgot-password", { email });
    const [mail] = await mailedTo(email);
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
    const [mail] = await mailedTo(email);
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

describe("DELETE /api/auth/delete-account", () => {
  it("needs confirmDelete: true", async () => {
    const { client } = await signUp(server.url);
    for (const payload of [undefined, {}, { confirmDelete: false }, { confirmDelete: "true" }]) {
      const res = await client.delete("/api/auth/delete-account", payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("confirmDelete must be true to delete the account");
    }
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });

  it("deletes the account and everything it owns, and signs out", async () => {
    const { client, user, email, password } = await signUp(server.url);
    const { db } = server.services;
    const project = await db
      .insertInto("projects")
      .values({ user_id: user.id, title: "Doomed" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("interviews")
      .values({ project_id: project.id, name: "Ann", share_link: `link-${Date.now()}` })
      .execute();

    const res = await client.delete("/api/auth/delete-account", { confirmDelete: true });
    expect(res.status).toBe(200);
    expect((await client.get("/api/auth/user")).status).toBe(401);
    expect(await getUserByEmail(db, email)).toBeUndefined();
    const left = await db.selectFrom("projects").select("id").where("id", "=", project.id).execute();
    expect(left).toHaveLength(0);
    const interviews = await db
      .selectFrom("interviews")
      .select("id")
      .where("project_id", "=", project.id)
      .execute();
    expect(interviews).toHaveLength(0);
    const login = await new Client(server.url).post("/api/auth/login", { email, password });
    expect(login.status).toBe(401);
  });

  it("answers 401 when signed out", async () => {
    const res = await new Client(server.url).delete("/api/auth/delete-account", { confirmDelete: true });
    expect(res.status).toBe(401);
  });
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

describe("admin bootstrap", () => {
  it("creates the ADMIN_EMAIL user as an admin, and promotes an existing one", async () => {
    const { db } = server.services;
    await ensureAdmin(db, "root@example.com", "admin password 1");
    const login = await new Client(server.url).post("/api/auth/login", {
      email: "root@example.com",
      password: "admin password 1",
    });
    expect(login.body.user.isAdmin).toBe(true);

    const { email } = await signUp(server.url);
    await ensureAdmin(db, email, "admin password 2");
    expect((await getUserByEmail(db, email))?.is_admin).toBe(true);
  });
});
