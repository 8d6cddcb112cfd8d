import { type Services, toHttpError } from "@parley/api";
import type { FastifyInstance } from "fastify";

/** POST /api/stripe/webhook: Stripe's signed events, read as the raw body the signature covers. */
export function stripeWebhook(services: Services) {
  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      scope.removeContentTypeParser("application/json");
      scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) =>
        done(null, body),
      );
      scope.post("/api/stripe/webhook", async (req, reply) => {
        try {
          const signature = req.headers["stripe-signature"];
          const result = await services.billing.handleWebhook(
            req.body as Buffer,
            typeof signature === "string" ? signature : undefined,
          );
          return reply.send(result);
        } catch (error) {
          const { status, body } = toHttpError(error);
          return reply.code(status).send(body);
        }
      });
    });
  };
}
