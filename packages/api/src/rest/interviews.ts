import type { RestRoute } from "./types";

export const interviewsRoutes: RestRoute[] = [];
