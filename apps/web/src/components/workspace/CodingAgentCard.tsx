import { Anchor, Button, Card, Code, CopyButton, Group, Stack, Text, Title } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { Link } from "react-router";
import { ACCESS_TOKENS_ANCHOR } from "../account/AccessTokensCard";

/** One line of configuration for a common coding agent; `<token>` stands for a personal access token. */
function agentConfigs(mcpUrl: string) {
  return [
    {
      agent: "Claude Code",
      line: `claude mcp add --transport http parley ${mcpUrl} --header "Authorization: Bearer <token>"`,
    },
    {
      agent: "Cursor (.cursor/mcp.json)",
      line: JSON.stringify({
        mcpServers: { parley: { url: mcpUrl, headers: { Authorization: "Bearer <token>" } } },
      }),
    },
    {
      agent: "VS Code / Copilot (.vscode/mcp.json)",
      line: JSON.stringify({
        servers: { parley: { type: "http", url: mcpUrl, headers: { Authorization: "Bearer <token>" } } },
      }),
    },
  ];
}

/** The Prompt tab's way into a coding agent: the MCP address, a config line per client, a token link. */
export function CodingAgentCard() {
  const mcpUrl = `${window.location.origin}/mcp`;
  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={4}>Use in your coding agent</Title>
      <Text size="sm" c="dimmed" mb="sm">
        Your agent can read this project's requirements, every story's interview quotes, the summary and this
        prompt from Parley's MCP server at <Code>{mcpUrl}</Code>. Replace <Code>{"<token>"}</Code> with a{" "}
        <Anchor component={Link} to={`/account#${ACCESS_TOKENS_ANCHOR}`} underline="always">
          personal access token
        </Anchor>
        .
      </Text>
      <Stack gap="xs">
        {agentConfigs(mcpUrl).map(({ agent, line }) => (
          <Stack key={agent} gap={4}>
            <Text size="sm" fw={500}>
              {agent}
            </Text>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Code block style={{ flex: 1, whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
                {line}
              </Code>
              <CopyButton value={line}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={copy}
                    aria-label={`Copy the ${agent} configuration`}
                    leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  >
                    {copied ? "Copied" : "Copy"}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
