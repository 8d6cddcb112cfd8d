import type { DbHandle } from "@parley/db/client";
import type { User } from "@parley/db/schema";
import { createTestDb, seedUser } from "@parley/db/testing";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Context, Services } from "../context";
import { toHttpError } from "../errors";
import { appRouter, type Caller, createCaller } from "../root";
import { contextFor, createTestServices } from "../testing";
import { checked, createCallerFactory, publicProcedure, router } from "../trpc";
import { leanCallerFactory } from "./caller";

// The REST door's lean caller runs the procedures' own middlewares, parsers and resolvers without
// tRPC's createCaller (docs/decisions.md "REST caller held to tRPC"). These tests run EVERY procedure of
// the router through both callers and compare what comes back, so a tRPC upgrade that changes how
// procedures are called fails here rather than in production.

let handle: DbHandle;
let services: Services;
beforeAll(async () => {
  handle = await createTestDb();
  services = createTestServices(handle.db);
});
afterAll(async () => {
  await handle?.close();
});

const lean = leanCallerFactory<Caller>(appRouter);
const PATHS = Object.keys(appRouter._def.procedures).sort();

type Who = "signed out" | "owner" | "admin";

/** A fresh context per call, so one caller's side effects never change what the other sees. */
async function freshContext(who: Who): Promise<Context> {
  if (who === "signed out") return contextFor(services);
  const user: User = await seedUser(services.db, {
    subscription_tier: "pro",
    subscription_status: "active",
    is_admin: who === "admin",
  });
  return contextFor(services, user);
}

/** What a user would notice of an answer: the refusal exactly, or the shape of a success. */
function shapeOf(value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (Array.isArray(value)) return "array";
  if (value instanceof Uint8Array) return "bytes";
  if (typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, typeof field]));
  return typeof value;
}

async function outcome(call: () => Promise<unknown>) {
  try {
    return { ok: true, shape: shapeOf(await call()) };
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    return { ok: false, code: (error as TRPCError).code, ...toHttpError(error) };
  }
}

async function viaBoth(path: string, input: unknown, context: () => Promise<Context>) {
  const fromTrpc = await outcome(async () => {
    const ctx = await context();
    const [namespace = "", name = ""] = path.split(".");
    const methods = (createCaller(ctx) as unknown as Record<string, Record<string, (i: unknown) => unknown>>)[
      namespace
    ];
    return methods?.[name]?.(input);
  });
  const fromLean = await outcome(async () => lean.call(await context(), path, input));
  return { fromTrpc, fromLean };
}

const INPUTS: Array<[string, unknown]> = [
  ["no input", undefined],
  ["an empty object", {}],
  ["a string", "not an object"],
  ["a negative id", { id: -1, projectId: -1, interviewId: -1 }],
];

describe("the lean REST caller answers as tRPC's createCaller, for every procedure", () => {
  it("covers the whole router", () => {
    expect(PATHS.length).toBeGreaterThan(80);
  });

  for (const who of ["signed out", "owner", "admin"] as const) {
    it.each(PATHS)(`%s, ${who}: same answer or same refusal for each kind of input`, async (path) => {
      for (const [label, input] of INPUTS) {
        const { fromTrpc, fromLean } = await viaBoth(path, input, () => freshContext(who));
        expect(fromLean, `${path} with ${label}`).toEqual(fromTrpc);
      }
    });
  }

  it.each(PATHS.filter((path) => path.startsWith("participant.")))(
    "%s through a participant's share-link grant: same answer or refusal",
    async (path) => {
      /** A fresh interview of a fresh owner, opened by a participant sending its share link. */
      const participantContext = async () => {
        const owner = await seedUser(services.db, {
          subscription_tier: "pro",
          subscription_status: "active",
        });
        const ownerCaller = createCaller(await contextFor(services, owner));
        const project = await ownerCaller.projects.create({ title: "Clinic", objective: "Fewer no-shows" });
        const interview = await ownerCaller.interviews.create({ projectId: project.id, name: "Nurse" });
        const ctx = await contextFor(services);
        ctx.req.headers["x-share-link"] = interview.shareLink;
        return Object.assign(ctx, { interviewId: interview.id, shareLink: interview.shareLink });
      };
      for (const input of [
        (c: { interviewId: number; shareLink: string }) => ({
          interviewId: c.interviewId,
          shareLink: c.shareLink,
        }),
        (c: { interviewId: number }) => ({ interviewId: c.interviewId, conversationId: "x" }),
        () => ({ interviewId: 2 ** 30 }),
      ]) {
        const runs = [];
        for (const run of ["trpc", "lean"] as const) {
          const ctx = await participantContext();
          const call = () =>
            run === "lean"
              ? lean.call(ctx, path, input(ctx))
              : (createCaller(ctx) as unknown as Record<string, Record<string, (i: unknown) => unknown>>)[
                  path.split(".")[0] ?? ""
                ]?.[path.split(".")[1] ?? ""]?.(input(ctx));
          runs.push(await outcome(async () => call()));
        }
        expect(runs[1], path).toEqual(runs[0]);
      }
    },
  );
});

