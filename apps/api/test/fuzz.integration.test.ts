/**
 * A few thousand generated bad inputs (wrong types, bounds, huge numbers, NUL, lone surrogates, deep
 * nesting, long strings, wrong content types, bad JSON) to every documented REST path and every tRPC
 * procedure, as anonymous, participant, owner and admin. No answer may be a 500 (nor any 5xx but the
 * 503 of speech without an API key), every answer is JSON with a message, and /api/health stays up.
 * The generator is seeded (FUZZ_SEED, default 12), so a failure is repeatable.
 */
import { appRouter } from "@parley/api";
import { restRoutes } from "@parley/api/rest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BAD_VALUES,
  bodyFor,
  defOf,
  FIELD_POISONS,
  generator,
  type Ids,
  PATH_VALUES,
  type Probe,
  plausible,
  type Random,
  value,
} from "./fuzz-inputs";
import { Client, ownerWithInterview, signUp, startTestServer, type TestServer } from "./harness";

const SEED = Number(process.env.FUZZ_SEED ?? 12);
/** Requests per REST route and per tRPC procedure and identity. */
const PER_TARGET = Number(process.env.FUZZ_PER_TARGET ?? 6);
const PARALLEL = 6;

let server: TestServer;
let identities: Array<{ name: string; client: Client }>;
let ids: Ids;
const keySchemas = new Map<string, unknown>();

beforeAll(async () => {
  server = await startTestServer();
  const { owner, participant, projectId, interviewId } = await ownerWithInterview(server);
  const admin = await signUp(server.url);
  await server.services.db
    .updateTable("users")
    .set({ is_admin: true })
    .where("id", "=", admin.user.id)
    .execute();
  const interview = await owner.client.get(`/api/interviews/${interviewId}`);
  await participant.post("/api/conversations", {
    interviewId,
    messages: [
      JSON.stringify({ role: "ai", content: "Hello" }),
      JSON.stringify({ role: "user", content: "Hi" }),
    ],
  });
  identities = [
    { name: "anonymous", client: new Client(server.url) },
    { name: "participant", client: participant },
    { name: "owner", client: owner.client },
    { name: "admin", client: admin.client },
  ];
  ids = {
    numbers: [projectId, interviewId, 1, 2, 3],
    strings: [interview.body.shareLink as string, owner.user.id as string, "nope"],
  };
  for (const procedure of Object.values(procedures())) {
    for (const input of procedure._def.inputs ?? []) {
      for (const [key, schema] of Object.entries(defOf(input).shape ?? {})) keySchemas.set(key, schema);
    }
  }
});
afterAll(async () => {
  await server?.close();
});

type ProcedureInternals = { _def: { type: string; inputs?: unknown[] } };
const procedures = () => appRouter._def.procedures as unknown as Record<string, ProcedureInternals>;

/** The calls that end the caller's session, account or subscription. */
const endsSession = (path: string) => /logout|delete-account|deleteAccount|cancel/i.test(path);

interface Answer {
  probe: Probe;
  who: string;
  status: number;
  text: string;
}

async function send(client: Client, probe: Probe): Promise<{ status: number; text: string }> {
  const cookie = client.cookieHeader();
  const res = await fetch(`${server.url}${probe.path}`, {
    method: probe.method,
    redirect: "manual",
    headers: { ...probe.headers, ...(cookie ? { cookie } : {}) },
    ...(probe.body !== undefined ? { body: probe.body } : {}),
  });
  return { status: res.status, text: await res.text() };
}

async function run(probes: Array<{ who: string; probe: Probe }>): Promise<Answer[]> {
  const answers: Answer[] = [];
  const clients = new Map(identities.map((i) => [i.name, i.client]));
  for (let i = 0; i < probes.length; i += PARALLEL) {
    const batch = probes.slice(i, i + PARALLEL);
    answers.push(
      ...(await Promise.all(
        batch.map(async ({ who, probe }) => ({
          who,
          probe,
          ...(await send(clients.get(who) as Client, probe)),
        })),
      )),
    );
  }
  return answers;
}

