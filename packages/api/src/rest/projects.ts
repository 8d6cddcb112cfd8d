import { body, pathId, type RestRoute } from "./types";

export const projectsRoutes: RestRoute[] = [
  { method: "GET", path: "/api/projects", call: (c) => c.projects.list() },
  {
    method: "POST",
    path: "/api/projects",
    status: 201,
    // userId in the body is ignored: the owner is always the signed-in user.
    call: (c, req) => c.projects.create(body(req) as never),
  },
  { method: "GET", path: "/api/projects/:id", call: (c, req) => c.projects.get({ id: pathId(req) }) },
  {
    method: "PATCH",
    path: "/api/projects/:id",
    call: (c, req) => c.projects.update({ ...(body(req) as object), id: pathId(req) } as never),
  },
  { method: "DELETE", path: "/api/projects/:id", call: (c, req) => c.projects.delete({ id: pathId(req) }) },
  {
    method: "GET",
    path: "/api/projects/:id/interviews",
    call: (c, req) => c.interviews.listByProject({ projectId: pathId(req) }),
  },
];
