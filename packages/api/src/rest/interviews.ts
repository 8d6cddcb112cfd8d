import { AppError } from "../errors";
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
    method: "GET",
    path: "/api/interviews/:id/summary",
    call: async (c, req) => {
      const summary = await c.interviews.summary({ id: pathId(req) });
      if (!summary) throw new AppError("NOT_FOUND", "No summary saved for this interview yet.");
      return summary;
    },
  },
  {
    method: "PUT",
    path: "/api/interviews/:id/summary",
    call: (c, req) => c.interviews.saveSummary({ id: pathId(req), content: body(req).content as never }),
  },
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
