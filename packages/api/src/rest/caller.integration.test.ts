import { TTS_UNAVAILABLE } from "@parley/ai/errors";
import type { DbHandle } from "@parley/db/client";
import type { User } from "@parley/db/schema";
import { createTestDb, seedUser } from "@parley/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Services } from "../context";
import { type Caller, createCaller } from "../root";
import { contextFor, createTestServices, refusal } from "../testing";
import { createRestCaller } from "./caller";

// The REST door's caller runs the procedures without tRPC's createCaller: these tests hold the two
// to the same answers, the same refusals (code, status, message) and the same changes.

let handle: DbHandle;
let services: Services;
beforeAll(async () => {
  handle = await createTestDb();
  services = createTestServices(handle.db);
});
afterAll(async () => {
  await handle?.close();
});

/** Both callers for the same user: tRPC's and the REST door's. */
async function callers(user?: User): Promise<Array<[string, Caller]>> {
  const ctx = await contextFor(services, user);
  return [
    ["tRPC createCaller", createCaller(ctx)],
    ["REST caller", createRestCaller(ctx)],
  ];
}

const proUser = () => seedUser(services.db, { subscription_tier: "pro", subscription_status: "active" });

describe("the REST door's caller", () => {
  it("answers what tRPC's caller answers, signed in and signed out", async () => {
    const user = await proUser();
    const [[, trpc], [, rest]] = (await callers(user)) as [[string, Caller], [string, Caller]];
    const me = await rest.auth.me();
    expect(me).toMatchObject({ id: user.id, email: user.email, subscriptionTier: "pro" });
    expect(me).toEqual(await trpc.auth.me());

    const created = await rest.projects.create({ title: "Clinic booking", objective: "Fewer no-shows" });
    expect(await trpc.projects.get({ id: created.id })).toEqual(created);
    expect(await rest.projects.list()).toEqual(await trpc.projects.list());

    for (const [, caller] of await callers()) expect(await caller.auth.me()).toBeNull();
  });

  it("refuses as tRPC's caller refuses: signed out, bad input, another owner's id, admin only", async () => {
    const owner = await proUser();
    const [, ownerCaller] = (await callers(owner))[0] as [string, Caller];
    const project = await ownerCaller.projects.create({ title: "Owner's", objective: "Theirs" });
    const other = await proUser();

    for (const [name, caller] of await callers()) {
      expect(await refusal(caller.projects.list()), name).toEqual({
        code: "UNAUTHORIZED",
        status: 401,
        body: { message: "Not signed in" },
      });
    }
    const results = [];
    for (const [, caller] of await callers(other)) {
      results.push({
        badInput: await refusal(caller.projects.create({ title: "", objective: "x" })),
        notFound: await refusal(caller.projects.get({ id: project.id })),
        admin: await refusal(caller.admin.stats()),
      });
    }
    const [fromTrpc, fromRest] = results;
    expect(fromRest).toEqual(fromTrpc);
    expect(fromRest?.badInput).toMatchObject({ code: "BAD_REQUEST", status: 400 });
    expect(fromRest?.notFound).toEqual({
      code: "NOT_FOUND",
      status: 404,
      body: { message: "Project not found" },
    });
    expect(fromRest?.admin).toEqual({
      code: "FORBIDDEN",
      status: 403,
      body: { message: "Admin access required" },
    });
    // Nothing was written by the refused calls.
    const titles = await services.db
      .selectFrom("projects")
      .select("title")
      .where("user_id", "=", other.id)
      .execute();
    expect(titles).toEqual([]);
  });

  it("keeps the upgrade flag of a canceled subscription and the status of an AI engine refusal", async () => {
    const canceled = await seedUser(services.db, {
      subscription_tier: "basic",
      subscription_status: "canceled",
    });
    const refusals = [];
    for (const [, caller] of await callers(canceled)) {
      refusals.push(await refusal(caller.projects.create({ title: "New", objective: "x" })));
    }
    expect(refusals[1]).toEqual(refusals[0]);
    expect(refusals[1]).toMatchObject({ code: "FORBIDDEN", status: 403, body: { upgradeRequired: true } });

    // Speech synthesis without an OpenAI key: the engine's 503, through both callers.
    const user = await proUser();
    const speech = [];
    for (const [, caller] of await callers(user))
      speech.push(await refusal(caller.ai.tts({ text: "Hello" })));
    expect(speech[1]).toEqual(speech[0]);
    expect(speech[1]).toMatchObject({ status: 503, body: { message: TTS_UNAVAILABLE } });
  });
});
