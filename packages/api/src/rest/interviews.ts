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
    method: "DELETE",
    path: "/api/interviews/:id",
    call: (c, req) => c.interviews.delete({ id: pathId(req) }),
  },
];
