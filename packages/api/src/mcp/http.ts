import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Context } from "../context";
import { createCaller } from "../root";
import { createMcpServer } from "./server";

export const MCP_PATH = "/mcp";
export const MCP_TOKEN_REQUIRED = "A personal access token is required (Authorization: Bearer prl_…)";

/**
 * Answers one MCP request (a JSON-RPC POST) for the token owner in `ctx`, statelessly: a fresh
 * server and transport per request, as the SDK's stateless example does, so any replica can answer
 * any call. The caller must have checked that `ctx` was signed in with a personal access token.
 */
export async function handleMcpRequest(
  ctx: Context,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
): Promise<void> {
  const server = createMcpServer({
    caller: createCaller(ctx),
    appOrigin: ctx.config.appOrigin,
    logger: ctx.logger,
  });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on("close", () => {
    transport.close().catch(() => {});
    server.close().catch(() => {});
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
