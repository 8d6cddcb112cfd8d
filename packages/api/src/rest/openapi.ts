/**
 * The OpenAPI 3.1 document of the REST door, made from the route table and the procedures' own zod
 * schemas (zod's `z.toJSONSchema`, whose draft 2020-12 is OpenAPI 3.1's dialect): a route's body is
 * its procedure's input (or the part its mapping reads, `doc.body`), its answer the procedure's
 * output (or what `doc.response` says the mapping makes of it). Nothing here restates a field.
 */
import type { AnyRouter } from "@trpc/server";
import { z } from "zod";
import { participantProcedure } from "../participant";
import { appRouter } from "../root";
import { adminProcedure, authedProcedure } from "../trpc";
import type { RestRoute, RouteDoc } from "./types";

type JsonSchema = Record<string, unknown>;

interface ProcedureSchemas {
  input: z.ZodType | undefined;
  output: z.ZodType | undefined;
  middlewares: unknown[];
}

interface ProcedureDef {
  _def: { inputs: unknown[]; output?: unknown; middlewares: unknown[] };
}

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** A procedure's input (its parsers merged, as tRPC merges them) and output schema. */
function procedureSchemas(router: AnyRouter, path: string): ProcedureSchemas {
  const procedure = (router._def.procedures as Record<string, ProcedureDef>)[path];
  if (!procedure) throw new Error(`OpenAPI: no procedure ${path}`);
  const inputs = procedure._def.inputs.filter(isZod);
  let input: z.ZodType | undefined = inputs[0];
  if (inputs.length > 1) {
    const shapes = inputs.map((schema) => {
      if (!(schema instanceof z.ZodObject)) throw new Error(`OpenAPI: ${path} merges a non-object input`);
      return schema.shape;
    });
    input = z.object(Object.assign({}, ...shapes));
  }
  const output = procedure._def.output as { schema?: unknown } | undefined;
  return {
    input,
    output: isZod(output?.schema) ? output.schema : undefined,
    middlewares: procedure._def.middlewares,
  };
}

/** JSON Schema of a zod schema as a request (`input`) or an answer (`output`) carries it. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema: json }) => {
      // Dates travel as ISO strings.
      const type = zodSchema._zod.def.type;
      if (type === "date") Object.assign(json, { type: "string", format: "date-time" });
      // Bytes (Uint8Array, a custom schema) arrive only as a multipart form's file.
      if (type === "custom")
        Object.assign(json, { type: "string", contentMediaType: "application/octet-stream" });
    },
  });
  return rest;
}

/** The object inside a defaulted, optional or nullable one (an input that may be left out). */
function unwrapObject(schema: z.ZodType | undefined): z.ZodType | undefined {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return unwrapObject(schema.unwrap() as z.ZodType);
  }
  return schema;
}

function fields(
  wrapped: z.ZodType | undefined,
  route: RestRoute,
  keys: readonly string[],
  mode: "pick" | "omit",
) {
  const schema = unwrapObject(wrapped);
  if (!(schema instanceof z.ZodObject)) throw new Error(`OpenAPI: ${route.path} maps fields of a non-object`);
  const mask = Object.fromEntries(keys.map((key) => [key, true as const]));
  const shape = schema.shape as Record<string, z.ZodType>;
  for (const key of keys)
    if (!(key in shape)) throw new Error(`OpenAPI: ${route.path} names no field ${key}`);
  const kept = Object.fromEntries(
    Object.entries(shape).filter(([key]) => (mode === "pick" ? key in mask : !(key in mask))),
  );
  return z.object(kept);
}

function bodySchema(route: RestRoute, doc: RouteDoc, input: z.ZodType | undefined): z.ZodType | undefined {
  const { body } = doc;
  if (body === undefined) return undefined;
  if (body === "input") return input;
  if (isZod(body)) return body;
  return "pick" in body ? fields(input, route, body.pick, "pick") : fields(input, route, body.omit, "omit");
}

const ERROR = { $ref: "#/components/responses/Error" };

/** A file answered as bytes: text or binary of its type; a JSON file is JSON, of the export's own shape. */
const fileSchema = (type: string) =>
  type === "application/json"
    ? { description: "The exported file, as JSON." }
    : { type: "string", contentMediaType: type };

function responses(route: RestRoute, doc: RouteDoc, output: z.ZodType | undefined) {
  const status = String(route.status ?? 200);
  const { response } = doc;
  if (route.reshapesOutput && response === undefined) {
    throw new Error(`OpenAPI: ${route.method} ${route.path} reshapes its answer; say how in doc.response`);
  }
  let success: JsonSchema;
  if (response && typeof response === "object" && "binary" in response) {
    success = {
      description: "The file's bytes.",
      content: Object.fromEntries(response.binary.map((type) => [type, { schema: fileSchema(type) }])),
    };
  } else {
    let schema: z.ZodType | undefined = output;
    if (isZod(response)) schema = response;
    else if (response === "output" && output instanceof z.ZodNullable) schema = output.unwrap() as z.ZodType;
    if (!schema) throw new Error(`OpenAPI: ${route.method} ${route.path} has no output schema`);
    success = {
      description: "Success.",
      ...(doc.responseHeaders ? { headers: headersOf(doc.responseHeaders) } : {}),
      content: { "application/json": { schema: jsonSchema(schema, "output") } },
    };
  }
  const refusals = Object.fromEntries(
    Object.entries(doc.refusals ?? {}).map(([code, refusal]) => [
      code,
      {
        description: refusal.description,
        ...(refusal.headers ? { headers: headersOf(refusal.headers) } : {}),
        content: { "application/json": { schema: jsonSchema(refusal.body, "output") } },
      },
    ]),
  );
  return {
    [status]: success,
    "400": ERROR,
    "401": ERROR,
    "403": ERROR,
    "404": ERROR,
    "413": ERROR,
    "429": ERROR,
    ...refusals,
    "4XX": ERROR,
    "5XX": ERROR,
  };
}

