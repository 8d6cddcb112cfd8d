import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "./client";
import { insertOutboxEmail, markEmailSent } from "./queries/email-outbox";
import { ping } from "./queries/health";
import { getActiveModelConfiguration, insertModelConfiguration } from "./queries/model-configurations";
import { getInterviewAccessRow, hasLiveGrant, insertGrant } from "./queries/participant";
import { insertProject } from "./queries/projects";
import { appendTurns } from "./queries/turns";
import { listDueUsagePeriods } from "./queries/usage-periods";
import { getUserIdByOidcSubject, linkOidcSubject } from "./queries/users";
import { createTestDb, seedInterview, seedUser } from "./testing";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

describe("the readiness ping", () => {
  it("answers while the database is reachable", async () => {
    await expect(ping(handle.db)).resolves.toBeUndefined();
  });
});

describe("the active model of a component", () => {
  it("is the newest active configuration; inactive ones are ignored", async () => {
    const { db } = handle;
    const add = (modelName: string, isActive: boolean) =>
      insertModelConfiguration(db, {
        componentName: "prompt_creator",
        modelName,
        description: null,
        configuration: '{"temperature":0.2}',
        isActive,
      });
    await add("older-active", true);
    await add("newest-inactive", false);
    const newest = await add("newest-active", true);
    // Same updated_at: the higher id wins.
    await db.updateTable("model_configurations").set({ updated_at: newest.updated_at }).execute();
    expect(await getActiveModelConfiguration(db, "prompt_creator")).toEqual({
      model_name: "newest-active",
      configuration: '{"temperature":0.2}',
    });
  });
});

describe("participant access", () => {
  it("opens an interview only with its own grant, and only until the grant expires", async () => {
    const { db } = handle;
    const owner = await seedUser(db);
    const project = await insertProject(db, owner.id, { title: "Clinic booking" });
    const interview = (name: string) => seedInterview(db, project.id, { name });
    const [dana, lee] = [await interview("Dana"), await interview("Lee")];
    await insertGrant(db, { id: "live", interviewId: dana.id, expiresAt: new Date(Date.now() + 60_000) });
    await insertGrant(db, { id: "expired", interviewId: dana.id, expiresAt: new Date(Date.now() - 1000) });

    expect(await hasLiveGrant(db, "live", dana.id)).toBe(true);
    expect(await hasLiveGrant(db, "live", lee.id)).toBe(false);
    expect(await hasLiveGrant(db, "expired", dana.id)).toBe(false);
    expect(await getInterviewAccessRow(db, dana.id)).toMatchObject({
      id: dana.id,
      project_id: project.id,
      share_link: dana.share_link,
      user_id: owner.id,
    });
    expect(await getInterviewAccessRow(db, lee.id + 1000)).toBeUndefined();
  });
});

describe("a participant's answer stored with its conversation", () => {
  it("makes the conversation in the same statement once, and writes a repeated answer once", async () => {
    const { db } = handle;
    const owner = await seedUser(db);
    const project = await insertProject(db, owner.id, { title: "Depot routes" });
    const interview = await seedInterview(db, project.id, { name: "Dana" });
    const conversations = () =>
      db.selectFrom("conversations").select("id").where("interview_id", "=", interview.id).execute();
    const answer = { role: "user" as const, content: "We plan every route by hand.", clientKey: "a:1" };
    expect(await conversations()).toHaveLength(0);
    const [first] = await appendTurns(db, interview.id, [answer], { openConversation: true });
    expect(first).toMatchObject({ role: "user", content: answer.content, client_key: "a:1" });
    expect(await conversations()).toHaveLength(1);
    // Again (a retry): nothing new, the one conversation kept.
    expect(await appendTurns(db, interview.id, [answer], { openConversation: true })).toEqual([]);
    const [second] = await appendTurns(db, interview.id, [{ ...answer, clientKey: "a:2" }], {
      openConversation: true,
    });
    expect(second!.id).toBeGreaterThan(first!.id);
    expect(await conversations()).toHaveLength(1);
    // Nothing to add still makes sure the conversation exists.
    const other = await seedInterview(db, project.id, { name: "Lee" });
    expect(await appendTurns(db, other.id, [], { openConversation: true })).toEqual([]);
    expect(
      await db.selectFrom("conversations").select("id").where("interview_id", "=", other.id).execute(),
    ).toHaveLength(1);
  });
});

describe("OpenID Connect accounts", () => {
  it("link a subject to the account with that email in any letter case, unless it has another subject", async () => {
    const { db } = handle;
    const user = await seedUser(db, { email: `Mixed.Case-${randomUUID().slice(0, 8)}@Example.com` });
    const linked = await seedUser(db, { oidc_subject: "first-subject" });

    expect(await linkOidcSubject(db, { email: user.email.toUpperCase(), subject: "new-subject" })).toEqual({
      id: user.id,
    });
    expect(await getUserIdByOidcSubject(db, "new-subject")).toEqual({ id: user.id });
    expect(await linkOidcSubject(db, { email: linked.email, subject: "second-subject" })).toBeUndefined();
    expect(await getUserIdByOidcSubject(db, "first-subject")).toEqual({ id: linked.id });
    expect(await getUserIdByOidcSubject(db, "second-subject")).toBeUndefined();
  });
});

describe("the email outbox", () => {
  it("keeps a message unsent until it is marked sent", async () => {
    const { db } = handle;
    const id = await insertOutboxEmail(db, { to: "dana@example.com", subject: "Reset", text: "Link" });
    const row = () =>
      db.selectFrom("email_outbox").select(["to_address", "sent_at"]).where("id", "=", id).executeTakeFirst();
    expect(await row()).toEqual({ to_address: "dana@example.com", sent_at: null });
    await markEmailSent(db, id);
    expect((await row())?.sent_at).toBeInstanceOf(Date);
  });
});

describe("due usage periods", () => {
  it("lists the users whose period has ended, the longest overdue first, up to the limit", async () => {
    const { db } = handle;
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const lastWeek = await seedUser(db, { usage_reset_date: daysAgo(7) });
    const lastMonth = await seedUser(db, { usage_reset_date: daysAgo(30) });
    const nextWeek = await seedUser(db, { usage_reset_date: daysAgo(-7) });
    const yesterday = await seedUser(db, { usage_reset_date: daysAgo(1) });
    const due = (await listDueUsagePeriods(db, now, 100)).map((u) => u.id);
    expect(due).not.toContain(nextWeek.id);
    const ours = [lastWeek.id, lastMonth.id, yesterday.id];
    expect(due.filter((id) => ours.includes(id))).toEqual([lastMonth.id, lastWeek.id, yesterday.id]);
    expect(await listDueUsagePeriods(db, now, 1)).toHaveLength(1);
  });
});
