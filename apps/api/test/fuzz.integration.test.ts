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
import { Client, ownerWithInterview, signUp, startTestServer, type TestServer } from "./harness";

const SEED = Number(process.env.FUZZ_SEED ?? 12);
/** Requests per REST route and per tRPC procedure and identity. */
const PER_TARGET = Number(process.env.FUZZ_PER_TARGET ?? 6);
const PARALLEL = 6;

/** mulberry32: small, fast, and the same sequence for the same seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof generator>;

const deep = (depth: number): unknown => (depth === 0 ? "bottom" : { a: [deep(depth - 1)] });

/** Values no field expects: every type, every bound, every encoding trouble. */
const BAD_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e308,
  -1e308,
  "",
  " ",
  "abc",
  "2147483648",
  "99999999999999999999",
  "1e400",
  "-0",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\uffff\ufffe",
  "💥".repeat(50),
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "x".repeat(5_000),
  "y".repeat(120_000),
  "9999-99-99T99:99:99Z",
  "data:image/svg+xml;base64,PHN2Zz4=",
  "data:image/png;base64,AAAA",
  "not@valid",
  [],
  [null],
  [1, "two", { three: 3 }],
  Array.from({ length: 2_000 }, () => "m"),
  {},
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
  deep(40),
];

/** The shapes of every procedure's input, read from its zod schema (duck-typed: zod 4's `_zod.def`). */
type Def = {
  type?: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  options?: unknown[];
  entries?: Record<string, unknown>;
  element?: unknown;
  values?: unknown[];
};
const defOf = (schema: unknown): Def => (schema as { _zod?: { def?: Def } })?._zod?.def ?? {};

interface Ids {
  numbers: number[];
  strings: string[];
}

/** A value the schema would accept, more or less: fields close to valid get further into the code. */
function plausible(schema: unknown, key: string, ids: Ids, random: Random, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 4) return null;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return plausible(def.innerType, key, ids, random, depth + 1);
    case "pipe":
      return plausible(def.in, key, ids, random, depth + 1);
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(def.shape ?? {}))
        out[name] = value(field, name, ids, random, depth + 1);
      return out;
    }
    case "array":
      return Array.from({ length: random.int(3) }, () => value(def.element, key, ids, random, depth + 1));
    case "enum":
      return random.pick(Object.values(def.entries ?? { a: "a" }));
    case "literal":
      return random.pick(def.values ?? [true]);
    case "union":
      return plausible(random.pick(def.options ?? [null]), key, ids, random, depth + 1);
    case "boolean":
      return random.chance(0.5);
    case "number":
    case "int":
      return /id$/i.test(key) ? random.pick(ids.numbers) : random.int(100);
    case "string":
      if (/email/i.test(key)) return `fuzz${random.int(1000)}@example.com`;
      if (/link/i.test(key) || key === "userId") return random.pick(ids.strings);
      return random.pick([
        "hello",
        "A title",
        "# Heading\n- item",
        JSON.stringify({ role: "user", content: "hi" }),
      ]);
    default:
      return random.pick(BAD_VALUES);
  }
}

/** Mostly plausible, sometimes bad: one wrong field in an otherwise fine input reaches the deepest code. */
function value(schema: unknown, key: string, ids: Ids, random: Random, depth = 0): unknown {
  return random.chance(0.3) ? random.pick(BAD_VALUES) : plausible(schema, key, ids, random, depth);
}

interface Probe {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const CONTENT_TYPES = [
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=zz",
  "application/json; charset=latin1",
  "image/png",
];

/** A request body: JSON (an object of fields, or any value), bad JSON, or the wrong content type. */
function bodyFor(fields: () => unknown, random: Random): { body: string; contentType: string } {
  const roll = random.next();
  if (roll < 0.6) return { body: JSON.stringify(fields()), contentType: "application/json" };
  if (roll < 0.7) return { body: JSON.stringify(random.pick(BAD_VALUES)), contentType: "application/json" };
  if (roll < 0.78)
    return {
      body: random.pick([
        '{"a":',
        "{'a':1}",
        "[1,2",
        "nul",
        "\u0000",
        "{}}",
        '{"a":"\\ud800"}',
        "[".repeat(20_000),
      ]),
      contentType: "application/json",
    };
  if (roll < 0.82) return { body: "x".repeat(1_100_000), contentType: "application/json" };
  return {
    body: random.pick(["abc", "a=1&b=2", "--zz\r\n", JSON.stringify(fields())]),
    contentType: random.pick(CONTENT_TYPES),
  };
}

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
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
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

const PATH_VALUES = [
  "0",
  "-1",
  "1.5",
  "2147483648",
  "99999999999999999999",
  "abc",
  "%00",
  "%ED%A0%80",
  "x".repeat(300),
];

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

/** Values that broke the server before: each put into each field of an otherwise plausible input. */
const FIELD_POISONS: readonly unknown[] = [
  "a\u0000b",
  "\ud800",
  "x\udc00",
  2 ** 31,
  -(2 ** 31),
  1e21,
  "9".repeat(30),
  deep(30),
];

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
