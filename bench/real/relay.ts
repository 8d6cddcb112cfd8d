/**
 * The relay of ../shared/tools/model-relay.mjs (a capable assistant model answers Parley's requests
 * from files), started for a bench, with a recording proxy in front of it: every answered request's
 * key, schema name and answer are kept, so a bench can tell what the model wrote from what the
 * owner was shown, and save the answers to our own dialogues as fixtures.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { relayKey } from "../../packages/ai/test/fake-structured-openai";
import { DATA_DIR } from "./data";

export const RELAY_SCRIPT = path.resolve(DATA_DIR, "../tools/model-relay.mjs");

export interface Exchange {
  key: string;
  name: string;
  body: any;
  /** The answer's content, or null when the relay had none yet. */
  content: string | null;
}

export interface Relay {
  /** The proxy's OpenAI base URL (…/v1). */
  baseUrl: string;
  exchanges: Exchange[];
  /** Requests waiting for an answer in RELAY_DIR/requests. */
  waiting(): string[];
  stop(): Promise<void>;
}

export async function startRelay(dir: string, port = 5400): Promise<Relay> {
  if (!existsSync(RELAY_SCRIPT)) throw new Error(`no relay at ${RELAY_SCRIPT}`);
  const child: ChildProcess = spawn(process.execPath, [RELAY_SCRIPT], {
    env: { ...process.env, RELAY_DIR: dir, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`relay exited with ${code}`)));
  });
  const exchanges: Exchange[] = [];
  const proxy: Server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const upstream = await fetch(`http://127.0.0.1:${port}${req.url}`, {
      method: req.method ?? "GET",
      headers: { "content-type": "application/json" },
      ...(req.method === "POST" ? { body: raw } : {}),
    });
    const text = await upstream.text();
    if (req.url?.endsWith("/chat/completions")) {
      const body = JSON.parse(raw || "{}");
      let content: string | null = null;
      if (upstream.ok && !body.stream) content = JSON.parse(text).choices?.[0]?.message?.content ?? null;
      // A streamed answer: its deltas, in order.
      if (upstream.ok && body.stream)
        content = text
          .split("\n")
          .filter((line) => line.startsWith("data: {"))
          .map((line) => JSON.parse(line.slice(6)).choices?.[0]?.delta?.content ?? "")
          .join("");
      exchanges.push({
        key: relayKey(body),
        name: body.response_format?.json_schema?.name ?? (body.stream ? "stream" : "text"),
        body,
        content,
      });
    }
    res.writeHead(upstream.status, {
      "content-type": upstream.headers.get("content-type") ?? "application/json",
    });
    res.end(text);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const proxyPort = (proxy.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${proxyPort}/v1`,
    exchanges,
    waiting: () => {
      const answered = new Set(readdirSync(path.join(dir, "answers")));
      return readdirSync(path.join(dir, "requests")).filter((f) => !answered.has(f));
    },
    async stop() {
      await new Promise((resolve) => proxy.close(resolve));
      child.kill();
    },
  };
}
