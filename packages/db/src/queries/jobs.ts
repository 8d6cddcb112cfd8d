import { sql } from "kysely";
import type { Db } from "../client";
import type { JobStatus } from "../schema";

export interface JobView {
  id: string;
  kind: string;
  status: JobStatus;
  progress: { done: number; total: number; step: string };
  error?: string;
  result?: unknown;
}

/**
 * Records a new job, or answers the queued or running job of the same kind and singleton key
 * (`created: false`): the partial unique index makes this one atomic statement however many
 * requests race.
 */
export async function insertJob(
  db: Db,
  job: { id: string; kind: string; ownerId: string | null; singletonKey: string | null },
): Promise<{ id: string; created: boolean }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const inserted = await db
      .insertInto("jobs")
      .values({ id: job.id, kind: job.kind, owner_id: job.ownerId, singleton_key: job.singletonKey })
      .onConflict((oc) =>
        oc
          .columns(["kind", "singleton_key"])
          .where("singleton_key", "is not", null)
          .where("status", "in", ["queued", "running"])
          .doNothing(),
      )
      .returning("id")
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    const existing = await db
      .selectFrom("jobs")
      .select("id")
      .where("kind", "=", job.kind)
      .where("singleton_key", "=", job.singletonKey)
      .where("status", "in", ["queued", "running"])
      .executeTakeFirst();
    // The other job may have finished between the two statements: then this one is new after all.
    if (existing) return { id: existing.id, created: false };
  }
  throw new Error(`Could not record a ${job.kind} job`);
}

export async function deleteJob(db: Db, id: string): Promise<void> {
  await db.deleteFrom("jobs").where("id", "=", id).execute();
}

/** An attempt starts. Scheduled jobs (queued by pg-boss itself) get their row here. */
export async function markJobRunning(db: Db, job: { id: string; kind: string }): Promise<void> {
  await db
    .insertInto("jobs")
    .values({
      id: job.id,
      kind: job.kind,
      owner_id: null,
      singleton_key: null,
      status: "running",
      attempts: 1,
    })
    .onConflict((oc) =>
      oc
        .column("id")
        .doUpdateSet({ status: "running", attempts: sql`jobs.attempts + 1`, updated_at: sql`now()` }),
    )
    .execute();
}

export async function setJobProgress(
  db: Db,
  id: string,
  progress: { done: number; total: number; step: string },
) {
  await db
    .updateTable("jobs")
    .set({
      progress_done: progress.done,
      progress_total: progress.total,
      progress_step: progress.step.slice(0, 200),
      updated_at: sql`now()`,
    })
    .where("id", "=", id)
    .execute();
}

/** The end of an attempt: succeeded (with its result), failed for good, or queued again for a retry. */
export async function finishJobAttempt(
  db: Db,
  id: string,
  outcome: { status: "succeeded"; result: unknown } | { status: "failed" | "queued"; error: string },
): Promise<void> {
  await db
    .updateTable("jobs")
    .set(
      outcome.status === "succeeded"
        ? {
            status: "succeeded",
            result: JSON.stringify(outcome.result ?? null),
            error: null,
            progress_done: sql`greatest(progress_done, progress_total)`,
            updated_at: sql`now()`,
          }
        : { status: outcome.status, error: outcome.error.slice(0, 2000), updated_at: sql`now()` },
    )
    .where("id", "=", id)
    .execute();
}

/** A job as its owner (or an admin) sees it; anyone else gets nothing, as if it did not exist. */
export async function getJobFor(
  db: Db,
  viewer: { userId: string; isAdmin: boolean },
  id: string,
): Promise<JobView | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  let query = db
    .selectFrom("jobs")
    .select([
      "id",
      "kind",
      "status",
      "progress_done",
      "progress_total",
      "progress_step",
      "result",
      "error",
      "owner_id",
    ])
    .where("id", "=", id);
  if (!viewer.isAdmin) query = query.where("owner_id", "=", viewer.userId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: { done: row.progress_done, total: row.progress_total, step: row.progress_step },
    ...(row.error && row.status !== "succeeded" ? { error: row.error } : {}),
    ...(row.status === "succeeded" ? { result: row.result } : {}),
  };
}

/** Removes succeeded and failed jobs last touched more than `olderThanDays` ago. */
export async function deleteFinishedJobs(db: Db, { olderThanDays }: { olderThanDays: number }) {
  const result = await db
    .deleteFrom("jobs")
    .where("status", "in", ["succeeded", "failed"])
    .where("updated_at", "<", sql<Date>`now() - make_interval(days => ${olderThanDays})`)
    .executeTakeFirst();
  return { deleted: Number(result.numDeletedRows) };
}
