import { USERS_PAGE_MAX } from "../routers/admin";
import { body, pathId, type RestRoute } from "./types";

const userId = (req: { params: Record<string, string> }) => req.params.id ?? "";

export const adminRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/users",
    // Documented as the users list: every matching user, newest first. ?search= narrows it;
    // ?limit= and ?offset= ask for one page instead.
    call: async (c, req) => {
      const { search, limit, offset } = req.query;
      if (limit !== undefined || offset !== undefined) {
        return (await c.admin.users({ search, limit: limit as never, offset: offset as never })).users;
      }
      // One query up to USERS_PAGE_MAX users; beyond that, page on. A sign-up between pages shifts
      // the offsets by one, so a user already listed is skipped rather than listed twice.
      const all: Awaited<ReturnType<typeof c.admin.users>>["users"] = [];
      const seen = new Set<string>();
      for (let start = 0; ; start += USERS_PAGE_MAX) {
        const page = await c.admin.users({ search, limit: USERS_PAGE_MAX, offset: start });
        for (const user of page.users) {
          if (seen.has(user.id)) continue;
          seen.add(user.id);
          all.push(user);
        }
        if (page.users.length < USERS_PAGE_MAX || start + USERS_PAGE_MAX >= page.total) return all;
      }
    },
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
