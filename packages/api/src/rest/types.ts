import type { z } from "zod";
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
  /** Content type of a binary (Buffer) result. */
  contentType?: string;
  /** Accepts multipart form data (uploads); only these routes parse it. */
  multipart?: boolean;
  /** The procedure the route calls, such as "projects.get", whose schemas describe it (openapi.ts). */
  procedure?: ProcedurePath;
  /** How the route reshapes the procedure's input and answer, for the OpenAPI document. */
  doc?: RouteDoc;
  /** Set by `route` when an `output` mapping reshapes the answer: then `doc.response` must say how. */
  reshapesOutput?: boolean;
}

/** Field names of a procedure's input or answer, checked against its type where `route` knows it. */
type Fields<T> = unknown extends T ? readonly string[] : readonly (keyof NonNullable<T> & string)[];

/**
 * What the OpenAPI document (openapi.ts) says about a route beyond its procedure's own schemas: each
 * entry restates the route's mapping in terms of those schemas, never a second copy of one.
 */
export interface RouteDoc<I = unknown> {
  summary?: string;
  description?: string;
  /**
   * The JSON body: the procedure's whole input ("input", the default when `input` is `body`), the
   * input without the fields the path gives (`omit`), only the fields read from the body (`pick`),
   * or the adapter's own zod schema where the body is not the input (conversations' JSON strings).
   */
  body?: "input" | { omit: Fields<I> } | { pick: Fields<I> } | z.ZodType;
  /** Query parameters: the named fields of the procedure's input. */
  query?: Fields<I>;
  /** Path parameters that are not numeric ids (a share link, a user's uuid). */
  stringParams?: readonly string[];
  /** Request headers the route reads, with what each means. */
  headers?: Record<string, string>;
  /**
   * The answer when `output` reshapes it: the procedure's answer without its empty case ("output";
   * the route answers 404 or 401 instead), the adapter's own zod schema, or bytes of the given
   * content types.
   */
  response?: "output" | z.ZodType | { binary: readonly string[] };
  /** Headers the success answer carries (a conversation's ETag), with what each means. */
  responseHeaders?: Record<string, string>;
  /** Refusals answered with more than `{ message }`, by status: what each means, its body and headers. */
  refusals?: Record<string, { description: string; body: z.ZodType; headers?: Record<string, string> }>;
}

/** Bytes answered with their own content type (an interview image), as a download when named. */
export class BinaryResult {
  constructor(
    readonly data: Uint8Array,
    readonly contentType: string,
    /** Sent as `Content-Disposition: attachment; filename="…"` (letters, digits, . _ - only). */
    readonly fileName?: string,
  ) {}
}

/** Bytes sent on as they arrive (synthesized speech), with their own content type. */
export class StreamResult {
  constructor(
    readonly stream: ReadableStream<Uint8Array>,
    readonly contentType: string,
  ) {}
}

/** A JSON answer sent with response headers of its own (a conversation's ETag). */
export class JsonResult {
  constructor(
    readonly body: unknown,
    readonly headers: Record<string, string>,
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

type Procedures = {
  [N in keyof Caller & string]: Caller[N] extends Record<string, (...args: never[]) => unknown> ? N : never;
}[keyof Caller & string];

/** Every procedure of the router by its path, such as "admin.updateUser". */
export type ProcedurePath = { [N in Procedures]: `${N}.${keyof Caller[N] & string}` }[Procedures];

type ProcedureOf<P extends ProcedurePath> = P extends `${infer N extends Procedures}.${infer M}`
  ? Caller[N][M & keyof Caller[N]]
  : never;
/** What the procedure takes and answers on the server (before any transport's serialization). */
export type ProcedureInput<P extends ProcedurePath> =
  ProcedureOf<P> extends (input: infer I, ...rest: never[]) => unknown ? I : never;
export type ProcedureOutput<P extends ProcedurePath> =
  ProcedureOf<P> extends (...args: never[]) => Promise<infer O> ? O : never;

/**
 * What the REST door hands a procedure: only fields the procedure's input has, each as the client
 * sent it (unknown until the procedure's own schema parses it, which is where a bad value is refused).
 */
export type Untrusted<T> = T extends object ? { [K in keyof T]?: unknown } : T | undefined;

/** A documented path mapped to the procedure at `procedure`, with the request and result reshaped. */
export interface ProcedureRoute<P extends ProcedurePath>
  extends Omit<RestRoute, "call" | "doc" | "procedure"> {
  procedure: P;
  /** The procedure's input from the request; none when the procedure takes none. */
  input?(req: RestRequest): Untrusted<ProcedureInput<P>>;
  /** The documented response from the procedure's answer; the answer itself when absent. */
  output?(result: ProcedureOutput<P>, req: RestRequest): unknown;
  doc?: RouteDoc<ProcedureInput<P>>;
}

type ProcedureFn = (input: unknown) => Promise<unknown>;

/**
 * A table entry typed by procedure path: `route({ method, path, procedure: "admin.user", input })`.
 * The one place the path becomes a method of the caller.
 */
export function route<P extends ProcedurePath>(definition: ProcedureRoute<P>): RestRoute {
  const { procedure, input, output, doc, ...rest } = definition;
  const [namespace = "", name = ""] = procedure.split(".");
  return {
    ...rest,
    procedure,
    doc: { ...(input === body ? { body: "input" as const } : {}), ...doc } as RouteDoc,
    reshapesOutput: output !== undefined,
    async call(caller, req) {
      const methods = (caller as unknown as Record<string, Record<string, ProcedureFn>>)[namespace];
      const call = methods?.[name];
      if (!call) throw new Error(`REST table: no procedure ${procedure}`);
      const result = (await call.call(methods, input?.(req))) as ProcedureOutput<P>;
      return output ? output(result, req) : result;
    },
  };
}
