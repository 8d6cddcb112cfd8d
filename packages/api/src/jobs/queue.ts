import type { OutgoingEmail } from "../services/mail";

/** A scheduled kind's input: pg-boss's schedule queues it with nothing to say. */
type Scheduled = Record<string, never>;

/** The input of the project-wide evidence jobs: the project, read as its owner. */
export interface EvidenceJobInput {
  projectId: number;
  ownerId: string;
}

/** The input of one interview's extraction. */
export interface ExtractInput extends EvidenceJobInput {
  interviewId: number;
}

/**
 * What each kind of job is queued with. Declared here rather than inferred from the kinds: the
 * queue is part of every request's context, and the kinds' handlers take that context, so the queue
 * must not import them. registry.ts checks every kind against this list.
 */
export interface JobInputs {
  "usage.rollup": Scheduled;
  "billing.period-close": Scheduled;
  "email.send": OutgoingEmail;
  "auth.password-reset": { email: string };
  "jobs.cleanup": Scheduled;
  "evidence.extract": ExtractInput;
  "evidence.synthesis": EvidenceJobInput;
  "evidence.requirements": EvidenceJobInput;
  "privacy.retention": Scheduled;
}

export type JobKind = keyof JobInputs;
export type JobInput<K extends JobKind> = JobInputs[K];

/** The queue the API enqueues on; `services.jobs`. */
export interface JobQueue {
  enqueue<K extends JobKind>(
    kind: K,
    input: JobInput<K>,
    options?: { ownerId?: string | null },
  ): Promise<{ id: string; created: boolean }>;
}
