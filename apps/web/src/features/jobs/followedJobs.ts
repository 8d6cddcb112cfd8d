import { useSyncExternalStore } from "react";

/**
 * The background jobs the owner is following, by a key such as `synthesis:12`. Kept in
 * sessionStorage so a reload (or a tab switch that unmounts the starter) keeps following the job.
 */
export interface FollowedJob {
  jobId: string;
  startedAt: number;
}

const STORAGE_KEY = "parley.followedJobs";
const listeners = new Set<() => void>();
let jobs: Record<string, FollowedJob> = read();

function read(): Record<string, FollowedJob> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, FollowedJob>;
  } catch {
    return {};
  }
}

function write(next: Record<string, FollowedJob>) {
  jobs = next;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: following still works until the page reloads.
  }
  for (const listener of listeners) listener();
}

export function followJob(key: string, jobId: string) {
  write({ ...jobs, [key]: { jobId, startedAt: Date.now() } });
}

export function unfollowJob(key: string, jobId?: string) {
  if (!jobs[key] || (jobId && jobs[key].jobId !== jobId)) return;
  const { [key]: _dropped, ...rest } = jobs;
  write(rest);
}

export function useFollowedJob(key: string): FollowedJob | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => jobs[key] ?? null,
  );
}
