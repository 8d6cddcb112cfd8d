import type { RestRoute } from "./types";

export const participantRoutes: RestRoute[] = [];
