import type { Logger } from "../context";
import type { Caller } from "../root";

/** What the MCP server's tools, resources and prompt are built over. */
export interface McpDeps {
  caller: Caller;
  /** The public origin, for share links. */
  appOrigin: string;
  logger: Logger;
}
