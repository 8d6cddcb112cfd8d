import { body, pathId, type RestRoute, route } from "./types";

export const documentsRoutes: RestRoute[] = [
  route({
    method: "GET",
    path: "/api/projects/:id/documents",
    procedure: "documents.list",
    input: (req) => ({ projectId: pathId(req) }),
  }),
  route({ method: "POST", path: "/api/documents", status: 201, procedure: "documents.create", input: body }),
  route({
    method: "DELETE",
    path: "/api/documents/:id",
    procedure: "documents.delete",
    input: (req) => ({ id: pathId(req) }),
  }),
  route({
    method: "GET",
    path: "/api/projects/:id/summary",
    procedure: "documents.summary",
    input: (req) => ({ projectId: pathId(req) }),
  }),
  route({
    method: "POST",
    path: "/api/projects/:id/summary",
    procedure: "documents.saveSummary",
    input: (req) => ({ projectId: pathId(req), summary: body(req).summary }),
    doc: { body: { pick: ["summary"] } },
  }),
];
