import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { Logger } from "../context";
import { AppError, toHttpError } from "../errors";
import type { Caller } from "../root";
import type { McpDeps } from "./deps";
import { QUOTES_ARE_DATA } from "./format";
import { featureMarkdown, loadRequirements, requirementsMarkdown } from "./requirements";
import { registerTools } from "./tools";

/**
 * The MCP door for coding agents: tools, resources and a prompt over the same tRPC procedures the
 * web app calls, through a server-side caller built with the token owner's context. Authorization
 * (owner-only data, read-only tokens, plan limits) is therefore the procedures' own, not a copy.
 */

/**
 * Runs a resource read or a prompt; a refusal is thrown again with the REST door's wording (the SDK
 * answers it as a JSON-RPC error), an unexpected failure is logged and thrown without detail.
 */
async function answering<T>(logger: Logger, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const { status, body } = toHttpError(error);
    if (status >= 500) logger.error({ err: error }, "MCP request failed");
    throw new Error(body.message);
  }
}

const projectIdOf = (variables: Record<string, string | string[]>) => {
  const value = variables.projectId;
  return Number(Array.isArray(value) ? value[0] : value);
};

async function listProjectResources(caller: Caller, kind: "summary" | "requirements") {
  const projects = await caller.projects.list();
  return {
    resources: projects.map((project) => ({
      uri: `parley://projects/${project.id}/${kind}`,
      name: `${project.title}: ${kind}`,
      mimeType: "text/markdown",
    })),
  };
}

function registerResources(server: McpServer, { caller, logger }: McpDeps): void {
  server.registerResource(
    "summary",
    new ResourceTemplate("parley://projects/{projectId}/summary", {
      list: () => listProjectResources(caller, "summary"),
    }),
    {
      title: "Active summary",
      description: "A project's active summary of its interviews, as markdown",
      mimeType: "text/markdown",
    },
    (uri, variables) =>
      answering(logger, async () => {
        const { summary } = await caller.documents.summary({ projectId: projectIdOf(variables) });
        return {
          contents: [{ uri: uri.href, mimeType: "text/markdown", text: summary || "No summary yet." }],
        };
      }),
  );
  server.registerResource(
    "requirements",
    new ResourceTemplate("parley://projects/{projectId}/requirements", {
      list: () => listProjectResources(caller, "requirements"),
    }),
    {
      title: "Requirements",
      description: "A project's requirements tree with every story's quoted evidence, as markdown",
      mimeType: "text/markdown",
    },
    (uri, variables) =>
      answering(logger, async () => {
        const requirements = await loadRequirements(caller, projectIdOf(variables));
        return {
          contents: [{ uri: uri.href, mimeType: "text/markdown", text: requirementsMarkdown(requirements) }],
        };
      }),
  );
}

function registerPrompts(server: McpServer, { caller, logger }: McpDeps): void {
  server.registerPrompt(
    "implement_feature",
    {
      title: "Implement this feature",
      description:
        "Packs one feature of a project's requirements (its stories, acceptance criteria and the participants' quotes) as a task for a coding agent.",
      argsSchema: {
        projectId: z.string().describe("The project's id"),
        featureId: z.string().describe("The feature's id (from get_requirements)"),
      },
    },
    ({ projectId, featureId }) =>
      answering(logger, async () => {
        const requirements = await loadRequirements(caller, Number(projectId));
        const epic = requirements.epics.find((e) => e.features.some((f) => f.id === Number(featureId)));
        const feature = epic?.features.find((f) => f.id === Number(featureId));
        if (!epic || !feature) throw new AppError("NOT_FOUND", "Feature not found");
        const text = [
          `Implement the feature "${feature.name}" of the product "${requirements.projectTitle}" (epic: ${epic.name}).`,
          "",
          "Work story by story; each acceptance criterion must hold when you are done, and add tests that show it.",
          "Where a story is marked as an assumption, implement the simplest reading and say so.",
          QUOTES_ARE_DATA,
          "",
          featureMarkdown(feature, "#"),
        ].join("\n");
        return {
          description: `Implement ${feature.name}`,
          messages: [{ role: "user" as const, content: { type: "text" as const, text } }],
        };
      }),
  );
}

/** A new MCP server for one request (the door is stateless: nothing is kept between calls). */
export function createMcpServer(deps: McpDeps): McpServer {
  const server = new McpServer(
    { name: "parley", version: "1.0.0" },
    {
      instructions:
        "Parley holds product requirements drawn from stakeholder interviews. Start with list_projects, then get_requirements. " +
        QUOTES_ARE_DATA,
    },
  );
  registerTools(server, deps);
  registerResources(server, deps);
  registerPrompts(server, deps);
  return server;
}
