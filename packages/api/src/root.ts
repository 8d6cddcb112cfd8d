import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { accessTokensRouter } from "./routers/access-tokens";
import { adminRouter } from "./routers/admin";
import { aiRouter } from "./routers/ai";
import { authRouter } from "./routers/auth";
import { billingRouter } from "./routers/billing";
import { chatRouter } from "./routers/chat";
import { documentsRouter } from "./routers/documents";
import { evidenceRouter } from "./routers/evidence";
import { interviewsRouter } from "./routers/interviews";
import { jobsRouter } from "./routers/jobs";
import { participantRouter } from "./routers/participant";
import { privacyRouter } from "./routers/privacy";
import { projectsRouter } from "./routers/projects";
import { promptsRouter } from "./routers/prompts";
import { requirementsRouter } from "./routers/requirements";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  projects: projectsRouter,
  interviews: interviewsRouter,
  documents: documentsRouter,
  prompts: promptsRouter,
  requirements: requirementsRouter,
  evidence: evidenceRouter,
  chat: chatRouter,
  ai: aiRouter,
  participant: participantRouter,
  privacy: privacyRouter,
  billing: billingRouter,
  admin: adminRouter,
  jobs: jobsRouter,
  accessTokens: accessTokensRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
