/** A small HTTP client for the cluster test and the load benchmark: cookies, a bearer token, a visitor address. */
export interface Answer {
  status: number;
  body: any;
  /** The replica nginx chose (X-Parley-Upstream), when the request went through nginx. */
  upstream: string | undefined;
}

export class Client {
  readonly cookies = new Map<string, string>();
  bearer: string | undefined;
  readonly headers: Record<string, string> = {};

  constructor(
    readonly baseUrl: string,
    /** The visitor's address: nginx takes it from X-Forwarded-For (the test edge). */
    readonly address: string,
  ) {}

  request(method: string, path: string, body?: unknown, timeoutMs = 30_000): Promise<Answer> {
    return this.send(method, path, body, timeoutMs).then(async (res) => {
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON
      }
      return {
        status: res.status,
        body: parsed,
        upstream: res.headers.get("x-parley-upstream") ?? undefined,
      };
    });
  }

  /** The raw response (for streams); cookies are still taken from it. */
  async send(
    method: string,
    path: string,
    body?: unknown,
    timeoutMs = 30_000,
    extra: Record<string, string> = {},
  ) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        "x-forwarded-for": this.address,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(cookie ? { cookie } : {}),
        ...(this.bearer ? { authorization: `Bearer ${this.bearer}` } : {}),
        ...this.headers,
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      const value = rest.join("=");
      if (!name) continue;
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return res;
  }

  get = (path: string) => this.request("GET", path);
  post = (path: string, body?: unknown) => this.request("POST", path, body ?? {});
  patch = (path: string, body?: unknown) => this.request("PATCH", path, body ?? {});
}

/** A random private address for one simulated visitor (rate limits count per address). */
export function randomAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** A conversation line as the REST door carries it: a JSON-encoded string. */
export const line = (role: "ai" | "user", content: string) =>
  JSON.stringify({ role, content, timestamp: new Date().toISOString() });

/**
 * A participant's streamed AI turn through tRPC's streaming (JSON lines) door, as the web app's
 * httpBatchStreamLink calls it: resolves with the text and when the first and last bytes arrived.
 */
export async function streamedTurn(
  client: Client,
  interviewId: number,
  messages: Array<{ role: "ai" | "user"; content: string }>,
) {
  const started = performance.now();
  const res = await client.send(
    "POST",
    "/trpc/ai.interviewResponseStream?batch=1",
    { 0: { interviewId, messages } },
    60_000,
    { "trpc-accept": "application/jsonl" },
  );
  if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  const decoder = new TextDecoder();
  let raw = "";
  let firstAt = 0;
  let lastAt = 0;
  let reads = 0;
  for await (const bytes of res.body) {
    const now = performance.now() - started;
    if (!firstAt) firstAt = now;
    lastAt = now;
    reads += 1;
    raw += decoder.decode(bytes as Uint8Array, { stream: true });
  }
  // tRPC's JSON lines: a head, then one `[id, 1, [[chunk]]]` line per value the generator yielded.
  const chunks: string[] = [];
  for (const jsonLine of raw.split("\n")) {
    if (!jsonLine.trim()) continue;
    const parsed = JSON.parse(jsonLine);
    const value = Array.isArray(parsed) && parsed[1] === 1 ? parsed[2]?.[0]?.[0] : undefined;
    if (typeof value === "string") chunks.push(value);
  }
  return {
    raw,
    chunks,
    text: chunks.join(""),
    firstAt,
    lastAt,
    reads,
    upstream: res.headers.get("x-parley-upstream"),
  };
}
