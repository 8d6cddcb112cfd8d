import { randomUUID } from "node:crypto";
import { connectionOf, type Db } from "@parley/db/client";
import {
  finishJobAttempt,
  getJobFor,
  insertJob,
  markJobRunning,
  setJobProgress,
} from "@parley/db/queries/jobs";
import { fromKysely, fromPglite, PgBoss } from "pg-boss";
import type { Logger, Services } from "../context";
import { toHttpError } from "../errors";
import { isTransient, type JobDefinition } from "./define";
import type { JobInput, JobKind, JobQueue } from "./queue";
import { jobKinds } from "./registry";

export interface JobEngineOptions {
  db: Db;
  logger: Logger;
  /** Seconds between worker polls (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Seconds between pg-boss's supervision passes (expired and dead jobs are retried there). */
  superviseIntervalSeconds?: number;
  /** A running job whose worker stops beating for this long (≥ 10 s) is retried elsewhere. */
  heartbeatSeconds?: number;
  /** The kinds this engine knows (default: the registry); tests add their own. */
  kinds?: Record<string, JobDefinition<any, any>>;
}

const SCHEMA = "pgboss";

/**
 * Background jobs on pg-boss in the app's own PostgreSQL (schema `pgboss`), or on the embedded
 * PGlite through pg-boss's PGlite adapter. pg-boss owns the queue: retries with exponential backoff,
 * expiry and heartbeats (a job whose process died is retried), schedules. The `jobs` table is what
 * owners read (status, progress, result), written by the worker around each attempt.
 */
export class JobEngine implements JobQueue {
  readonly #options: JobEngineOptions;
  #boss: PgBoss | undefined;
  #starting: Promise<PgBoss> | undefined;
  #workers = false;
  #working = false;
  readonly #kinds: Record<string, JobDefinition<any, any>>;

  constructor(options: JobEngineOptions) {
    this.#options = options;
    this.#kinds = options.kinds ?? jobKinds;
  }

