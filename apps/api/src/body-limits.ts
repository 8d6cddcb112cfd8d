import { Transform } from "node:stream";
import type { FastifyRequest, preParsingHookHandler } from "fastify";

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/**
 * tRPC bodies: what a real interview needs (a conversation save is about 100 kB), more only for the
 * procedures that carry an image (10 MB, base64) or audio (25 MB, base64). A batched call may take
 * the largest limit of the procedures it names.
 */
const TRPC_BODY_LIMIT = 2 * 1024 * 1024;
const TRPC_IMAGE_LIMIT = 15 * 1024 * 1024;
const TRPC_UPLOAD_LIMITS: Record<string, number> = {
  "participant.addImage": TRPC_IMAGE_LIMIT,
  "ai.analyzeImage": TRPC_IMAGE_LIMIT,
  "ai.transcribe": 36 * 1024 * 1024,
  "ai.voiceTurn": 36 * 1024 * 1024,
};
export const TRPC_MAX_BODY = Math.max(TRPC_BODY_LIMIT, ...Object.values(TRPC_UPLOAD_LIMITS));

/** The body limit of a /trpc/a,b?batch=1 request: the largest of the procedures it names. */
export function trpcBodyLimit(url: string): number {
  const names = (url.split("?")[0] ?? "").replace(/^\/trpc\/?/, "").split(",");
  return Math.max(TRPC_BODY_LIMIT, ...names.map((name) => TRPC_UPLOAD_LIMITS[name] ?? 0));
}

class BodyTooLarge extends Error {
  readonly statusCode = 413;
  readonly code = "FST_ERR_CTP_BODY_TOO_LARGE";
}

class UnsupportedBody extends Error {
  readonly statusCode = 415;
  readonly code = "FST_ERR_CTP_INVALID_MEDIA_TYPE";
}

/** tRPC takes JSON bodies only: no procedure takes form data, and its form parser reads the raw stream. */
const isJsonBody = (contentType: string | undefined) =>
  !contentType || /^application\/json\s*(;|$)/i.test(contentType);

/** Counts a body's bytes as they stream in and stops at `limit` (a missing content-length included). */
function limitStream(payload: NodeJS.ReadableStream, limit: number): Transform {
  let seen = 0;
  return payload.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        if (seen > limit) done(new BodyTooLarge("Request body is too large"));
        else done(null, chunk);
      },
    }),
  );
}

/**
 * The tRPC scope's body check: JSON only, and no more than the procedures the URL names may take.
 * Synchronous, and nothing to do for a GET (a query): Fastify reads no body for it.
 */
export const limitTrpcBody: preParsingHookHandler = (req, _reply, payload, done) => {
  if (req.method === "GET") return done(null, payload);
  if (!isJsonBody(req.headers["content-type"])) return done(new UnsupportedBody("Unsupported content type"));
  const limit = trpcBodyLimit(req.url);
  if (limit >= TRPC_MAX_BODY) return done(null, payload);
  if (Number(req.headers["content-length"] ?? 0) > limit)
    return done(new BodyTooLarge("Request body is too large"));
  done(null, limitStream(payload, limit));
};

/** How much of a refused body is read (and dropped) so its sender reads the answer, and for how long. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/**
 * Reads and drops the rest of a refused request body before the answer goes out: a client that
 * writes its whole body before reading (most do) then reads the 413 and its JSON message instead of
 * a reset connection. Bounded in bytes and time; past either, the connection closes as before.
 */
export function drainBody(raw: FastifyRequest["raw"]): Promise<void> {
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off("data", onData);
      raw.off("end", finish);
      raw.off("error", finish);
      raw.off("close", finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish();
    };
    const timer = setTimeout(finish, DRAIN_MAX_MS);
    raw.on("data", onData);
    raw.on("end", finish);
    raw.on("error", finish);
    raw.on("close", finish);
    raw.resume();
  });
}
