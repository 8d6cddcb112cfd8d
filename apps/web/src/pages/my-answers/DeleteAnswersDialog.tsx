import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";

/** Asks before deleting for good, and says what stays; a failure shows here and changes nothing. */
export function DeleteAnswersDialog({
  opened,
  usedInDocuments,
  deleting,
  error,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  usedInDocuments: boolean;
  deleting: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Delete what you said?" centered>
      <Stack gap="sm">
        <Text size="sm">
          Your words in this interview, your notes and images, and the personal details found in them are
          deleted from Parley for good. This cannot be undone, and this link stops working.
        </Text>
        {usedInDocuments && (
          <Text size="sm">The documents the team already made from it stay, with placeholders only.</Text>
        )}
        <Text size="sm" c="dimmed">
          The project's owner is told by email that you deleted them.
        </Text>
        {error && (
          <Alert color="red" variant="light" title="Nothing was deleted" role="alert">
            {error} Please try again.
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel} data-autofocus disabled={deleting}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={deleting}>
            Delete for good
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