/** Response headers as OpenAPI writes them: each a string, with what it means. */
const headersOf = (headers: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, description]) => [name, { description, schema: { type: "string" } }]),
  );

const SESSION = [{ sessionCookie: [] }, { bearer: [] }];
const PARTICIPANT = [...SESSION, { participantGrant: [] }];

/** Who may call: read from the builder the procedure was made with (its middlewares). */
function security(middlewares: unknown[]) {
  const made = (builder: { _def: { middlewares: unknown[] } }) =>
    builder._def.middlewares.every((middleware) => middlewares.includes(middleware));
  if (made(adminProcedure)) return { security: SESSION, "x-parley-access": "admin" };
  if (made(authedProcedure)) return { security: SESSION };
  if (made(participantProcedure)) return { security: PARTICIPANT };
  return { security: [{}, ...SESSION] };
}

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

function operation(route: RestRoute, router: AnyRouter) {
  if (!route.procedure) throw new Error(`OpenAPI: ${route.method} ${route.path} names no procedure`);
  const doc = route.doc ?? {};
  const { input, output, middlewares } = procedureSchemas(router, route.procedure);
  const [namespace = "", name = ""] = route.procedure.split(".");
  const parameters: JsonSchema[] = [];
  for (const [, param] of route.path.matchAll(/:(\w+)/g)) {
    const isString = doc.stringParams?.includes(param ?? "");
    parameters.push({
      name: param,
      in: "path",
      required: true,
      schema: isString ? { type: "string" } : { type: "string", pattern: "^\\d+$" },
    });
  }
  if (doc.query) {
    const query = fields(input, route, doc.query, "pick");
    for (const [key, schema] of Object.entries(query.shape as Record<string, z.ZodType>)) {
      parameters.push({ name: key, in: "query", required: false, schema: jsonSchema(schema, "input") });
    }
  }
  for (const [header, description] of Object.entries(doc.headers ?? {})) {
    parameters.push({ name: header, in: "header", required: false, description, schema: { type: "string" } });
  }
  const body = bodySchema(route, doc, input);
  const bodySchemaJson = body && jsonSchema(body, "input");
  return {
    operationId: route.procedure,
    summary: doc.summary ?? `${namespace}: ${words(name)}`,
    ...(doc.description ? { description: doc.description } : {}),
    tags: [namespace],
    ...security(middlewares),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(bodySchemaJson
      ? {
          requestBody: {
            required: route.method !== "DELETE" && route.method !== "GET",
            content: {
              "application/json": { schema: bodySchemaJson },
              ...(route.multipart ? { "multipart/form-data": { schema: bodySchemaJson } } : {}),
            },
          },
        }
      : {}),
    responses: responses(route, doc, output),
  };
}

/** `/api/projects/:id` as OpenAPI writes it: `/api/projects/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

/** The document for `routes` (the REST table) over the procedures of `router`. */
export function buildOpenApiDocument(routes: RestRoute[], router: AnyRouter = appRouter) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route, router) };
  }
  const tags = [...new Set(routes.map((route) => route.procedure?.split(".")[0] ?? ""))].map((name) => ({
    name,
    description: `The ${name} procedures through the REST door.`,
  }));
  return {
    openapi: "3.1.0",
    info: {
      title: "Parley REST API",
      version: "1.0.0",
      description: [
        "Every documented `/api` path of Parley, generated from the zod schemas its tRPC procedures validate with.",
        "",
        "- **Errors** answer `{ message }` (and `upgradeRequired: true` where a plan limit refused the call).",
        "- **Auth**: the `session` cookie set by sign-in, or the same kind of credential as `Authorization: Bearer <token>`.",
        "  A participant's calls carry the share link's grant cookie instead.",
        "- **Conversation messages** travel as JSON-encoded strings, not objects (spec 2 §3); so do chat history messages.",
      ].join("\n"),
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/", description: "This server" }],
    tags,
    paths,
    components: {
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "session",
          description: "The session cookie set by sign-in or sign-up.",
        },
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            "A token in `Authorization: Bearer`: the token answered by sign-in, or a personal access token.",
        },
        participantGrant: {
          type: "apiKey",
          in: "cookie",
          name: "pgrant_{interviewId}",
          description: "Set when a participant opens a share link; it lets them take that one interview.",
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["message"],
          properties: {
            message: { type: "string", description: "What went wrong, in words to show the user." },
            upgradeRequired: { type: "boolean", description: "A plan limit refused the call." },
          },
        },
      },
      responses: {
        Error: {
          description: "Refused: `{ message }`.",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
