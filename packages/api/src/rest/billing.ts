import { body, type RestRoute, route } from "./types";

export const billingRoutes: RestRoute[] = [
  route({ method: "GET", path: "/api/subscription-plans", procedure: "billing.plans" }),
  route({ method: "GET", path: "/api/billing/config", procedure: "billing.config" }),
  route({
    method: "POST",
    path: "/api/create-subscription",
    procedure: "billing.subscribe",
    input: (req) => ({ planId: body(req).planId, checkout: body(req).checkout }),
    doc: { body: { pick: ["planId", "checkout"] } },
  }),
  route({ method: "POST", path: "/api/cancel-subscription", procedure: "billing.cancel" }),
  route({ method: "GET", path: "/api/user/budget", procedure: "billing.budget" }),
  route({ method: "POST", path: "/api/user/budget", procedure: "billing.setBudget", input: body }),
];
