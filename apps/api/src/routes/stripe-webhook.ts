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
          const { ignored, ...result } = await services.billing.handleWebhook(
            req.body as Buffer,
            typeof signature === "string" ? signature : undefined,
          );
          // A signed event we cannot apply: 2xx, so Stripe does not retry it for days, and a log line.
          if (ignored) req.log.warn({ reason: ignored }, "Stripe webhook ignored");
          return reply.send(result);
        } catch (error) {
          const answer = toHttpError(error);
          if (answer.status >= 500) req.log.error({ err: error }, "Stripe webhook failed");
          else req.log.warn({ message: answer.body.message }, "Stripe webhook refused");
          return reply.code(answer.status).send(answer.body);
        }
      });
    });
  };
}
