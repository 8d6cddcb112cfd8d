import type { Db } from "@parley/db/client";
import { getProject } from "@parley/db/queries/projects";

/** The input of the evidence jobs: the project, read as its owner. */
export interface EvidenceJobInput {
  projectId: number;
  ownerId: string;
}

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
