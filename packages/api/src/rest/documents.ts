import { body, pathId, type RestRoute } from "./types";

export const documentsRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/projects/:id/documents",
    call: (c, req) => c.documents.list({ projectId: pathId(req) }),
  },
  {
    method: "POST",
    path: "/api/documents",
    status: 201,
    call: (c, req) => c.documents.create(body(req) as never),
  },
  { method: "DELETE", path: "/api/documents/:id", call: (c, req) => c.documents.delete({ id: pathId(req) }) },
  {
    method: "GET",
    path: "/api/projects/:id/summary",
    call: (c, req) => c.documents.summary({ projectId: pathId(req) }),
  },
  {
    method: "POST",
    path: "/api/projects/:id/summary",
    call: (c, req) =>
      c.documents.saveSummary({ projectId: pathId(req), summary: body(req).summary as never }),
  },
];
