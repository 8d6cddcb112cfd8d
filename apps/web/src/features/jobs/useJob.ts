import type { RouterOutputs } from "@parley/api";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTRPC } from "../../lib/trpc";
import { type FollowedJob, unfollowJob, useFollowedJob } from "./followedJobs";

export type Job = RouterOutputs["jobs"]["get"];

/** How often a queued or running job is asked for its progress. */
export const POLL_MS = 1000;

export const isActive = (job: Job | undefined) => !job || job.status === "queued" || job.status === "running";

/**
 * Follows the job stored under `key`: polls jobs.get about every second while it is queued or
 * running, calls `onSucceeded` once when it succeeds (and stops following it), and keeps a failed
 * job so its error can be shown with Try again.
 */
export function useJob(key: string, onSucceeded?: (job: Job) => void) {
  const trpc = useTRPC();
  const followed: FollowedJob | null = useFollowedJob(key);
  const query = useQuery({
    ...trpc.jobs.get.queryOptions({ id: followed?.jobId ?? "" }),
    enabled: Boolean(followed),
    staleTime: 0,
    refetchInterval: (q) => (isActive(q.state.data) ? POLL_MS : false),
  });
  const job = followed && query.data?.id === followed.jobId ? query.data : undefined;
  const done = useRef(onSucceeded);
  done.current = onSucceeded;

  useEffect(() => {
    if (job?.status !== "succeeded") return;
    unfollowJob(key, job.id);
    done.current?.(job);
  }, [job, key]);

  return {
    followed,
    job,
    /** The job could not be read (gone, or not ours): shown like a failure. */
    lostError: followed && query.isError ? query.error.message : null,
    stop: () => followed && unfollowJob(key, followed.jobId),
  };
}
