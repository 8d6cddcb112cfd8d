import { isDatabaseDataError, type toHttpError } from "@parley/api";
import type { FastifyBaseLogger } from "fastify";

/** Both doors log a failed call alike: a bug as an error (with its stack), an upstream refusal as a warning. */
export function logFailure(
  log: FastifyBaseLogger,
  error: unknown,
  { status, body }: ReturnType<typeof toHttpError>,
  path: string | undefined,
): void {
  if (status === 500) log.error({ err: error, path }, "call failed");
  else if (isDatabaseDataError(error) || isDatabaseDataError((error as { cause?: unknown }).cause)) {
    log.warn({ err: error, path }, "the database refused a value from the client (answered 400)");
  } else if (status > 500)
    log.warn({ path, status, message: body.message }, "call answered an upstream error");
}
