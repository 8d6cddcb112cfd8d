import { body, pathId, type RestRoute } from "./types";

const userId = (req: { params: Record<string, string> }) => req.params.id ?? "";

export const adminRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/users",
    // Documented as a list of users; ?search=, ?limit= and ?offset= narrow it.
    call: async (c, req) =>
      (
        await c.admin.users({
          search: req.query.search,
          limit: req.query.limit as never,
          offset: req.query.offset as never,
        })
      ).users,
  },
  { method: "GET", path: "/api/admin/stats", call: (c) => c.admin.stats() },
  { method: "GET", path: "/api/admin/users/:id", call: (c, req) => c.admin.user({ id: userId(req) }) },
  {
    method: "GET",
    path: "/api/admin/users/:id/projects",
    call: (c, req) => c.admin.userProjects({ id: userId(req) }),
  },
  {
    method: "GET",
    path: "/api/admin/users/:id/interviews",
    call: (c, req) => c.admin.userInterviews({ id: userId(req) }),
  },
  {
    method: "PATCH",
    path: "/api/admin/users/:id",
    call: (c, req) => c.admin.updateUser({ ...(body(req) as object), id: userId(req) } as never),
  },
  {
    method: "DELETE",
    path: "/api/admin/users/:id",
    call: (c, req) =>
      c.admin.deleteUser({ id: userId(req), confirmDelete: body(req).confirmDelete as never }),
  },
  {
    method: "POST",
    path: "/api/admin/users/:id/cancel-subscription",
    call: (c, req) => c.admin.cancelSubscription({ id: userId(req) }),
  },
  {
    method: "POST",
    path: "/api/admin/users/:id/reset-usage",
    call: (c, req) => c.admin.resetUsage({ id: userId(req) }),
  },
  { method: "POST", path: "/api/admin/sync-subscriptions", call: (c) => c.admin.syncSubscriptions() },
  { method: "GET", path: "/api/admin/model-configurations", call: (c) => c.admin.modelConfigurations() },
  {
    method: "POST",
    path: "/api/admin/model-configurations",
    status: 201,
    call: (c, req) => c.admin.createModelConfiguration(body(req) as never),
  },
  {
    method: "PATCH",
    path: "/api/admin/model-configurations/:id",
    call: (c, req) =>
      c.admin.updateModelConfiguration({ ...(body(req) as object), id: pathId(req) } as never),
  },
  {
    method: "DELETE",
    path: "/api/admin/model-configurations/:id",
    call: (c, req) => c.admin.deleteModelConfiguration({ id: pathId(req) }),
  },
  {
    method: "POST",
    path: "/api/admin/create-test-account",
    status: 201,
    call: (c, req) => c.admin.createTestAccount(body(req) as never),
  },
];
