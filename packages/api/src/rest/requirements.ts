import { body, pathId, type RestRoute } from "./types";

/**
 * GET answers { requirements, epics, documents }: the spec's client reads this path both as an
 * object with a requirements text and as an array of documents, which one JSON value cannot be;
 * the documents travel under `documents` (docs/decisions.md).
 */
export const requirementsRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/projects/:id/requirements",
    call: (c, req) => c.requirements.get({ projectId: pathId(req) }),
  },
  {
    method: "POST",
    path: "/api/projects/:id/requirements",
    call: (c, req) =>
      c.requirements.save({ projectId: pathId(req), requirements: body(req).requirements as never }),
  },
];
