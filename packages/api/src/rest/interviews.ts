import { AppError } from "../errors";
import { body, pathId, type RestRoute, route } from "./types";

export const interviewsRoutes: RestRoute[] = [
  route({
    method: "POST",
    path: "/api/interviews",
    status: 201,
    procedure: "interviews.create",
    input: body,
  }),
  route({
    method: "GET",
    path: "/api/interviews/:id",
    procedure: "interviews.get",
    input: (req) => ({ id: pathId(req) }),
  }),
  route({
    method: "GET",
    path: "/api/interviews/:id/summary",
    procedure: "interviews.summary",
    input: (req) => ({ id: pathId(req) }),
    output: (summary) => {
      if (!summary) throw new AppError("NOT_FOUND", "No summary saved for this interview yet.");
      return summary;
    },
    doc: { response: "output" },
  }),
  route({
    method: "PUT",
    path: "/api/interviews/:id/summary",
    procedure: "interviews.saveSummary",
    input: (req) => ({ id: pathId(req), content: body(req).content }),
    doc: { body: { pick: ["content"] } },
  }),
  route({
    method: "PATCH",
    path: "/api/interviews/:id/selection",
    procedure: "interviews.setSelection",
    input: (req) => ({ id: pathId(req), selected: body(req).selected }),
    doc: { body: { pick: ["selected"] } },
  }),
  route({
    method: "GET",
    path: "/api/interviews/:id/plan",
    procedure: "interviews.plan",
    input: (req) => ({ id: pathId(req) }),
  }),
  route({
    method: "PUT",
    path: "/api/interviews/:id/plan",
    procedure: "interviews.updatePlan",
    input: (req) => ({ id: pathId(req), plan: body(req).plan }),
    doc: { body: { pick: ["plan"] } },
  }),
  route({
    method: "GET",
    path: "/api/projects/:id/coverage",
    procedure: "interviews.coverage",
    input: (req) => ({ projectId: pathId(req) }),
  }),
  route({
    method: "DELETE",
    path: "/api/interviews/:id",
    procedure: "interviews.delete",
    input: (req) => ({ id: pathId(req) }),
  }),
];
