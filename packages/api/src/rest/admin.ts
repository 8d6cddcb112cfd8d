import { z } from "zod";
import { USERS_PAGE_MAX, ZAdminUser } from "../routers/admin";
import { body, pathId, type RestRequest, type RestRoute, route } from "./types";

const userId = (req: RestRequest) => req.params.id ?? "";

export const adminRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/admin/users",
    // Documented as the users list: every matching user, newest first. ?search= narrows it;
    // ?limit= (with ?offset= or ?cursor=) asks for one page instead.
    call: async (c, req) => {
      const { search, limit, offset, cursor } = req.query;
      if (limit !== undefined || offset !== undefined || cursor !== undefined) {
        return (await c.admin.users({ search, limit: limit ?? 50, offset: offset ?? 0, cursor })).users;
      }
      // Page on by cursor (keyset): a sign-up while paging shifts nothing, so no user comes twice.
      const all: Awaited<ReturnType<typeof c.admin.users>>["users"] = [];
      let next: string | undefined;
      do {
        const page = await c.admin.users({ search, limit: USERS_PAGE_MAX, offset: 0, cursor: next });
        all.push(...page.users);
        next = page.nextCursor ?? undefined;
      } while (next);
      return all;
    },
    procedure: "admin.users",
    doc: { query: ["search", "limit", "offset", "cursor"], response: z.array(ZAdminUser) },
  },
  route({ method: "GET", path: "/api/admin/stats", procedure: "admin.stats" }),
  route({
    method: "GET",
    path: "/api/admin/users/:id",
    procedure: "admin.user",
    input: (req) => ({ id: userId(req) }),
    doc: { stringParams: ["id"] },
  }),
  route({
    method: "GET",
    path: "/api/admin/users/:id/projects",
    procedure: "admin.userProjects",
    input: (req) => ({ id: userId(req) }),
    doc: { stringParams: ["id"] },
  }),
  route({
    method: "GET",
    path: "/api/admin/users/:id/interviews",
    procedure: "admin.userInterviews",
    input: (req) => ({ id: userId(req) }),
    doc: { stringParams: ["id"] },
  }),
  route({
    method: "PATCH",
    path: "/api/admin/users/:id",
    procedure: "admin.updateUser",
    input: (req) => ({ ...body(req), id: userId(req) }),
    doc: { stringParams: ["id"], body: { omit: ["id"] } },
  }),
  route({
    method: "DELETE",
    path: "/api/admin/users/:id",
    procedure: "admin.deleteUser",
    input: (req) => ({ id: userId(req), confirmDelete: body(req).confirmDelete }),
    doc: { stringParams: ["id"], body: { pick: ["confirmDelete"] } },
  }),
  route({
    method: "POST",
    path: "/api/admin/users/:id/cancel-subscription",
    procedure: "admin.cancelSubscription",
    input: (req) => ({ id: userId(req) }),
    doc: { stringParams: ["id"] },
  }),
  route({
    method: "POST",
    path: "/api/admin/users/:id/reset-usage",
    procedure: "admin.resetUsage",
    input: (req) => ({ id: userId(req) }),
    doc: { stringParams: ["id"] },
  }),
  route({ method: "POST", path: "/api/admin/sync-subscriptions", procedure: "admin.syncSubscriptions" }),
  route({ method: "GET", path: "/api/admin/model-configurations", procedure: "admin.modelConfigurations" }),
  route({
    method: "POST",
    path: "/api/admin/model-configurations",
    status: 201,
    procedure: "admin.createModelConfiguration",
    input: body,
  }),
  route({
    method: "PATCH",
    path: "/api/admin/model-configurations/:id",
    procedure: "admin.updateModelConfiguration",
    input: (req) => ({ ...body(req), id: pathId(req) }),
    doc: { body: { omit: ["id"] } },
  }),
  route({
    method: "DELETE",
    path: "/api/admin/model-configurations/:id",
    procedure: "admin.deleteModelConfiguration",
    input: (req) => ({ id: pathId(req) }),
  }),
  route({
    method: "POST",
    path: "/api/admin/create-test-account",
    status: 201,
    procedure: "admin.createTestAccount",
    input: body,
  }),
];
