import type { Caller } from "../root";

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
  headers?: Record<string, string | string[] | undefined>;
}

/**
 * One documented `/api/...` path mapped to one procedure. `call` reshapes the request into the
 * procedure's input and its result into the documented response; validation and authorization
 * happen once, in the procedure.
 */
export interface RestRoute {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  call(caller: Caller, req: RestRequest): Promise<unknown>;
  /** HTTP status of a success; 200 unless set. */
  status?: number;
  /** Largest accepted body in bytes, where images or audio travel; 1 MB otherwise. */
  bodyLimit?: number;
  /** Content type of a binary (Buffer or ReadableStream) result, such as synthesized speech. */
  contentType?: string;
  /** Accepts multipart form data (uploads); only these routes parse it. */
  multipart?: boolean;
}

/** Bytes answered with their own content type (an interview image). */
export class BinaryResult {
  constructor(
    readonly data: Uint8Array,
    readonly contentType: string,
  ) {}
}

/** A path id as a number; a non-numeric id becomes NaN, which the procedure answers with 400. */
export const pathId = (req: RestRequest, name = "id"): number => {
  const raw = req.params[name] ?? "";
  return /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
};

/** The body as an object, so a procedure sees missing fields rather than a missing body. */
export const body = (req: RestRequest): Record<string, unknown> =>
  req.body && typeof req.body === "object" && !Array.isArray(req.body)
    ? (req.body as Record<string, unknown>)
    : {};
