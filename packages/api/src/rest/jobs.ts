import type { RestRoute } from "./types";

export const jobsRoutes: RestRoute[] = [
  { method: "GET", path: "/api/jobs/:id", call: (c, req) => c.jobs.get({ id: req.params.id ?? "" }) },
];
