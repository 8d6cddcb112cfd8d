import { AppError } from "../errors";
import { body, type RestRoute } from "./types";

export const authRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/auth/register",
    status: 201,
    call: (c, req) => c.auth.register(body(req) as never),
  },
  { method: "POST", path: "/api/auth/login", call: (c, req) => c.auth.login(body(req) as never) },
  {
    method: "GET",
    path: "/api/auth/user",
    async call(c) {
      const user = await c.auth.me();
      if (!user) throw new AppError("UNAUTHORIZED", "Not signed in");
      return user;
    },
  },
  { method: "GET", path: "/api/auth/providers", call: (c) => c.auth.providers() },
  { method: "POST", path: "/api/auth/logout", call: (c) => c.auth.logout() },
  {
    method: "POST",
    path: "/api/auth/forgot-password",
    call: (c, req) => c.auth.forgotPassword(body(req) as never),
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    call: (c, req) => c.auth.resetPassword(body(req) as never),
  },
  {
    method: "DELETE",
    path: "/api/auth/delete-account",
    call: (c, req) => c.auth.deleteAccount(body(req) as never),
  },
];
