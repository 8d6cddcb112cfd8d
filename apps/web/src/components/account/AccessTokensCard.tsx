import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { ZCreateAccessTokenInput } from "@parley/api/schemas/access-token";
import { IconCheck, IconCopy, IconKey } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { formatDate, formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast";
import { useTRPC } from "../../lib/trpc";
import { LoadError } from "../LoadError";

/** The account page's anchor for this card: the Prompt tab links here to create a token. */
export const ACCESS_TOKENS_ANCHOR = "access-tokens";

const SCOPES = [
  { value: "read", label: "Read only" },
  { value: "read_write", label: "Read and write" },
];
const EXPIRIES = [
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
];

const serverRules = schemaResolver(ZCreateAccessTokenInput, { sync: true });

/** A new token, shown once: after this dialog closes only its first characters are ever shown. */
function NewTokenDialog({ token, onClose }: { token: string | null; onClose: () => void }) {
  return (
    <Modal opened={token !== null} onClose={onClose} title="Your new access token" centered size="lg">
      <Stack>
        <Alert color="yellow" variant="light">
          Copy it now: Parley keeps only a hash, so this is the only time the token is shown.
        </Alert>
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, wordBreak: "break-all" }} aria-label="New access token">
            {token}
          </Code>
          <CopyButton value={token ?? ""}>
            {({ copied, copy }) => (
              <Button onClick={copy} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}>
                {copied ? "Copied" : "Copy"}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: "", scope: "read", expiresInDays: "30" },
    // The server's own rules, shown under each field (the selects hold strings).
    validate: (values) => serverRules({ ...values, expiresInDays: Number(values.expiresInDays) }),
  });
  const create = useMutation(
    trpc.accessTokens.create.mutationOptions({
      onSuccess: async ({ token }) => {
        form.reset();
        onCreated(token);
        await queryClient.invalidateQueries({ queryKey: trpc.accessTokens.list.queryKey() });
      },
      meta: { errorTitle: "Failed to create access token" },
    }),
  );
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        create.mutate({
          name: values.name,
          scope: values.scope as "read" | "read_write",
          expiresInDays: Number(values.expiresInDays) as 7 | 30 | 90 | 365,
        }),
      )}
    >
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Name"
          placeholder="e.g. Claude Code on my laptop"
          maxLength={100}
          {...form.getInputProps("name")}
        />
        <Select label="Access" data={SCOPES} allowDeselect={false} w={170} {...form.getInputProps("scope")} />
        <Select
          label="Expires in"
          data={EXPIRIES}
          allowDeselect={false}
          w={130}
          {...form.getInputProps("expiresInDays")}
        />
        <Button type="submit" leftSection={<IconKey size={16} />} loading={create.isPending}>
          Create token
        </Button>
      </Group>
    </form>
  );
}

/** Personal access tokens for coding agents and scripts: the REST door, /trpc and the MCP server. */
export function AccessTokensCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.accessTokens.list.queryOptions());
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);
  const revoke = useMutation(
    trpc.accessTokens.revoke.mutationOptions({
      onSuccess: async () => {
        setRevoking(null);
        await queryClient.invalidateQueries({ queryKey: trpc.accessTokens.list.queryKey() });
        toast({ title: "Token revoked", description: "Calls made with it are now refused." });
      },
      onError: () => setRevoking(null),
      meta: { errorTitle: "Failed to revoke access token" },
    }),
  );
  const now = Date.now();
  // Arriving from the Prompt tab's link (/account#access-tokens): bring the card into view.
  const { hash } = useLocation();
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === `#${ACCESS_TOKENS_ANCHOR}`) card.current?.scrollIntoView({ block: "start" });
  }, [hash]);

  return (
    <Card withBorder radius="lg" p="lg" id={ACCESS_TOKENS_ANCHOR} ref={card}>
      <Title order={3}>Personal access tokens</Title>
      <Text size="sm" c="dimmed" mb="md">
        Let a coding agent or a script use Parley as you: send the token as{" "}
        <Code>Authorization: Bearer …</Code> to the MCP server at{" "}
        <Code>{`${window.location.origin}/mcp`}</Code> or the API. A read-only token cannot change anything;
        no token can reach the admin area.
      </Text>
      <Stack>
        <CreateTokenForm onCreated={setShown} />
        {tokens.isLoading ? (
          <Loader size="sm" aria-label="Loading access tokens" />
        ) : tokens.isError ? (
          <LoadError
            title="Error loading access tokens"
            message="Your tokens could not be loaded."
            query={tokens}
          />
        ) : !tokens.data?.length ? (
          <Text size="sm" c="dimmed">
            No access tokens yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Token</Table.Th>
                  <Table.Th>Access</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tokens.data.map((token) => {
                  const expired = Date.parse(token.expiresAt) <= now;
                  return (
                    <Table.Tr key={token.id}>
                      <Table.Td>{token.name}</Table.Td>
                      <Table.Td>
                        <Code>{token.prefix}…</Code>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={token.scope === "read" ? "gray" : "blue"}>
                          {token.scope === "read" ? "Read only" : "Read and write"}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {expired ? (
                          <Badge color="red" variant="light">
                            Expired
                          </Badge>
                        ) : (
                          formatDate(token.expiresAt)
                        )}
                      </Table.Td>
                      <Table.Td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : "Never"}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => setRevoking({ id: token.id, name: token.name })}
                        >
                          Revoke
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <NewTokenDialog token={shown} onClose={() => setShown(null)} />
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="Revoke this token?" centered>
        <Text size="sm">Anything using "{revoking?.name}" stops working at once. This cannot be undone.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setRevoking(null)} data-autofocus>
            Cancel
          </Button>
          <Button
            color="red"
            loading={revoke.isPending}
            onClick={() => revoking && revoke.mutate({ id: revoking.id })}
          >
            Revoke
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
