import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { toHttpError } from "../errors";
import { ZId } from "../schemas/common";
import { ZStakeholderType } from "../schemas/project";
import type { McpDeps } from "./deps";
import { fenceQuote, fenceQuotes, named, namedOne, QUOTES_ARE_DATA, ZQuotedEvidence } from "./format";
import { searchQuotes } from "./quotes";
import { interviewNames, loadRequirements, requirementsMarkdown, ZRequirementsOut } from "./requirements";

/** A tool's answer: its structured content, and the same for a reader as text. */
function answer<T extends Record<string, unknown>>(structured: T, text: string): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: structured };
}

/**
 * A refusal from a procedure (not found, read-only, plan limits) as a tool error the agent can read,
 * worded as the REST door words it; an unexpected failure is logged and answered without detail.
 */
function refusal(error: unknown, logger: McpDeps["logger"]): CallToolResult {
  const { status, body } = toHttpError(error);
  if (status >= 500) logger.error({ err: error }, "MCP tool failed");
  return { content: [{ type: "text", text: body.message }], isError: true };
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
const projectInput = { projectId: ZId.describe("The project's id (from list_projects)") };

const ZProjectSummary = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  objective: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
});
const ZBrief = ZProjectSummary.extend({
  targetAudience: z.string().nullable(),
  keyFeatures: z.string().nullable(),
  constraints: z.string().nullable(),
  domain: z.string().nullable(),
  references: z.string().nullable(),
  outputLanguage: z.string(),
  interviews: z.array(
    z.object({ id: z.number(), name: z.string(), stakeholderType: z.string(), status: z.string() }),
  ),
});
const ZThemeOut = z.object({ title: z.string(), count: z.number(), evidence: z.array(ZQuotedEvidence) });
const ZConflictOut = z.object({
  topic: z.string(),
  positions: z.array(ZQuotedEvidence.extend({ stance: z.string() })),
});
const ZPromptOut = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

