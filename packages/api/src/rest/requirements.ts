import type { RestRoute } from "./types";

export const requirementsRoutes: RestRoute[] = [];
