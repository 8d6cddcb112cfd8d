import type { Services } from "@parley/api";
import type { FastifyInstance } from "fastify";
import type { Env } from "../env";
import { apiReferenceRoutes } from "./api-reference";
import { oidcRoutes } from "./oidc";
import { stripeWebhook } from "./stripe-webhook";

/**
 * Plain Fastify routes outside the REST table: Stripe webhooks, OpenID Connect sign-in, and the
 * REST door's OpenAPI document with its reference page.
 * Each module adds its registration function here.
 */
export function extraRoutes(
  services: Services,
  env: Env,
): Array<(app: FastifyInstance) => Promise<void> | void> {
  return [stripeWebhook(services), oidcRoutes(services, env), apiReferenceRoutes()];
}
