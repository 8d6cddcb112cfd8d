import { limitsFor } from "@parley/billing/plans";
import type { Db } from "@parley/db/client";
import { insertInterviewWithinLimit } from "@parley/db/queries/interviews";
import { insertProjectWithinLimit, type ProjectFields } from "@parley/db/queries/projects";
import type { UserRecord } from "@parley/db/queries/users";
import type { InterviewStatus, StakeholderType } from "@parley/db/schema";
import { AppError } from "../errors";

const TIER_NAMES = { free: "Free", basic: "Basic", pro: "Pro", enterprise: "Enterprise" } as const;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * Creates a project within the tier's projects per calendar month (spec 2 §9). Creations are
 * counted, deleted projects included, and checked and inserted under a lock on the owner's row.
 */
export async function createProjectWithinPlan(
  db: Db,
  user: UserRecord,
  fields: ProjectFields & { title: string },
) {
  const { projectsPerMonth } = limitsFor(user.subscription_tier);
  const row = await insertProjectWithinLimit(db, user.id, fields, projectsPerMonth);
  if (!row) {
    throw new AppError(
      "FORBIDDEN",
      `Project limit reached: the ${TIER_NAMES[user.subscription_tier]} plan allows ${plural(projectsPerMonth, "project")} per month. Upgrade your plan to create more projects.`,
      { upgradeRequired: true },
    );
  }
  return row;
}

/** Creates an interview within the tier's interviews per project (spec 2 §9), deleted ones counted. */
export async function createInterviewWithinPlan(
  db: Db,
  user: UserRecord,
  values: {
    projectId: number;
    name: string;
    stakeholderType: StakeholderType;
    status: InterviewStatus;
    shareLink: string;
  },
) {
  const { interviewsPerProject } = limitsFor(user.subscription_tier);
  const row = await insertInterviewWithinLimit(db, values, interviewsPerProject);
  if (!row) {
    throw new AppError(
      "FORBIDDEN",
      `Interview limit reached: the ${TIER_NAMES[user.subscription_tier]} plan allows ${plural(interviewsPerProject, "interview")} per project. Upgrade your subscription to add more.`,
      { upgradeRequired: true },
    );
  }
  return row;
}
