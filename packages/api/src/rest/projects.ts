import type { RestRoute } from "./types";

export const projectsRoutes: RestRoute[] = [];
