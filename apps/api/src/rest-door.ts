import fastifyMultipart from "@fastify/multipart";
import { createContext, type Services, toHttpError } from "@parley/api";
import {
  BinaryResult,
  createRestCaller,
  JsonResult,
  type RestRoute,
  restRoutes,
  StreamResult,
} from "@parley/api/rest";
import type { FastifyInstance } from "fastify";
import { DEFAULT_BODY_LIMIT, drainBody } from "./body-limits";
import { logFailure } from "./log-failure";
import { requestInfo } from "./request";

const MALFORMED_FORM = "Malformed multipart form data";

/**
 * The REST door: each route of @parley/api/rest calls the same procedure as the tRPC door, through a
 * caller built with the request's context; a binary, streamed or JSON answer is sent as it is.
 */
export async function registerRestDoor(app: FastifyInstance, services: Services): Promise<void> {
  const addRestRoute = (scope: FastifyInstance, route: RestRoute) =>
    scope.route({
      method: route.method,
      url: route.path,
      bodyLimit: route.bodyLimit ?? DEFAULT_BODY_LIMIT,
      handler: async (req, reply) => {
        try {
          const ctx = await createContext(services, requestInfo(req, reply));
          const result = await route.call(createRestCaller(ctx), {
            params: req.params as Record<string, string>,
            query: req.query as Record<string, string | undefined>,
            body: req.body,
            headers: req.headers,
          });
          if (result instanceof BinaryResult) {
            const { data } = result;
            if (result.fileName) {
              const safe = result.fileName.replace(/[^A-Za-z0-9._-]/g, "_");
              reply.header("content-disposition", `attachment; filename="${safe}"`);
            }
            return reply
              .type(result.contentType)
              .send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
          }
          if (result instanceof StreamResult) {
            // Streamed speech: bytes go on as the provider sends them.
            return reply.type(result.contentType).send(result.stream);
          }
          if (result instanceof Uint8Array) {
            return reply.type(route.contentType ?? "application/octet-stream").send(Buffer.from(result));
          }
          if (result instanceof JsonResult) {
            return reply
              .code(route.status ?? 200)
              .headers(result.headers)
              .send(result.body);
          }
          return reply.code(route.status ?? 200).send(result ?? { success: true });
        } catch (error) {
          const answer = toHttpError(error);
          logFailure(req.log, error, answer, route.path);
          if (answer.headers) reply.headers(answer.headers);
          return reply.code(answer.status).send(answer.body);
        }
      },
    });
  for (const route of restRoutes) if (!route.multipart) addRestRoute(app, route);
  // Uploads (recorded audio for POST /api/ai/transcribe) arrive as multipart form data. The parser
  // and its hooks live in their own scope, so the other routes neither accept multipart nor pay for it.
  await app.register(async (scope) => {
    // Route handlers answer their own errors: what reaches this scope's handler is the form's parse
    // (no boundary, a body cut before its closing boundary, a broken part header): the client's form.
    scope.setErrorHandler(async (error: Error & { statusCode?: number }, req, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      if (status === 413) await drainBody(req.raw);
      req.log.warn({ err: error }, "multipart form refused");
      const message =
        status === 413
          ? "Request body is too large"
          : status === 415
            ? "Unsupported content type"
            : MALFORMED_FORM;
      return reply.code(status).send({ message });
    });
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: true,
      limits: { fileSize: 25 * 1024 * 1024, files: 1, fields: 10 },
    });
    for (const route of restRoutes) if (route.multipart) addRestRoute(scope, route);
  });
}
