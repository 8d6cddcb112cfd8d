import type { Services } from "../context";

/** What a job's handler gets: the services, a way to report progress, and a signal to stop early. */
export interface JobContext {
  services: Services;
  jobId: string;
  progress(done: number, total: number, step: string): Promise<void>;
  signal: AbortSignal;
}

/**
 * One kind of background job. Adding a kind is one small file with `defineJob({...})` in `kinds/`,
 * one line in `registry.ts` and its input in `queue.ts`.
 */
export interface JobDefinition<Input, Result, Kind extends string = string> {
  /** The queue name, stable across releases: "area.verb" (e.g. "usage.rollup"). */
  kind: Kind;
  run(context: JobContext, input: Input): Promise<Result>;
  /** The same key while one such job is queued or running answers that job instead of a new one. */
  singletonKey?(input: Input): string | null;
  /** Attempts after the first, for transient failures (429, 5xx, time-outs); others never retry. */
  retryLimit?: number;
  /** Seconds before the first retry; doubles on each retry (exponential backoff). */
  retryDelaySeconds?: number;
  /** How long one attempt may run before pg-boss counts it as failed (and retries it). */
  expireInSeconds?: number;
  /** A cron expression (UTC): the worker processes queue this job on schedule, with `scheduledInput`. */
  schedule?: string;
  scheduledInput?: Input;
}

export function defineJob<const Kind extends string, Input, Result>(
  definition: JobDefinition<Input, Result, Kind>,
): JobDefinition<Input, Result, Kind> {
  return definition;
}

/**
 * Transient: worth another attempt (provider busy or down, time-outs, dropped connections).
 * Anything else, a 4xx above all, fails the job at once.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  if (typeof status === "number") return status === 408 || status === 429 || status >= 500;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (
      [
        "TOO_MANY_REQUESTS",
        "TIMEOUT",
        "INTERNAL_SERVER_ERROR",
        "BAD_GATEWAY",
        "SERVICE_UNAVAILABLE",
        "GATEWAY_TIMEOUT",
      ].includes(code)
    )
      return true;
    if (/^(ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|EAI_AGAIN|ENOTFOUND|ESOCKET|ECONNECTION)$/.test(code))
      return true;
  }
  return error.name === "TimeoutError" || error.name === "AbortError" || /timed? ?out/i.test(error.message);
}
