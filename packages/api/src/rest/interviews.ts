import { body, pathId, type RestRoute } from "./types";

export const interviewsRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/interviews",
    status: 201,
    call: (c, req) => c.interviews.create(body(req) as never),
  },
  { method: "GET", path: "/api/interviews/:id", call: (c, req) => c.interviews.get({ id: pathId(req) }) },
  {
    method: "PATCH",
    path: "/api/interviews/:id/selection",
    call: (c, req) => c.interviews.setSelection({ id: pathId(req), selected: body(req).selected as never }),
  },
  {
    method: "GET",
    path: "/api/interviews/:id/plan",
    call: (c, req) => c.interviews.plan({ id: pathId(req) }),
  },
  {
    method: "PUT",
    path: "/api/interviews/:id/plan",
    call: (c, req) => c.interviews.updatePlan({ id: pathId(req), plan: body(req).plan as never }),
  },
  {
    method: "GET",
    path: "/api/projects/:id/coverage",
    call: (c, req) => c.interviews.coverage({ projectId: pathId(req) }),
  },
  {
    method: "DELETE",
    path: "/api/interviews/:id",
    call: (c, req) => c.interviews.delete({ id: pathId(req) }),
  },
];
