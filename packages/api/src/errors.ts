import { AiError } from "@parley/ai/errors";
import { BillingError } from "@parley/billing/errors";
import { TRPCError } from "@trpc/server";

export type AppErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "UNPROCESSABLE_CONTENT"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE"
  | "BAD_GATEWAY"
  | "GATEWAY_TIMEOUT"
  | "INTERNAL_SERVER_ERROR";

/** Extra fields that travel beside `message` in the JSON error body (spec: `upgradeRequired`). */
export interface AppErrorExtra {
  upgradeRequired?: boolean;
  /** A conflicting save's answer: the conversation as it is now (issue 35). */
  conversation?: unknown;
}

/** A domain error: thrown anywhere, mapped once to a tRPC code and an HTTP status. */
export class AppError extends TRPCError {
  readonly extra: AppErrorExtra;
  /** Response headers the REST door sends with the error (a conflict's ETag). */
  readonly headers: Record<string, string> | undefined;
  constructor(
    code: AppErrorCode,
    message: string,
    extra: AppErrorExtra = {},
    headers?: Record<string, string>,
  ) {
    super({ code, message });
    this.extra = extra;
    this.headers = headers;
  }
}

const CODE_BY_STATUS: Record<number, AppErrorCode> = {
  400: "BAD_REQUEST",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
  504: "GATEWAY_TIMEOUT",
};

/** Errors of the AI engine and of billing carry their own HTTP status. */
export function isPackageError(error: unknown): error is AiError | BillingError {
  return error instanceof AiError || error instanceof BillingError;
}

/** An AI engine or billing refusal (plan, budget, service) as the matching domain error. */
export function fromAiError(error: AiError | BillingError): AppError {
  return new AppError(CODE_BY_STATUS[error.status] ?? "BAD_GATEWAY", error.message, {
    ...(error instanceof AiError && error.upgradeRequired ? { upgradeRequired: true } : {}),
  });
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);

export const HTTP_STATUS: Record<string, number> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
};

interface ZodLikeIssue {
  path: PropertyKey[];
  message: string;
}

const ZOD_DEFAULT_MESSAGE =
  /^(Invalid input|Invalid option|Invalid (string|number|type|element|key|union|value|date)|Too (small|big)|Unrecognized key|Expected|Required)/;

/** The first validation problem as one readable sentence. */
export function describeZodIssues(issues: readonly ZodLikeIssue[]): string {
  const issue = issues[0];
  if (!issue) return "Invalid input";
  // Messages we wrote ourselves stand alone; zod's defaults get the field name in front.
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  const field = issue.path.map(String).join(".");
  return field ? `Invalid ${field}: ${issue.message}` : issue.message;
}

/**
 * A PostgreSQL refusal of the data itself (SQLSTATE class 22: a NUL byte, a number out of range, text
 * that is not a number; 23502/23514: a missing or out-of-bounds value), which only client input can
 * cause once the schemas have let it through. The backstop that makes it a 400, never a 500.
 */
export function isDatabaseDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === "string" &&
    /^(22[0-9A-Z]{3}|23502|23514)$/.test(code) &&
    error instanceof Error &&
    !(error instanceof TRPCError)
  );
}

const DATA_ERROR_MESSAGE = "Invalid input: a value could not be stored";

/**
 * The domain error an error stands for: an AI engine or billing refusal, thrown as it is or carried as
 * the cause of tRPC's INTERNAL_SERVER_ERROR, becomes the AppError of its status; so does PostgreSQL's
 * refusal of a value (400); others stay as they are.
 */
export function domainError<T>(error: T): T | AppError {
  if (isPackageError(error)) return fromAiError(error);
  if (error instanceof TRPCError && isPackageError(error.cause)) return fromAiError(error.cause);
  if (isDatabaseDataError(error)) return new AppError("BAD_REQUEST", DATA_ERROR_MESSAGE);
  if (error instanceof TRPCError && isDatabaseDataError(error.cause)) {
    return new AppError("BAD_REQUEST", DATA_ERROR_MESSAGE);
  }
  return error;
}

/** Status and JSON body for any error thrown by a procedure. Unknown errors never leak detail. */
export function toHttpError(thrown: unknown): {
  status: number;
  body: { message: string } & AppErrorExtra;
  headers?: Record<string, string> | undefined;
} {
  const error = domainError(thrown);
  if (error instanceof TRPCError) {
    const cause = error.cause as { issues?: ZodLikeIssue[] } | undefined;
    const extra = error instanceof AppError ? error.extra : {};
    const status = HTTP_STATUS[error.code] ?? 500;
    if (cause?.issues && Array.isArray(cause.issues)) {
      return { status: 400, body: { message: describeZodIssues(cause.issues) } };
    }
    if (status >= 500 && !(error instanceof AppError)) {
      return { status, body: { message: "Something went wrong. Please try again." } };
    }
    const headers = error instanceof AppError ? error.headers : undefined;
    return { status, body: { message: error.message, ...extra }, ...(headers ? { headers } : {}) };
  }
  return { status: 500, body: { message: "Something went wrong. Please try again." } };
}