describe("the lean caller runs middlewares as tRPC does", () => {
  const seen: Record<string, Array<Record<string, unknown>>> = { trpc: [], lean: [] };
  let current: "trpc" | "lean" = "trpc";
  const spied = publicProcedure.use(async (options) => {
    const { ctx: _ctx, next: _next, getRawInput: _raw, input: _input, ...plain } = options;
    seen[current]?.push({
      keys: Object.keys(options).sort(),
      ...plain,
      rawInput: await options.getRawInput(),
    });
    return options.next({ ctx: { fromMiddleware: "added" } });
  });
  const spyRouter = router({
    spy: {
      echo: spied
        .meta({ label: "echo" })
        .input(z.object({ n: z.number() }))
        .output(checked(z.object({ n: z.number(), added: z.string() })))
        .query(({ ctx, input }) => ({ n: input.n, added: ctx.fromMiddleware })),
      write: spied.input(z.object({ text: z.string() })).mutation(({ input }) => input.text.length),
      // A resolver whose answer breaks its own output check (the types are bypassed on purpose).
      badOutput: spied
        .output(checked(z.object({ n: z.number() })))
        .query(() => ({ n: "not a number" }) as unknown as { n: number }),
      badOutputSchema: spied
        .output(z.object({ n: z.number() }))
        .query(() => ({ n: "not a number" }) as unknown as { n: number }),
      throws: spied.query(() => {
        throw new Error("boom");
      }),
    },
  });
  const trpcCaller = createCallerFactory(spyRouter);
  const leanSpy = leanCallerFactory<ReturnType<typeof trpcCaller>>(spyRouter);

  async function both(path: string, input: unknown) {
    const ctx = await contextFor(services);
    current = "trpc";
    const [namespace = "", name = ""] = path.split(".");
    const fromTrpc = await outcome(async () =>
      (trpcCaller(ctx) as unknown as Record<string, Record<string, (i: unknown) => unknown>>)[namespace]?.[
        name
      ]?.(input),
    );
    current = "lean";
    const fromLean = await outcome(() => leanSpy.call(ctx, path, input));
    return { fromTrpc, fromLean };
  }

  it("hands a middleware the same option keys and values, and passes its context on", async () => {
    for (const [path, input] of [
      ["spy.echo", { n: 3 }],
      ["spy.write", { text: "four" }],
      ["spy.echo", { n: "three" }],
    ] as const) {
      const { fromTrpc, fromLean } = await both(path, input);
      expect(fromLean, path).toEqual(fromTrpc);
    }
    expect(seen.lean).toEqual(seen.trpc);
    expect(seen.trpc?.[0]).toMatchObject({ path: "spy.echo", type: "query", meta: { label: "echo" } });
    expect(seen.trpc?.[0]?.keys).toContain("next");
    const answer = await leanSpy.createCaller(await contextFor(services)).spy.echo({ n: 5 });
    expect(answer).toEqual({ n: 5, added: "added" });
  });

  it("fails an answer that does not fit the output check the same way, and a thrown error too", async () => {
    for (const path of ["spy.badOutput", "spy.badOutputSchema", "spy.throws"]) {
      const { fromTrpc, fromLean } = await both(path, undefined);
      expect(fromTrpc.ok, path).toBe(false);
      expect(fromLean, path).toEqual(fromTrpc);
    }
    const { fromLean } = await both("spy.badOutput", undefined);
    expect(fromLean).toMatchObject({ code: "INTERNAL_SERVER_ERROR" });
  });
});
