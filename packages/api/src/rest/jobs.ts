import { type RestRoute, route } from "./types";

export const jobsRoutes: RestRoute[] = [
  route({
    method: "GET",
    path: "/api/jobs/:id",
    procedure: "jobs.get",
    input: (req) => ({ id: req.params.id ?? "" }),
    doc: { stringParams: ["id"] },
  }),
];
