import type { Db } from "@parley/db/client";
import { getProject } from "@parley/db/queries/projects";
import type { EvidenceRun } from "../../services/evidence";
import type { EvidenceJobInput } from "../queue";

/** What the project-wide evidence jobs share: one at a time per project, two retries, 15 minutes. */
export const projectJobOptions = {
  singletonKey: (input: EvidenceJobInput) => `project:${input.projectId}`,
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 900,
};

/** The owner's project, or the job fails (it was deleted after the job was queued). */
export async function ownersProject(db: Db, input: EvidenceJobInput) {
  const project = await getProject(db, { userId: input.ownerId, id: input.projectId });
  if (!project) throw new Error("Project not found");
  return project;
}

/** The owner's project and the evidence run over it, in the project's output language. */
export async function projectRun(
  job: Pick<EvidenceRun, "services" | "progress" | "signal">,
  input: EvidenceJobInput,
) {
  const project = await ownersProject(job.services.db, input);
  const run: EvidenceRun = {
    services: job.services,
    projectId: project.id,
    ownerId: input.ownerId,
    progress: job.progress,
    signal: job.signal,
    outputLanguage: project.output_language,
  };
  return { project, run };
}
