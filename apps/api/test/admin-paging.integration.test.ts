import { ensureAdmin } from "@parley/api";
import { seedUser } from "@parley/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestServer, type TestServer, trpcQuery } from "./harness";

let server: TestServer;
let admin: Client;
beforeAll(async () => {
  server = await startTestServer();
  await ensureAdmin(server.services.db, "pager@example.com", "pager passphrase 1");
  admin = new Client(server.url);
  await admin.post("/api/auth/login", { email: "pager@example.com", password: "pager passphrase 1" });
});
afterAll(async () => {
  await server?.close();
});

/** Users that share one sign-up instant, so only the id orders them. */
async function seedPagingUsers(count: number, createdAt: Date) {
  const users = [];
  for (let i = 0; i < count; i++) {
    users.push(await seedUser(server.services.db, { first_name: "Pagewalker", created_at: createdAt }));
  }
  return users;
}

type Page = { users: Array<{ id: string }>; total: number; nextCursor: string | null };

describe("the admin users list, page by page", () => {
  it("walks every matching user once by cursor, even when someone signs up between pages", async () => {
    const seeded = await seedPagingUsers(7, new Date("2026-03-01T10:00:00.123456Z"));
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await trpcQuery(admin, "admin.users", { search: "Pagewalker", limit: 3, cursor });
      expect(res.status).toBe(200);
      const page = res.body.result.data as Page;
      expect(page.total).toBeGreaterThanOrEqual(7);
      seen.push(...page.users.map((user) => user.id));
      cursor = page.nextCursor ?? undefined;
      // A newcomer lands at the top of the list: an offset would show someone twice; a cursor does not.
      if (pages === 0) await seedUser(server.services.db, { first_name: "Pagewalker" });
      pages += 1;
    } while (cursor && pages < 10);
    expect(new Set(seen).size).toBe(seen.length);
    for (const user of seeded) expect(seen).toContain(user.id);
  });

  it("pages the REST list with ?limit= and ?cursor=, and still answers old ?offset= callers", async () => {
    await seedPagingUsers(4, new Date("2026-02-01T08:00:00Z"));
    const all = await admin.get("/api/admin/users?search=Pagewalker");
    expect(all.status).toBe(200);
    const ids = (all.body as Array<{ id: string }>).map((user) => user.id);
    expect(new Set(ids).size).toBe(ids.length);

    const firstTwo = await admin.get("/api/admin/users?search=Pagewalker&limit=2");
    expect((firstTwo.body as Array<{ id: string }>).map((u) => u.id)).toEqual(ids.slice(0, 2));
    const byOffset = await admin.get("/api/admin/users?search=Pagewalker&limit=2&offset=2");
    expect((byOffset.body as Array<{ id: string }>).map((u) => u.id)).toEqual(ids.slice(2, 4));

    const page = (await trpcQuery(admin, "admin.users", { search: "Pagewalker", limit: 2 })).body.result
      .data as Page;
    const next = await admin.get(
      `/api/admin/users?search=Pagewalker&limit=2&cursor=${encodeURIComponent(page.nextCursor ?? "")}`,
    );
    expect((next.body as Array<{ id: string }>).map((u) => u.id)).toEqual(ids.slice(2, 4));
  });

  it("refuses a cursor it did not make with 400", async () => {
    const res = await admin.get("/api/admin/users?limit=2&cursor=not-a-cursor");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Invalid cursor" });
  });
});
