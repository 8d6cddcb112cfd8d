import { adminRoutes } from "./admin";
import { aiRoutes } from "./ai";
import { authRoutes } from "./auth";
import { billingRoutes } from "./billing";
import { chatRoutes } from "./chat";
import { documentsRoutes } from "./documents";
import { evidenceRoutes } from "./evidence";
import { interviewsRoutes } from "./interviews";
import { jobsRoutes } from "./jobs";
import { participantRoutes } from "./participant";
import { projectsRoutes } from "./projects";
import { promptsRoutes } from "./prompts";
import { requirementsRoutes } from "./requirements";
import type { RestRoute } from "./types";

export { callProcedure, createRestCaller } from "./caller";
export { buildOpenApiDocument, type OpenApiDocument, openApiPath } from "./openapi";
export { BinaryResult, JsonResult, type RestRequest, type RestRoute, StreamResult } from "./types";

/** Every documented `/api/...` path of both spec documents, each mapped to one procedure. */
export const restRoutes: RestRoute[] = [
  ...authRoutes,
  ...projectsRoutes,
  ...interviewsRoutes,
  ...documentsRoutes,
  ...promptsRoutes,
  ...requirementsRoutes,
  ...evidenceRoutes,
  ...chatRoutes,
  ...aiRoutes,
  ...participantRoutes,
  ...billingRoutes,
  ...adminRoutes,
  ...jobsRoutes,
];
