import { body, pathId, type RestRoute, route } from "./types";

export const promptsRoutes: RestRoute[] = [
  route({
    method: "GET",
    path: "/api/projects/:id/replit-prompts",
    procedure: "prompts.list",
    input: (req) => ({ projectId: pathId(req) }),
  }),
  route({
    method: "POST",
    path: "/api/replit-prompts",
    status: 201,
    procedure: "prompts.create",
    input: body,
  }),
];
