export { defineJob, isTransient, type JobContext, type JobDefinition } from "./define";
export { createJobEngine, JobEngine, type JobEngineOptions } from "./engine";
export type { EvidenceJobInput, ExtractInput, JobInput, JobInputs, JobKind, JobQueue } from "./queue";
export { type JobResult, jobKinds } from "./registry";