  /** Starts pg-boss (installing or migrating its schema) and, with `workers`, every kind's worker and schedule. */
  async start(services: Services, { workers }: { workers: boolean }): Promise<void> {
    // Started to enqueue only (no supervision, no schedules): start again as a worker.
    if (workers && this.#starting && !this.#workers) await this.stop();
    this.#workers ||= workers;
    const boss = await this.#ensureStarted(this.#workers);
    if (!workers || this.#working) return;
    this.#working = true;
    for (const definition of Object.values(this.#kinds)) {
      await boss.work(
        definition.kind,
        {
          includeMetadata: true,
          batchSize: 1,
          pollingIntervalSeconds: this.#options.pollingIntervalSeconds ?? 2,
        },
        async ([job]) => (job ? this.#runAttempt(services, definition, job) : undefined),
      );
      if (definition.schedule) {
        await boss.schedule(definition.kind, definition.schedule, definition.scheduledInput ?? {}, {
          tz: "UTC",
        });
      }
    }
  }

  async enqueue<K extends JobKind>(
    kind: K,
    input: JobInput<K>,
    options: { ownerId?: string | null } = {},
  ): Promise<{ id: string; created: boolean }> {
    const definition = this.#kinds[kind];
    if (!definition) throw new Error(`Unknown job kind ${kind}`);
    const boss = await this.#ensureStarted(this.#workers);
    const { db } = this.#options;
    // The owner's row and pg-boss's job in one transaction: neither exists without the other.
    return db.transaction().execute(async (trx) => {
      const recorded = await insertJob(trx, {
        id: randomUUID(),
        kind,
        ownerId: options.ownerId ?? null,
        singletonKey: definition.singletonKey?.(input) ?? null,
      });
      if (recorded.created) {
        await boss.send(kind, input as object, { id: recorded.id, db: fromKysely(trx) });
      }
      return recorded;
    });
  }

  /** A job as `viewer` may see it (its owner or an admin), else undefined. */
  get(viewer: { userId: string; isAdmin: boolean }, id: string) {
    return getJobFor(this.#options.db, viewer, id);
  }

  async stop(): Promise<void> {
    const boss = this.#boss;
    this.#boss = undefined;
    this.#starting = undefined;
    this.#working = false;
    this.#workers = false;
    await boss?.stop({ graceful: true, timeout: 10_000, close: true });
  }

  #ensureStarted(workers: boolean): Promise<PgBoss> {
    this.#starting ??= this.#start(workers).catch((error) => {
      this.#starting = undefined;
      throw error;
    });
    return this.#starting;
  }

  async #start(workers: boolean): Promise<PgBoss> {
    const connection = connectionOf(this.#options.db);
    if (!connection) throw new Error("The job engine needs a database made by createDb");
    const common = {
      schema: SCHEMA,
      supervise: workers,
      schedule: workers,
      superviseIntervalSeconds: this.#options.superviseIntervalSeconds ?? 30,
      // Expiry and dead-worker (heartbeat) checks run in the monitor pass: as often as supervision.
      monitorIntervalSeconds: this.#options.superviseIntervalSeconds ?? 30,
    };
    const boss =
      connection.kind === "pglite"
        ? new PgBoss({ ...common, db: fromPglite(connection.sql), backend: "pglite" })
        : new PgBoss({
            ...common,
            connectionString: connection.databaseUrl,
            application_name: "parley-jobs",
            max: 3,
            // Behind a transaction pooler a LISTEN would sit on a pooled connection: poll instead.
            useListenNotify: false,
            // REINDEX CONCURRENTLY needs a session of its own; leave index care to the operator.
            reindex: false,
          });
    boss.on("error", (error) => this.#options.logger.warn({ err: error }, "job engine error"));
    // A replica starting while another installs or migrates pg-boss's schema tries again.
    await boss.start({ attempts: 3 });
    for (const definition of Object.values(this.#kinds)) {
      const retry = {
        retryLimit: definition.retryLimit ?? 3,
        retryDelay: definition.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds ?? 300,
      };
      if (await boss.getQueue(definition.kind)) {
        await boss.updateQueue(definition.kind, retry);
        continue;
      }
      await boss
        .createQueue(definition.kind, { ...retry, heartbeatSeconds: this.#options.heartbeatSeconds ?? 30 })
        .catch(async (error) => {
          // Another process created it at the same moment.
          if (!(await boss.getQueue(definition.kind))) throw error;
        });
    }
    this.#boss = boss;
    return boss;
  }

  async #runAttempt(
    services: Services,
    definition: JobDefinition<any, any>,
    job: { id: string; data: unknown; retryCount: number; retryLimit: number; signal: AbortSignal },
  ): Promise<unknown> {
    const { db, logger } = this.#options;
    await markJobRunning(db, { id: job.id, kind: definition.kind });
    try {
      const result = await definition.run(
        {
          services,
          jobId: job.id,
          signal: job.signal,
          progress: (done, total, step) => setJobProgress(db, job.id, { done, total, step }),
        },
        job.data,
      );
      await finishJobAttempt(db, job.id, { status: "succeeded", result });
      return result ?? null;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (isTransient(error) && job.retryCount < job.retryLimit) {
        logger.warn({ job: job.id, kind: definition.kind, err: error }, "job attempt failed; retrying");
        await finishJobAttempt(db, job.id, { status: "queued", error: message });
        throw error;
      }
      // A refusal the job was meant to meet (the owner's subscription cancelled, a limit reached,
      // the project deleted) is a warning; anything else is a bug and an error.
      if (toHttpError(error).status < 500) {
        logger.warn({ job: job.id, kind: definition.kind, err: error }, "job refused");
      } else {
        logger.error({ job: job.id, kind: definition.kind, err: error }, "job failed");
      }
      await finishJobAttempt(db, job.id, { status: "failed", error: message });
      // Not thrown: a permanent failure is final, and pg-boss would retry a thrown error.
      return { failed: message };
    }
  }
}

export function createJobEngine(options: JobEngineOptions): JobEngine {
  return new JobEngine(options);
}
