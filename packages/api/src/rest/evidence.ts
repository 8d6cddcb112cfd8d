import { BinaryResult, pathId, type RestRoute, route } from "./types";

const projectInput = (req: Parameters<typeof pathId>[0]) => ({ projectId: pathId(req) });

/** Issue 15: evidence jobs and the requirements export. */
export const evidenceRoutes: RestRoute[] = [
  route({
    method: "POST",
    path: "/api/projects/:id/synthesis",
    status: 202,
    procedure: "evidence.synthesize",
    input: projectInput,
  }),
  route({
    method: "GET",
    path: "/api/projects/:id/synthesis",
    procedure: "evidence.synthesis",
    input: projectInput,
  }),
  route({
    method: "POST",
    path: "/api/projects/:id/requirements/generate",
    status: 202,
    procedure: "evidence.generateRequirements",
    input: projectInput,
  }),
  route({
    method: "GET",
    path: "/api/projects/:id/requirements/export",
    procedure: "evidence.exportRequirements",
    input: (req) => ({ projectId: pathId(req), format: req.query.format }),
    output: (file) =>
      new BinaryResult(new TextEncoder().encode(file.content), file.contentType, file.fileName),
    doc: { query: ["format"], response: { binary: ["text/markdown", "text/csv", "application/json"] } },
  }),
  route({
    method: "POST",
    path: "/api/projects/:id/replit-prompts/generate",
    status: 201,
    procedure: "evidence.generatePrompt",
    input: projectInput,
  }),
  route({
    method: "POST",
    path: "/api/interviews/:id/extraction",
    status: 202,
    procedure: "evidence.extractInterview",
    input: (req) => ({ interviewId: pathId(req) }),
  }),
];
