/**
 * Prints the REST door's OpenAPI document, exactly as GET /api/openapi.json serves it:
 * `node --import tsx apps/api/src/print-openapi.ts > openapi.json`.
 */
import { buildOpenApiDocument, restRoutes } from "@parley/api/rest";

process.stdout.write(`${JSON.stringify(buildOpenApiDocument(restRoutes), null, 2)}\n`);
