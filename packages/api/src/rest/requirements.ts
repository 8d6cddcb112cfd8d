import { body, pathId, type RestRoute, route } from "./types";

/**
 * GET answers { requirements, epics, documents }: the spec's client reads this path both as an
 * object with a requirements text and as an array of documents, which one JSON value cannot be;
 * the documents travel under `documents` (docs/decisions.md).
 */
export const requirementsRoutes: RestRoute[] = [
  route({
    method: "GET",
    path: "/api/projects/:id/requirements",
    procedure: "requirements.get",
    input: (req) => ({ projectId: pathId(req) }),
    doc: {
      description:
        "Answers `{ requirements, epics, documents }`: the spec's client reads this path both as the requirements text and as a list of documents, which one JSON value cannot be, so the documents travel under `documents`.",
    },
  }),
  route({
    method: "POST",
    path: "/api/projects/:id/requirements",
    procedure: "requirements.save",
    input: (req) => ({ projectId: pathId(req), requirements: body(req).requirements }),
    doc: { body: { pick: ["requirements"] } },
  }),
];
