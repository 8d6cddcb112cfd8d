import type { DbHandle } from "@parley/db/client";
import type { User } from "@parley/db/schema";
import { createTestDb, seedUser } from "@parley/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "./context";
import { createCaller } from "./root";
import { contextFor, createTestServices, refusal } from "./testing";

let handle: DbHandle;
let services: Services;
beforeAll(async () => {
  handle = await createTestDb();
  services = createTestServices(handle.db);
});
afterAll(async () => {
  await handle?.close();
});

const callerFor = async (user?: User) => createCaller(await contextFor(services, user));

async function signedIn(overrides: Parameters<typeof seedUser>[1] = {}) {
  const user = await seedUser(services.db, {
    subscription_tier: "pro",
    subscription_status: "active",
    ...overrides,
  });
  return { user, caller: await callerFor(user) };
}

const notFound = (what: string) => ({
  code: "NOT_FOUND",
  status: 404,
  body: { message: `${what} not found` },
});

describe("workspace procedures through createCaller", () => {
  it("creates, lists and reads a project for its owner", async () => {
    const { user, caller } = await signedIn();
    const created = await caller.projects.create({
      title: "Clinic booking",
      objective: "Fewer no-shows",
      targetAudience: "Patients",
    });
    expect(created).toMatchObject({
      userId: user.id,
      title: "Clinic booking",
      objective: "Fewer no-shows",
      targetAudience: "Patients",
      status: "in_progress",
    });
    expect(await caller.projects.list()).toEqual([created]);
    expect(await caller.projects.get({ id: created.id })).toEqual(created);

    const interview = await caller.interviews.create({ projectId: created.id, name: "Ann" });
    expect(interview).toMatchObject({
      projectId: created.id,
      name: "Ann",
      status: "scheduled",
      selected: true,
    });
    expect(await caller.interviews.listByProject({ projectId: created.id })).toEqual([interview]);
  });

  it("answers NOT_FOUND to another owner's project and everything under it, and changes nothing", async () => {
    const { caller: owner } = await signedIn();
    const project = await owner.projects.create({ title: "Clinic booking" });
    const interview = await owner.interviews.create({ projectId: project.id, name: "Ann" });
    const { id: epicId } = await owner.requirements.addEpic({ projectId: project.id, name: "Booking" });

    const { caller: other } = await signedIn();
    const ownProject = await other.projects.create({ title: "Mine" });
    const projectId = project.id;
    expect(await refusal(other.projects.get({ id: projectId }))).toEqual(notFound("Project"));
    expect(await refusal(other.projects.update({ id: projectId, title: "Hijacked" }))).toEqual(
      notFound("Project"),
    );
    expect(await refusal(other.projects.delete({ id: projectId }))).toEqual(notFound("Project"));
    expect(await refusal(other.interviews.listByProject({ projectId }))).toEqual(notFound("Project"));
    expect(await refusal(other.interviews.create({ projectId, name: "Intruder" }))).toEqual(
      notFound("Project"),
    );
    expect(await refusal(other.interviews.get({ id: interview.id }))).toEqual(notFound("Interview"));
    expect(await refusal(other.documents.list({ projectId }))).toEqual(notFound("Project"));
    expect(
      await refusal(
        other.documents.create({
          projectId: ownProject.id,
          title: "Ann - Documentation",
          content: "x",
          interviewIds: [interview.id],
        }),
      ),
    ).toEqual(notFound("Interview"));
    expect(await refusal(other.requirements.get({ projectId }))).toEqual(notFound("Project"));
    expect(await refusal(other.requirements.updateEpic({ id: epicId, name: "Renamed" }))).toEqual(
      notFound("Epic"),
    );
    expect(await refusal(other.chat.history({ projectId }))).toEqual(notFound("Project"));

    expect(await owner.projects.get({ id: projectId })).toEqual(project);
    expect(await owner.interviews.get({ id: interview.id })).toEqual(interview);
    expect((await owner.requirements.get({ projectId })).epics.map((e) => e.name)).toEqual(["Booking"]);
    expect(await other.documents.list({ projectId: ownProject.id })).toEqual([]);
  });

  it("turns zod failures into BAD_REQUEST with the first problem in words, and writes nothing", async () => {
    const { caller } = await signedIn();
    const project = await caller.projects.create({ title: "Clinic booking" });
    const badRequest = (message: string) => ({ code: "BAD_REQUEST", status: 400, body: { message } });

    expect(await refusal(caller.projects.create({ title: "  " }))).toEqual(badRequest("Title is required"));
    expect(await refusal(caller.projects.create({} as never))).toEqual(badRequest("Title is required"));
    expect(await refusal(caller.projects.get({ id: -1 }))).toEqual(badRequest("Invalid id"));
    expect(
      await refusal(caller.interviews.create({ projectId: project.id, name: "Bo", status: "done" as never })),
    ).toEqual(
      badRequest(
        "Status must be one of: pending, scheduled, in_progress, completed, cancelled, updated_by_user",
      ),
    );
    expect(await refusal(caller.requirements.addEpic({ projectId: project.id, name: " " }))).toEqual(
      badRequest("Epic name required"),
    );
    expect(
      await refusal(caller.documents.create({ projectId: project.id, title: "t", content: 5 as never })),
    ).toEqual(badRequest("Content is required"));

    expect(await caller.projects.list()).toEqual([project]);
    expect(await caller.interviews.listByProject({ projectId: project.id })).toEqual([]);
    expect(await caller.documents.list({ projectId: project.id })).toEqual([]);
  });

  it("answers UNAUTHORIZED without a session", async () => {
    const anonymous = await callerFor();
    expect(await refusal(anonymous.projects.list())).toEqual({
      code: "UNAUTHORIZED",
      status: 401,
      body: { message: "Not signed in" },
    });
  });

  it("lets a canceled owner read but refuses creation with FORBIDDEN and upgradeRequired", async () => {
    const { user, caller } = await signedIn();
    const project = await caller.projects.create({ title: "Clinic booking" });
    await services.db
      .updateTable("users")
      .set({ subscription_status: "canceled" })
      .where("id", "=", user.id)
      .execute();
    const canceled = await callerFor(user);

    expect(await canceled.projects.get({ id: project.id })).toEqual(project);
    expect((await canceled.requirements.get({ projectId: project.id })).requirements).toBe("");
    const refused = await refusal(canceled.requirements.addEpic({ projectId: project.id, name: "Booking" }));
    expect(refused).toMatchObject({ code: "FORBIDDEN", status: 403, body: { upgradeRequired: true } });
    expect(refused.body.message).toMatch(/subscription/);
    expect((await refusal(canceled.projects.create({ title: "Another" }))).code).toBe("FORBIDDEN");
    expect((await canceled.requirements.get({ projectId: project.id })).epics).toEqual([]);
  });

  it("refuses a second project this month on the free plan with 'Project limit reached'", async () => {
    const { caller } = await signedIn({ subscription_tier: "free" });
    await caller.projects.create({ title: "First" });
    const refused = await refusal(caller.projects.create({ title: "Second" }));
    expect(refused).toMatchObject({ code: "FORBIDDEN", status: 403, body: { upgradeRequired: true } });
    expect(refused.body.message).toMatch(/^Project limit reached/);
    expect(await caller.projects.list()).toHaveLength(1);
  });
});
