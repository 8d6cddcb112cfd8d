import { body, pathId, type RestRoute } from "./types";

export const promptsRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/projects/:id/replit-prompts",
    call: (c, req) => c.prompts.list({ projectId: pathId(req) }),
  },
  {
    method: "POST",
    path: "/api/replit-prompts",
    status: 201,
    call: (c, req) => c.prompts.create(body(req) as never),
  },
];
