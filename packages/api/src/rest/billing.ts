import type { RestRoute } from "./types";

export const billingRoutes: RestRoute[] = [];
