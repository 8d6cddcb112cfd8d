import type { RestRoute } from "./types";

export const documentsRoutes: RestRoute[] = [];
