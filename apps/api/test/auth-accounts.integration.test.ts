import { ensureAdmin } from "@parley/api";
import { getUserByEmail } from "@parley/db/queries/users";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, signUp, startTestServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

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
