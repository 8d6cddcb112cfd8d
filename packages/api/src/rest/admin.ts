import type { RestRoute } from "./types";

export const adminRoutes: RestRoute[] = [];