function restProbes(random: Random): Array<{ who: string; probe: Probe }> {
  const fieldNames = [...keySchemas.keys()];
  const probes: Array<{ who: string; probe: Probe }> = [];
  for (const route of restRoutes) {
    for (let n = 0; n < PER_TARGET * identities.length; n += 1) {
      const who = identities[n % identities.length]?.name ?? "anonymous";
      const path = route.path.replace(/:(\w+)/g, (_m, name: string) =>
        random.chance(0.5)
          ? name === "shareLink"
            ? String(random.pick(ids.strings))
            : String(random.pick(ids.numbers))
          : random.pick(PATH_VALUES),
      );
      const query = random.chance(0.3)
        ? `?${random.pick(["a=%00", "limit=-1", "page=1e9", "search=%ED%A0%80", "x[y]=1"])}`
        : "";
      const fields = () => {
        const out: Record<string, unknown> = {};
        for (let k = random.int(6); k > 0; k -= 1) {
          const key = random.pick(fieldNames);
          out[key] = value(keySchemas.get(key), key, ids, random);
        }
        return out;
      };
      const headers: Record<string, string> = {};
      let body: string | undefined;
      if (route.method !== "GET") {
        const made = bodyFor(fields, random);
        body = made.body;
        headers["content-type"] = made.contentType;
      }
      if (random.chance(0.1)) headers["x-interview-id"] = random.pick(PATH_VALUES);
      probes.push({
        who,
        probe: {
          method: route.method,
          path: `${path}${query}`,
          headers,
          ...(body !== undefined ? { body } : {}),
        },
      });
    }
  }
  return probes;
}

function trpcProbes(random: Random): Array<{ who: string; probe: Probe }> {
  const probes: Array<{ who: string; probe: Probe }> = [];
  const entries = Object.entries(procedures()).sort(
    ([a], [b]) => Number(endsSession(a)) - Number(endsSession(b)),
  );
  for (const [path, procedure] of entries) {
    const inputs = procedure._def.inputs ?? [];
    const input = () => {
      if (!inputs.length) return random.chance(0.8) ? undefined : random.pick(BAD_VALUES);
      const merged: Record<string, unknown> = {};
      for (const schema of inputs) Object.assign(merged, value(schema, "", ids, random) ?? {});
      return random.chance(0.1) ? random.pick(BAD_VALUES) : merged;
    };
    for (let n = 0; n < PER_TARGET * identities.length; n += 1) {
      const who = identities[n % identities.length]?.name ?? "anonymous";
      if (procedure._def.type === "query") {
        const raw = random.chance(0.15)
          ? random.pick(["{", "%ZZ", "null", '"\\ud800"'])
          : JSON.stringify(input() ?? null);
        probes.push({
          who,
          probe: { method: "GET", path: `/trpc/${path}?input=${encodeURIComponent(raw)}`, headers: {} },
        });
      } else {
        const made = bodyFor(() => input() ?? {}, random);
        probes.push({
          who,
          probe: {
            method: "POST",
            path: `/trpc/${path}`,
            headers: { "content-type": made.contentType },
            body: made.body,
          },
        });
      }
    }
  }
  return probes;
}

/** Every top-level field of every procedure, poisoned in turn, as the owner and as the participant. */
function fieldProbes(random: Random): Array<{ who: string; probe: Probe }> {
  const probes: Array<{ who: string; probe: Probe }> = [];
  for (const [path, procedure] of Object.entries(procedures())) {
    for (const schema of procedure._def.inputs ?? []) {
      for (const key of Object.keys(defOf(schema).shape ?? {})) {
        for (const poison of FIELD_POISONS) {
          const input = { ...(plausible(schema, "", ids, random) as object), [key]: poison };
          const who = random.pick(["owner", "participant"]);
          const json = JSON.stringify(input);
          probes.push({
            who,
            probe:
              procedure._def.type === "query"
                ? { method: "GET", path: `/trpc/${path}?input=${encodeURIComponent(json)}`, headers: {} }
                : {
                    method: "POST",
                    path: `/trpc/${path}`,
                    headers: { "content-type": "application/json" },
                    body: json,
                  },
          });
        }
      }
    }
  }
  return probes;
}

