import { AppError } from "../errors";
import { body, type RestRoute, route } from "./types";

export const authRoutes: RestRoute[] = [
  route({ method: "POST", path: "/api/auth/register", status: 201, procedure: "auth.register", input: body }),
  route({ method: "POST", path: "/api/auth/login", procedure: "auth.login", input: body }),
  route({
    method: "GET",
    path: "/api/auth/user",
    procedure: "auth.me",
    output: (user) => {
      if (!user) throw new AppError("UNAUTHORIZED", "Not signed in");
      return user;
    },
    doc: { response: "output" },
  }),
  route({ method: "GET", path: "/api/auth/providers", procedure: "auth.providers" }),
  route({ method: "POST", path: "/api/auth/logout", procedure: "auth.logout" }),
  route({ method: "POST", path: "/api/auth/forgot-password", procedure: "auth.forgotPassword", input: body }),
  route({ method: "POST", path: "/api/auth/reset-password", procedure: "auth.resetPassword", input: body }),
  route({ method: "DELETE", path: "/api/auth/delete-account", procedure: "auth.deleteAccount", input: body }),
];
