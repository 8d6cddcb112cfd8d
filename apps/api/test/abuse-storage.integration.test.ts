import { migrateToLatest, migrations } from "@parley/db/migrate";
import { createTestDb, seedUser } from "@parley/db/testing";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, ownerWithInterview, startTestServer, type TestServer, trpcMutation } from "./harness";
import { PNG } from "./images";

const PNG_BYTES = Buffer.from(PNG, "base64");
const dataUrl = (base64: string, type = "image/png") => `data:${type};base64,${base64}`;
/** A PNG of about `mb` megabytes: the real signature, then padding. */
const bigPng = (mb: number) =>
  Buffer.concat([PNG_BYTES, Buffer.alloc(Math.round(mb * 1024 * 1024) - PNG_BYTES.length, 1)]).toString(
    "base64",
  );
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
  "base64",
);

describe("interview images: capped, stored apart, served by address", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  const addImage = (client: Client, interviewId: number, url: string) =>
    trpcMutation(client, "participant.addImage", { interviewId, dataUrl: url });
  const imageCount = async (interviewId: number) =>
    (
      await server.services.db
        .selectFrom("interview_images")
        .select("id")
        .where("interview_id", "=", interviewId)
        .execute()
    ).length;

  it("keeps at most 10 images per interview under 15 parallel uploads", async () => {
    const { interviewId, participant } = await ownerWithInterview(server);
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => addImage(participant, interviewId, dataUrl(PNG))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 403);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.error.message).toContain("at most 10 images");
    expect(await imageCount(interviewId)).toBe(10);
  });

  it("keeps at most 30 MB of images per interview", async () => {
    const { interviewId, participant } = await ownerWithInterview(server);
    const eight = dataUrl(bigPng(8));
    for (let i = 0; i < 3; i += 1) {
      const added = await addImage(participant, interviewId, eight);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const fourth = await addImage(participant, interviewId, eight);
    expect(fourth.status).toBe(403);
    expect(fourth.body.error.message).toContain("30 MB");
    expect(await imageCount(interviewId)).toBe(3);
  });

  it("answers the share link with image addresses, not image data, and serves each to the grant and the owner only", async () => {
    const { owner, interviewId, participant } = await ownerWithInterview(server);
    const added = await addImage(participant, interviewId, dataUrl(bigPng(2)));
    expect(added.status).toBe(200);
    const { id, url } = added.body.result.data;
    expect(url).toBe(`/api/interviews/${interviewId}/images/${id}`);

    const share = await owner.client.get(`/api/interviews/${interviewId}`);
    const opened = await new Client(server.url).get(`/api/interviews/share/${share.body.shareLink}`);
    expect(opened.status).toBe(200);
    expect(opened.text.length).toBeLessThan(10_000);
    expect(opened.body.images).toEqual([{ id, url, description: null }]);

    for (const client of [participant, owner.client]) {
      const res = await fetch(`${server.url}${url}`, {
        headers: { cookie: client.cookieHeader() },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await res.arrayBuffer()).subarray(0, 8)).toEqual(PNG_BYTES.subarray(0, 8));
    }
    const other = await ownerWithInterview(server);
    expect((await other.participant.get(url)).status).toBe(404);
    expect((await other.owner.client.get(url)).status).toBe(404);
    expect((await new Client(server.url).get(url)).status).toBe(404);
  });

  it("accepts only PNG, JPEG, GIF or WebP by their bytes: SVG and non-images get a 4xx and nothing is stored", async () => {
    const { interviewId, participant } = await ownerWithInterview(server);
    const bad = [
      dataUrl(SVG, "image/svg+xml"),
      dataUrl(Buffer.from("%PDF-1.7 not an image").toString("base64")),
      dataUrl(Buffer.from("plain text").toString("base64"), "image/gif"),
    ];
    for (const url of bad) {
      const res = await addImage(participant, interviewId, url);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const analyzed = await participant.post("/api/ai/analyze-image", {
      interviewId,
      base64Image: dataUrl(SVG, "image/svg+xml"),
    });
    expect(analyzed.status).toBe(400);
    expect(await imageCount(interviewId)).toBe(0);
  });

  it("never serves an older upload that is not a raster image as an image", async () => {
    const { interviewId, participant } = await ownerWithInterview(server);
    const svg = Buffer.from(SVG, "base64");
    const row = await server.services.db
      .insertInto("interview_images")
      .values({
        interview_id: interviewId,
        url: null,
        data: svg,
        byte_size: svg.length,
        mime_type: "image/svg+xml",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const res = await fetch(`${server.url}/api/interviews/${interviewId}/images/${row.id}`, {
      headers: { cookie: participant.cookieHeader() },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
  });

  it("refuses a conversation save past 2 MB on both doors and keeps the saved conversation", async () => {
    const { interviewId, participant } = await ownerWithInterview(server);
    const first = await participant.post("/api/conversations", {
      interviewId,
      messages: [JSON.stringify({ role: "user", content: "Kept" })],
    });
    expect(first.status).toBe(201);
    const huge = Array.from({ length: 150 }, () => ({ role: "user", content: "z".repeat(19_000) }));
    const rest = await participant.post("/api/conversations", {
      interviewId,
      messages: huge.map((m) => JSON.stringify(m)),
    });
    expect(rest.status).toBe(413);
    expect(rest.body.message).toBe("Request body is too large");
    const trpc = await trpcMutation(participant, "participant.saveConversation", {
      interviewId,
      messages: huge,
    });
    expect(trpc.status).toBe(413);
    const stored = await participant.get(`/api/interviews/${interviewId}/conversation`);
    expect(stored.body.messages.map((m: string) => JSON.parse(m).content)).toEqual(["Kept"]);
  });

  it("refuses a picture put into a conversation message instead of uploaded", async () => {
    const { interviewId, participant } = await ownerWithInterview(server);
    const res = await participant.post("/api/conversations", {
      interviewId,
      messages: [JSON.stringify({ role: "user", content: "", imageData: dataUrl(bigPng(0.5)) })],
    });
    expect(res.status).toBe(400);
  });
});

describe("conversations and images saved before images moved out", () => {
  it("keep loading: data-URL images become image rows and messages hold their address", async () => {
    const handle = await createTestDb();
    const db = handle.db as unknown as Kysely<any>;
    try {
      // Undo the latest migration (images moved out) as the migrator would, then add old-style data.
      const latest = "2026_11_23_0012_abuse_limits";
      await migrations[latest]?.down?.(db);
      await db.deleteFrom("kysely_migration").where("name", "=", latest).execute();
      const owner = await seedUser(handle.db, { subscription_tier: "pro" });
      const project = await db
        .insertInto("projects")
        .values({ user_id: owner.id, title: "Old" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const interview = await db
        .insertInto("interviews")
        .values({ project_id: project.id, name: "Old", share_link: "old-link-000000000001" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const noted = await db
        .insertInto("interview_images")
        .values({ interview_id: interview.id, url: dataUrl(PNG), mime_type: "image/png", description: "map" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const gif = dataUrl(Buffer.from("GIF89a-old-picture").toString("base64"), "image/gif");
      await db
        .insertInto("conversations")
        .values({
          interview_id: interview.id,
          messages: JSON.stringify([
            { role: "ai", content: "Hello", timestamp: "2025-06-30T10:00:00.000Z" },
            { role: "user", type: "image", content: dataUrl(PNG), imageId: noted.id, timestamp: "t" },
            { role: "user", content: "see this", imageData: gif, analysis: "a chart", timestamp: "t" },
          ]),
        })
        .execute();

      await migrateToLatest(db);

      const images = await db
        .selectFrom("interview_images")
        .select(["id", "url", "mime_type", "byte_size", "description"])
        .where("interview_id", "=", interview.id)
        .orderBy("id")
        .execute();
      expect(images).toHaveLength(2);
      expect(images.every((i) => i.url === null && i.byte_size > 0)).toBe(true);
      expect(images[1]).toMatchObject({ mime_type: "image/gif", description: "a chart" });
      const { messages } = await db
        .selectFrom("conversations")
        .select("messages")
        .where("interview_id", "=", interview.id)
        .executeTakeFirstOrThrow();
      const address = (id: number) => `/api/interviews/${interview.id}/images/${id}`;
      expect(messages[1].content).toBe(address(noted.id));
      expect(messages[2].imageData).toBe(address(images[1]!.id));
      expect(JSON.stringify(messages)).not.toContain("data:image");
      const total = await sql<{ n: number }>`select count(*)::int as n from interview_images`.execute(db);
      expect(total.rows[0]!.n).toBe(2);
    } finally {
      await handle.close();
    }
  });
});