/** The tRPC protocol itself: batches, unknown procedures, the wrong method, broken input encodings. */
function protocolProbes(): Array<{ who: string; probe: Probe }> {
  const paths = [
    "/trpc/auth.me,auth.providers?batch=1&input=%7B%220%22%3Anull%7D",
    "/trpc/auth.me,projects.list?batch=1&input=not-json",
    "/trpc/auth.me?batch=1&input=%5B1%2C2%5D",
    `/trpc/${Array.from({ length: 50 }, () => "auth.me").join(",")}?batch=1`,
    "/trpc/nope.nothing",
    "/trpc/auth.login",
    "/trpc/auth.me?input=%ZZ",
    "/trpc/projects.get?input=%7B%22id%22%3A%22%5Cu0000%22%7D",
  ];
  const probes: Array<{ who: string; probe: Probe }> = [];
  for (const who of ["anonymous", "owner"]) {
    for (const path of paths) {
      probes.push({ who, probe: { method: "GET", path, headers: {} } });
      probes.push({
        who,
        probe: { method: "POST", path, headers: { "content-type": "application/json" }, body: '{"0":{}}' },
      });
    }
    probes.push({ who, probe: { method: "PUT", path: "/trpc/projects.create", headers: {} } });
    probes.push({ who, probe: { method: "DELETE", path: "/api/health", headers: {} } });
  }
  return probes;
}

/** Speech without an API key answers 503 by design (spec 1 §8): the client then offers text. */
const allowed = (answer: Answer) =>
  answer.status < 500 || (answer.status === 503 && /transcribe|tts|speech|speak/i.test(answer.probe.path));

const describeFailure = (a: Answer) =>
  `${a.who} ${a.probe.method} ${a.probe.path.slice(0, 120)} [${a.probe.headers["content-type"] ?? ""}] ${(a.probe.body ?? "").slice(0, 160)} -> ${a.status} ${a.text.slice(0, 160)}`;

describe("fuzz: generated bad inputs to every documented REST path and every tRPC procedure", () => {
  it("answers each with a 4xx JSON message (never a 500), and /api/health stays up", {
    timeout: 120_000,
  }, async () => {
    const random = generator(SEED);
    // Signing out and deleting the account come last, so every other call runs signed in.
    const probes = [
      ...restProbes(random),
      ...trpcProbes(random),
      ...fieldProbes(random),
      ...protocolProbes(),
    ].sort((a, b) => Number(endsSession(a.probe.path)) - Number(endsSession(b.probe.path)));
    expect(probes.length).toBeGreaterThan(2_000);
    const answers = await run(probes);
    const failures = answers.filter((a) => !allowed(a));
    if (process.env.FUZZ_REPORT) {
      const byStatus = new Map<number, number>();
      for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
      console.log(
        answers.length,
        "requests;",
        [...byStatus].sort(([a], [b]) => a - b),
      );
      const messages = new Map<string, number>();
      for (const a of answers)
        messages.set(
          `${a.status} ${a.text.slice(0, 90)}`,
          (messages.get(`${a.status} ${a.text.slice(0, 90)}`) ?? 0) + 1,
        );
      console.log([...messages].sort((a, b) => b[1] - a[1]).slice(0, 60));
    }
    expect(
      failures.map(describeFailure).slice(0, 15),
      `${failures.length} of ${answers.length} failed`,
    ).toEqual([]);
    // Every REST refusal is a JSON { message } (tRPC answers carry it in its own error shape).
    const restRefusals = answers.filter((a) => a.probe.path.startsWith("/api/") && a.status >= 400);
    const notJson = restRefusals.filter((a) => {
      try {
        return typeof JSON.parse(a.text).message !== "string";
      } catch {
        return true;
      }
    });
    expect(notJson.map(describeFailure).slice(0, 10)).toEqual([]);
    const health = await new Client(server.url).get("/api/health");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok" });
  });
});
