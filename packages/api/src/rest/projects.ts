import { body, pathId, type RestRoute, route } from "./types";

export const projectsRoutes: RestRoute[] = [
  route({ method: "GET", path: "/api/projects", procedure: "projects.list" }),
  // userId in the body is ignored: the owner is always the signed-in user.
  route({ method: "POST", path: "/api/projects", status: 201, procedure: "projects.create", input: body }),
  route({
    method: "GET",
    path: "/api/projects/:id",
    procedure: "projects.get",
    input: (req) => ({ id: pathId(req) }),
  }),
  route({
    method: "PATCH",
    path: "/api/projects/:id",
    procedure: "projects.update",
    input: (req) => ({ ...body(req), id: pathId(req) }),
    doc: { body: { omit: ["id"] } },
  }),
  route({
    method: "DELETE",
    path: "/api/projects/:id",
    procedure: "projects.delete",
    input: (req) => ({ id: pathId(req) }),
  }),
  route({
    method: "GET",
    path: "/api/projects/:id/interviews",
    procedure: "interviews.listByProject",
    input: (req) => ({ projectId: pathId(req) }),
  }),
];
