import type { RestRoute } from "./types";

export const aiRoutes: RestRoute[] = [];
