/** The fuzz test's input generator: seeded randomness, bad values, and values shaped by zod schemas. */

/** mulberry32: small, fast, and the same sequence for the same seed. */
export function generator(seed: number) {
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
export type Random = ReturnType<typeof generator>;

export const deep = (depth: number): unknown => (depth === 0 ? "bottom" : { a: [deep(depth - 1)] });

/** Values no field expects: every type, every bound, every encoding trouble. */
export const BAD_VALUES: readonly unknown[] = [
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
export type Def = {
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
export const defOf = (schema: unknown): Def => (schema as { _zod?: { def?: Def } })?._zod?.def ?? {};

export interface Ids {
  numbers: number[];
  strings: string[];
}

/** A value the schema would accept, more or less: fields close to valid get further into the code. */
export function plausible(schema: unknown, key: string, ids: Ids, random: Random, depth = 0): unknown {
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
export function value(schema: unknown, key: string, ids: Ids, random: Random, depth = 0): unknown {
  return random.chance(0.3) ? random.pick(BAD_VALUES) : plausible(schema, key, ids, random, depth);
}

export interface Probe {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export const CONTENT_TYPES = [
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=zz",
  "application/json; charset=latin1",
  "image/png",
];

/** A request body: JSON (an object of fields, or any value), bad JSON, or the wrong content type. */
export function bodyFor(fields: () => unknown, random: Random): { body: string; contentType: string } {
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

export const PATH_VALUES = [
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

/** Values that broke the server before: each put into each field of an otherwise plausible input. */
export const FIELD_POISONS: readonly unknown[] = [
  "a\u0000b",
  "\ud800",
  "x\udc00",
  2 ** 31,
  -(2 ** 31),
  1e21,
  "9".repeat(30),
  deep(30),
];