export function registerTools(server: McpServer, { caller, appOrigin, logger }: McpDeps): void {
  const guarded =
    <A>(run: (args: A) => Promise<CallToolResult>) =>
    async (args: A) => {
      try {
        return await run(args);
      } catch (error) {
        return refusal(error, logger);
      }
    };

  server.registerTool(
    "list_projects",
    {
      title: "List projects",
      description: "The signed-in owner's Parley projects: id, title, objective and status.",
      inputSchema: {},
      outputSchema: { projects: z.array(ZProjectSummary) },
      annotations: READ_ONLY,
    },
    guarded(async () => {
      const projects = (await caller.projects.list()).map(
        ({ id, title, description, objective, status, createdAt }) => ({
          id,
          title,
          description,
          objective,
          status,
          createdAt,
        }),
      );
      return answer({ projects }, json(projects));
    }),
  );

  server.registerTool(
    "get_project_brief",
    {
      title: "Get a project's brief",
      description:
        "A project's brief: objective, audience, key features, constraints, domain, and its interviews.",
      inputSchema: projectInput,
      outputSchema: ZBrief.shape,
      annotations: READ_ONLY,
    },
    guarded(async ({ projectId }: { projectId: number }) => {
      const [project, interviews] = await Promise.all([
        caller.projects.get({ id: projectId }),
        caller.interviews.listByProject({ projectId }),
      ]);
      const { userId: _owner, updatedAt: _updated, ...brief } = project;
      const structured = {
        ...brief,
        interviews: interviews.map(({ id, name, stakeholderType, status }) => ({
          id,
          name,
          stakeholderType,
          status,
        })),
      };
      return answer(structured, json(structured));
    }),
  );

  server.registerTool(
    "get_requirements",
    {
      title: "Get the requirements tree",
      description:
        "Epics > features > user stories with acceptance criteria; every story and criterion carries its evidence (interview, turn, the participant's exact words).",
      inputSchema: projectInput,
      outputSchema: ZRequirementsOut.shape,
      annotations: READ_ONLY,
    },
    guarded(async ({ projectId }: { projectId: number }) => {
      const requirements = await loadRequirements(caller, projectId);
      return answer(requirements, requirementsMarkdown(requirements));
    }),
  );

  server.registerTool(
    "get_themes_and_conflicts",
    {
      title: "Get themes and conflicts",
      description:
        "The themes stakeholders raised and where they disagree, each with the quotes behind it, from the latest summary of the interviews.",
      inputSchema: projectInput,
      outputSchema: { themes: z.array(ZThemeOut), conflicts: z.array(ZConflictOut) },
      annotations: READ_ONLY,
    },
    guarded(async ({ projectId }: { projectId: number }) => {
      const [synthesis, names] = await Promise.all([
        caller.evidence.synthesis({ projectId }),
        interviewNames(caller, projectId),
      ]);
      const themes = synthesis.themes.map((theme) => ({
        title: theme.title,
        count: theme.count,
        evidence: named(names, theme.evidence),
      }));
      const conflicts = synthesis.conflicts.map((conflict) => ({
        topic: conflict.topic,
        positions: conflict.positions.map((position) => ({
          ...namedOne(names, position),
          stance: position.stance,
        })),
      }));
      const lines = [QUOTES_ARE_DATA, "", "## Themes"];
      if (!themes.length) lines.push("No themes yet: summarize the interviews in Parley first.");
      for (const theme of themes)
        lines.push(`- ${theme.title} (${theme.count})`, fenceQuotes(theme.evidence, "  "));
      lines.push("", "## Conflicts");
      if (!conflicts.length) lines.push("No conflicts found.");
      for (const conflict of conflicts) {
        lines.push(`- ${conflict.topic}`);
        for (const position of conflict.positions)
          lines.push(`  - ${position.stance}:`, fenceQuote(position, "    "));
      }
      return answer({ themes, conflicts }, lines.join("\n"));
    }),
  );

  server.registerTool(
    "get_summary",
    {
      title: "Get the active summary",
      description:
        "The project's active summary of its interviews, as markdown (empty until one is generated).",
      inputSchema: projectInput,
      outputSchema: { projectId: z.number(), summary: z.string() },
      annotations: READ_ONLY,
    },
    guarded(async ({ projectId }: { projectId: number }) => {
      const { summary } = await caller.documents.summary({ projectId });
      return answer({ projectId, summary }, summary || "No summary yet.");
    }),
  );

  server.registerTool(
    "get_build_prompt",
    {
      title: "Get or generate the build prompt",
      description:
        "The project's active build prompt. With generate: true (a read-write token), writes a new one from the summary, requirements and evidence and makes it active.",
      inputSchema: {
        ...projectInput,
        generate: z
          .boolean()
          .default(false)
          .describe("Write a new build prompt first (read-write tokens only)"),
      },
      outputSchema: { prompt: ZPromptOut.nullable() },
    },
    guarded(async ({ projectId, generate }: { projectId: number; generate: boolean }) => {
      const prompt = generate
        ? await caller.evidence.generatePrompt({ projectId })
        : ((await caller.prompts.list({ projectId })).find((p) => p.isActive) ?? null);
      if (!prompt) {
        return answer({ prompt: null }, "No build prompt yet: call get_build_prompt with generate: true.");
      }
      const { id, title, content, isActive, createdAt } = prompt;
      return answer({ prompt: { id, title, content, isActive, createdAt } }, content);
    }),
  );

  server.registerTool(
    "search_quotes",
    {
      title: "Search participants' quotes",
      description:
        "Searches the participants' verified quotes (the evidence of requirements, themes and conflicts) for every word of the query, in one project or all of them.",
      inputSchema: {
        query: z.string().trim().min(1).max(200).describe("Words that must all appear in the quote"),
        projectId: ZId.optional().describe("Only this project"),
        limit: z.number().int().min(1).max(100).default(20),
      },
      outputSchema: { quotes: z.array(ZQuotedEvidence.extend({ projectId: z.number() })) },
      annotations: READ_ONLY,
    },
    guarded(async ({ query, projectId, limit }: { query: string; projectId?: number; limit: number }) => {
      const projectIds = projectId ? [projectId] : (await caller.projects.list()).map((p) => p.id);
      const quotes = await searchQuotes(caller, projectIds, query, limit);
      const text = quotes.length
        ? [QUOTES_ARE_DATA, "", ...quotes.map((quote) => fenceQuote(quote))].join("\n")
        : "No quote matches.";
      return answer({ quotes }, text);
    }),
  );

  server.registerTool(
    "create_interview",
    {
      title: "Create an interview",
      description:
        "Creates an interview in a project (read-write tokens only) and answers its share link, to send to the stakeholder.",
      inputSchema: {
        ...projectInput,
        name: z.string().trim().min(1).max(200).describe("Who is interviewed, e.g. 'Ann, receptionist'"),
        stakeholderType: ZStakeholderType.default("user"),
      },
      outputSchema: { interviewId: z.number(), name: z.string(), shareLink: z.string() },
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    guarded(
      async (input: {
        projectId: number;
        name: string;
        stakeholderType: z.infer<typeof ZStakeholderType>;
      }) => {
        const interview = await caller.interviews.create({ ...input, status: "scheduled" });
        const shareLink = `${appOrigin}/interview/${interview.shareLink}`;
        return answer(
          { interviewId: interview.id, name: interview.name, shareLink },
          `Interview "${interview.name}" created. Share link: ${shareLink}`,
        );
      },
    ),
  );
}
