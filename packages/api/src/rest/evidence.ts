import { BinaryResult, pathId, type RestRoute } from "./types";

/** Issue 15: evidence jobs and the requirements export. */
export const evidenceRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/projects/:id/synthesis",
    status: 202,
    call: (c, req) => c.evidence.synthesize({ projectId: pathId(req) }),
  },
  {
    method: "GET",
    path: "/api/projects/:id/synthesis",
    call: (c, req) => c.evidence.synthesis({ projectId: pathId(req) }),
  },
  {
    method: "POST",
    path: "/api/projects/:id/requirements/generate",
    status: 202,
    call: (c, req) => c.evidence.generateRequirements({ projectId: pathId(req) }),
  },
  {
    method: "GET",
    path: "/api/projects/:id/requirements/export",
    call: async (c, req) => {
      const file = await c.evidence.exportRequirements({
        projectId: pathId(req),
        format: (req.query.format ?? "") as never,
      });
      return new BinaryResult(new TextEncoder().encode(file.content), file.contentType, file.fileName);
    },
  },
  {
    method: "POST",
    path: "/api/projects/:id/replit-prompts/generate",
    status: 201,
    call: (c, req) => c.evidence.generatePrompt({ projectId: pathId(req) }),
  },
  {
    method: "POST",
    path: "/api/interviews/:id/extraction",
    status: 202,
    call: (c, req) => c.evidence.extractInterview({ interviewId: pathId(req) }),
  },
];
