import { getProject, getProjectById } from "@parley/db/queries/projects";
import type { Context } from "../context";
import { notFound } from "../errors";
import { noteProject } from "./disclosure";

/** Which project a signed-in caller may act on: the access checks every project router shares. */

/** For writes: the caller's own project; anyone else's (and unknown ids) answer 404. */
export async function requireProject(ctx: Context & { user: { id: string } }, projectId: number) {
  const project = await getProject(ctx.db, { userId: ctx.user.id, id: projectId });
  if (!project) throw notFound("Project");
  noteProject(ctx, project);
  return project;
}

/**
 * For reads only: the caller's own project, or any project for an admin (DESIGN: admins may read
 * everything; the admin user page opens a user's project). Writes use `requireProject`. An admin's
 * personal access token reads only the admin's own projects: tools never carry admin rights.
 */
export async function requireReadableProject(
  ctx: Context & { user: { id: string; is_admin: boolean } },
  projectId: number,
) {
  const project =
    ctx.user.is_admin && !ctx.accessToken
      ? await getProjectById(ctx.db, projectId)
      : await getProject(ctx.db, { userId: ctx.user.id, id: projectId });
  if (!project) throw notFound("Project");
  noteProject(ctx, project);
  return project;
}
