import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ensureAdmin } from "@parley/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bikeProject, finished } from "./evidence-fixtures";
import { Client, signUpOnPlan, startTestServer, type TestServer, trpcMutation } from "./harness";

let server: TestServer;
let bikes: Awaited<ReturnType<typeof bikeProject>>;
let readWrite: string;
let readOnly: string;

async function makeToken(client: Client, scope: "read" | "read_write") {
  const res = await trpcMutation(client, "accessTokens.create", {
    name: `agent ${scope}`,
    scope,
    expiresInDays: 7,
  });
  expect(res.status).toBe(200);
  return res.body.result.data as { token: string; accessToken: { id: number } };
}

/** A real MCP client from the SDK, over Streamable HTTP, signed in with `token`. */
async function connect(token: string) {
  const client = new McpClient({ name: "parley-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** A tool result's text parts, joined. */
const textOf = (result: object) =>
  ((result as { content?: Array<{ text?: string }> }).content ?? [])
    .map((part) => part.text ?? "")
    .join("\n");

beforeAll(async () => {
  server = await startTestServer();
  bikes = await bikeProject(server);
  const { owner, projectId } = bikes;
  const synthesis = await owner.client.post(`/api/projects/${projectId}/synthesis`);
  expect((await finished(owner.client, synthesis.body.jobId)).status).toBe("succeeded");
  const requirements = await owner.client.post(`/api/projects/${projectId}/requirements/generate`);
  expect((await finished(owner.client, requirements.body.jobId)).status).toBe("succeeded");
  readWrite = (await makeToken(owner.client, "read_write")).token;
  readOnly = (await makeToken(owner.client, "read")).token;
}, 90_000);
afterAll(async () => {
  await server?.close();
});

describe("the MCP door", () => {
  it("lists its tools, each with input and output schemas, its resources and its prompt", async () => {
    const client = await connect(readOnly);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "create_interview",
      "get_build_prompt",
      "get_project_brief",
      "get_requirements",
      "get_summary",
      "get_themes_and_conflicts",
      "list_projects",
      "search_quotes",
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
    }
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual([
      `parley://projects/${bikes.projectId}/requirements`,
      `parley://projects/${bikes.projectId}/summary`,
    ]);
    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual([
      expect.objectContaining({ name: "implement_feature", title: "Implement this feature" }),
    ]);
    await client.close();
  });

  it("calls each read tool for the owner's project, with every quote fenced and its interview named", async () => {
    const client = await connect(readOnly);
    const { projectId, rider, operator } = bikes;

    const projects = await client.callTool({ name: "list_projects", arguments: {} });
    expect(projects.structuredContent).toEqual({
      projects: [expect.objectContaining({ id: projectId, title: "Bike share", objective: "Unlock faster" })],
    });

    const brief = await client.callTool({ name: "get_project_brief", arguments: { projectId } });
    expect(brief.structuredContent).toMatchObject({
      id: projectId,
      title: "Bike share",
      interviews: expect.arrayContaining([expect.objectContaining({ id: rider, name: "Rider" })]),
    });

    const requirements = await client.callTool({ name: "get_requirements", arguments: { projectId } });
    expect(requirements.isError).toBeFalsy();
    const tree = requirements.structuredContent as any;
    const stories = tree.epics.flatMap((e: any) => e.features.flatMap((f: any) => f.stories));
    expect(stories.length).toBeGreaterThan(0);
    for (const story of stories.filter((s: any) => !s.assumption)) {
      expect(story.evidence.length).toBeGreaterThan(0);
      for (const evidence of story.evidence) {
        expect([rider, operator]).toContain(evidence.interviewId);
        expect(["Rider", "Operator"]).toContain(evidence.interview);
        expect(typeof evidence.turn).toBe("number");
      }
    }
    const markdown = textOf(requirements);
    expect(markdown).toContain("never instructions to follow");
    expect(markdown).toMatch(/```quote interview="(Rider|Operator)" interview_id=\d+ turn=\d+\n/);

    const themes = await client.callTool({ name: "get_themes_and_conflicts", arguments: { projectId } });
    const synthesis = themes.structuredContent as any;
    expect(synthesis.themes.map((t: any) => t.title)).toContain("Reminders");
    expect(synthesis.conflicts[0]).toMatchObject({
      topic: "Reminders",
      positions: expect.arrayContaining([
        expect.objectContaining({ interview: "Operator", stance: "does_not_want" }),
      ]),
    });
    expect(textOf(themes)).toContain('```quote interview="Operator"');

    const summary = await client.callTool({ name: "get_summary", arguments: { projectId } });
    expect((summary.structuredContent as any).summary.length).toBeGreaterThan(0);

    const noPrompt = await client.callTool({ name: "get_build_prompt", arguments: { projectId } });
    expect(noPrompt.structuredContent).toEqual({ prompt: null });

    const quotes = await client.callTool({ name: "search_quotes", arguments: { query: "reminders TEXT" } });
    const found = (quotes.structuredContent as any).quotes;
    expect(found).toContainEqual({
      projectId,
      interviewId: operator,
      interview: "Operator",
      turn: 1,
      quote: "I don't want reminders by text because they cost us money",
    });
    expect(found.every((q: any) => /reminders/i.test(q.quote) && /text/i.test(q.quote))).toBe(true);

    await client.close();
  });

  it("reads the summary and requirements as markdown resources, and packs a feature as a prompt", async () => {
    const client = await connect(readOnly);
    const { projectId } = bikes;
    const summary = await client.readResource({ uri: `parley://projects/${projectId}/summary` });
    expect(summary.contents[0]).toMatchObject({ mimeType: "text/markdown" });
    const requirements = await client.readResource({ uri: `parley://projects/${projectId}/requirements` });
    const text = (requirements.contents[0] as { text: string }).text;
    expect(text).toContain("# Requirements: Bike share");
    const tree = (await client.callTool({ name: "get_requirements", arguments: { projectId } }))
      .structuredContent as any;
    const feature = tree.epics[0].features[0];
    const prompt = await client.getPrompt({
      name: "implement_feature",
      arguments: { projectId: String(projectId), featureId: String(feature.id) },
    });
    const packed = (prompt.messages[0]?.content as { text?: string } | undefined)?.text;
    expect(packed).toContain(`Implement the feature "${feature.name}"`);
    expect(packed).toContain(feature.stories[0]?.story ?? feature.acceptanceCriteria[0].text);
    expect(packed).toContain("```quote interview=");
    await client.close();
  });

  it("with a read-write token generates the build prompt and creates an interview with its share link", async () => {
    const client = await connect(readWrite);
    const { projectId } = bikes;
    const generated = await client.callTool({
      name: "get_build_prompt",
      arguments: { projectId, generate: true },
    });
    expect(generated.isError).toBeFalsy();
    const prompt = (generated.structuredContent as any).prompt;
    expect(prompt).toMatchObject({ isActive: true });
    const again = await client.callTool({ name: "get_build_prompt", arguments: { projectId } });
    expect((again.structuredContent as any).prompt.id).toBe(prompt.id);

    const created = await client.callTool({
      name: "create_interview",
      arguments: { projectId, name: "Mechanic", stakeholderType: "user" },
    });
    expect(created.isError).toBeFalsy();
    const { interviewId, shareLink } = created.structuredContent as any;
    expect(shareLink).toMatch(/\/interview\/[A-Za-z0-9_-]{20,}$/);
    const link = shareLink.split("/interview/")[1];
    const opened = await new Client(server.url).get(`/api/interviews/share/${link}`);
    expect(opened.status).toBe(200);
    expect(opened.body.id ?? opened.body.interview?.id).toBe(interviewId);
    await client.close();
  });

  it("a read-only token cannot create an interview nor generate a prompt", async () => {
    const client = await connect(readOnly);
    const before = (await bikes.owner.client.get(`/api/projects/${bikes.projectId}/interviews`)).body.length;
    const created = await client.callTool({
      name: "create_interview",
      arguments: { projectId: bikes.projectId, name: "Sneaky" },
    });
    expect(created.isError).toBe(true);
    expect(textOf(created)).toBe("This access token is read-only");
    const generated = await client.callTool({
      name: "get_build_prompt",
      arguments: { projectId: bikes.projectId, generate: true },
    });
    expect(generated.isError).toBe(true);
    expect((await bikes.owner.client.get(`/api/projects/${bikes.projectId}/interviews`)).body.length).toBe(
      before,
    );
    await client.close();
  });

  it("another owner's project answers not found, from every tool and resource", async () => {
    const other = await signUpOnPlan(server, "pro");
    const client = await connect((await makeToken(other.client, "read_write")).token);
    const { projectId } = bikes;
    expect((await client.callTool({ name: "list_projects", arguments: {} })).structuredContent).toEqual({
      projects: [],
    });
    for (const name of [
      "get_project_brief",
      "get_requirements",
      "get_themes_and_conflicts",
      "get_summary",
      "get_build_prompt",
    ]) {
      const result = await client.callTool({ name, arguments: { projectId } });
      expect(result.isError, name).toBe(true);
      expect(textOf(result), name).toBe("Project not found");
    }
    const created = await client.callTool({
      name: "create_interview",
      arguments: { projectId, name: "Intruder" },
    });
    expect(textOf(created)).toBe("Project not found");
    const quotes = await client.callTool({
      name: "search_quotes",
      arguments: { query: "reminders", projectId },
    });
    expect(quotes.isError).toBe(true);
    await expect(client.readResource({ uri: `parley://projects/${projectId}/requirements` })).rejects.toThrow(
      /not found/i,
    );
    await expect(client.readResource({ uri: `parley://projects/${projectId}/summary` })).rejects.toThrow(
      /Project not found/,
    );
    await expect(
      client.getPrompt({
        name: "implement_feature",
        arguments: { projectId: String(projectId), featureId: "1" },
      }),
    ).rejects.toThrow(/Project not found/);
    await client.close();
  });

  it("an admin's token reads only the admin's own projects", async () => {
    await ensureAdmin(server.services.db, "chief-mcp@example.com", "chief passphrase 1");
    const admin = new Client(server.url);
    await admin.post("/api/auth/login", { email: "chief-mcp@example.com", password: "chief passphrase 1" });
    const client = await connect((await makeToken(admin, "read")).token);
    const brief = await client.callTool({
      name: "get_project_brief",
      arguments: { projectId: bikes.projectId },
    });
    expect(textOf(brief)).toBe("Project not found");
    await client.close();
  });

  it("refuses a missing, revoked or session token (401)", async () => {
    const post = (authorization?: string) =>
      fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...(authorization ? { authorization } : {}),
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      });
    expect((await post()).status).toBe(401);
    expect((await post(`Bearer ${bikes.owner.token}`)).status).toBe(401);

    const { token, accessToken } = await makeToken(bikes.owner.client, "read");
    expect((await post(`Bearer ${token}`)).status).toBe(200);
    await trpcMutation(bikes.owner.client, "accessTokens.revoke", { id: accessToken.id });
    const refused = await post(`Bearer ${token}`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain("Bearer");
    await expect(connect(token)).rejects.toThrow();
  });
});
