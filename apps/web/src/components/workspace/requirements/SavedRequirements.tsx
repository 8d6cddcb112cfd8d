import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { RouterOutputs } from "@parley/api";
import { useMutation } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { formatDateTime } from "../../../lib/dates";
import { copyText } from "../../../lib/download";
import { toast } from "../../../lib/toast";
import { useTRPC } from "../../../lib/trpc";
import { useConfirm } from "../../ConfirmDialog";
import { Markdown } from "../Markdown";
import { describeRequirements } from "./describeRequirements";

type SavedDoc = RouterOutputs["requirements"]["get"]["documents"][number];

function SavedCard({
  doc,
  onView,
  onActivate,
  onDelete,
}: {
  doc: SavedDoc;
  onView: () => void;
  onActivate: () => void;
  onDelete: () => void;
}) {
  const confirm = useConfirm();
  const { counts, preview } = useMemo(() => describeRequirements(doc.content), [doc.content]);
  return (
    <Card withBorder radius="md" p="md" data-saved-requirements={doc.id}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} truncate>
          {doc.title}
        </Text>
        {doc.isActive && <Badge color="green">Active</Badge>}
      </Group>
      <Text size="xs" c="dimmed">
        {formatDateTime(doc.createdAt)} · {counts}
      </Text>
      <Text size="sm" mt="xs" c="dimmed" lineClamp={3}>
        {preview}
      </Text>
      <Group gap="xs" mt="sm">
        <Button size="xs" variant="default" onClick={onView}>
          View
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={async () => {
            if (await copyText(doc.content))
              toast({ title: "Copied", description: "The requirements are on your clipboard." });
          }}
        >
          Copy
        </Button>
        <Button size="xs" variant="light" disabled={doc.isActive} onClick={onActivate}>
          Activate
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() =>
            confirm({
              title: "Delete these saved requirements?",
              message: `“${doc.title}” will be deleted.${doc.isActive ? " It is the active document: the requirements structure will be cleared too." : ""}`,
              onConfirm: onDelete,
            })
          }
        >
          Delete
        </Button>
      </Group>
    </Card>
  );
}

/** The 'Saved Requirements' cards and the dialog that shows one in full. */
export function SavedRequirements({
  documents,
  refresh,
}: {
  documents: SavedDoc[];
  refresh: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const [viewing, setViewing] = useState<SavedDoc | null>(null);
  const activate = useMutation(
    trpc.documents.activate.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setViewing(null);
        toast({
          title: "Requirements activated",
          description: "The saved requirements are now the active structure.",
        });
      },
      meta: { errorTitle: "Error activating requirements" },
    }),
  );
  const remove = useMutation(
    trpc.documents.delete.mutationOptions({
      onSuccess: () => refresh(),
      meta: { errorTitle: "Error deleting requirements" },
    }),
  );
  return (
    <Stack gap="sm">
      <Title order={4} mt="md">
        Saved Requirements
      </Title>
      {!documents.length ? (
        <Text size="sm" c="dimmed">
          Generated requirements are saved here.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {documents.map((doc) => (
            <SavedCard
              key={doc.id}
              doc={doc}
              onView={() => setViewing(doc)}
              onActivate={() => activate.mutate({ id: doc.id })}
              onDelete={() => remove.mutate({ id: doc.id })}
            />
          ))}
        </SimpleGrid>
      )}
      <Modal opened={Boolean(viewing)} onClose={() => setViewing(null)} title={viewing?.title} size="xl">
        {viewing && (
          <Stack>
            <Card withBorder mah="60vh" style={{ overflow: "auto" }}>
              <Markdown>{viewing.content}</Markdown>
            </Card>
            <Group justify="flex-end">
              <Button onClick={() => activate.mutate({ id: viewing.id })} disabled={viewing.isActive}>
                Activate
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
