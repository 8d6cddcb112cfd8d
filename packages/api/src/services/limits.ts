import { limitsFor } from "@parley/billing/plans";
import type { Db } from "@parley/db/client";
import { countInterviews } from "@parley/db/queries/interviews";
import { countProjectsThisMonth } from "@parley/db/queries/projects";
import type { UserRecord } from "@parley/db/queries/users";
import { AppError } from "../errors";

const TIER_NAMES = { free: "Free", basic: "Basic", pro: "Pro", enterprise: "Enterprise" } as const;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Projects created per calendar month, by tier (spec 2 §9). */
export async function assertCanCreateProject(db: Db, user: UserRecord): Promise<void> {
  const { projectsPerMonth } = limitsFor(user.subscription_tier);
  if ((await countProjectsThisMonth(db, { userId: user.id })) >= projectsPerMonth) {
    throw new AppError(
      "FORBIDDEN",
      `Project limit reached: the ${TIER_NAMES[user.subscription_tier]} plan allows ${plural(projectsPerMonth, "project")} per month. Upgrade your plan to create more projects.`,
      { upgradeRequired: true },
    );
  }
}

/** Interviews per project, by tier (spec 2 §9). */
export async function assertCanCreateInterview(db: Db, user: UserRecord, projectId: number): Promise<void> {
  const { interviewsPerProject } = limitsFor(user.subscription_tier);
  if ((await countInterviews(db, projectId)) >= interviewsPerProject) {
    throw new AppError(
      "FORBIDDEN",
      `Interview limit reached: the ${TIER_NAMES[user.subscription_tier]} plan allows ${plural(interviewsPerProject, "interview")} per project. Upgrade your subscription to add more.`,
      { upgradeRequired: true },
    );
  }
}
