import type { RestRoute } from "./types";

export const promptsRoutes: RestRoute[] = [];
