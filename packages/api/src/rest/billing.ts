import { body, type RestRoute } from "./types";

export const billingRoutes: RestRoute[] = [
  { method: "GET", path: "/api/subscription-plans", call: (c) => c.billing.plans() },
  { method: "GET", path: "/api/billing/config", call: (c) => c.billing.config() },
  {
    method: "POST",
    path: "/api/create-subscription",
    call: (c, req) =>
      c.billing.subscribe({ planId: body(req).planId as never, checkout: body(req).checkout as never }),
  },
  { method: "POST", path: "/api/cancel-subscription", call: (c) => c.billing.cancel() },
  { method: "GET", path: "/api/user/budget", call: (c) => c.billing.budget() },
  { method: "POST", path: "/api/user/budget", call: (c, req) => c.billing.setBudget(body(req) as never) },
];
