export { defineJob, isTransient, type JobContext, type JobDefinition } from "./define";
export { createJobEngine, JobEngine, type JobEngineOptions, type JobQueue } from "./engine";
export { type JobInput, type JobKind, type JobResult, jobKinds } from "./registry";
