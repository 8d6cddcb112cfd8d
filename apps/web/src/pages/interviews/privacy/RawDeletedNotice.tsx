import { Card, Group, Text, ThemeIcon, Title } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { formatDate } from "../../../lib/dates";

/** Why the raw record is gone, in the owner's words (issue 26). */
export function rawDeletedText(
  deletedAt: string,
  by: "participant" | "retention" | null | undefined,
  retentionDays: number | null,
): string {
  const day = formatDate(deletedAt);
  if (by === "participant")
    return `The participant deleted what they said on ${day}. Documents made from it keep placeholders only.`;
  if (retentionDays !== null)
    return `Deleted on ${day}, as this project keeps raw conversations for ${retentionDays} days.`;
  return `Deleted on ${day}, under this project's retention setting. Documents made from it keep placeholders only.`;
}

/** In place of the conversation once its raw record is deleted. */
export function RawDeletedNotice({
  deletedAt,
  by,
  retentionDays,
}: {
  deletedAt: string;
  by: "participant" | "retention" | null | undefined;
  retentionDays: number | null;
}) {
  return (
    <Card withBorder radius="lg" p="lg" data-testid="raw-deleted">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="gray" variant="light" size="lg" radius="xl" aria-hidden>
          <IconTrash size={18} />
        </ThemeIcon>
        <div>
          <Title order={4}>Conversation deleted</Title>
          <Text size="sm" mt={4}>
            {rawDeletedText(deletedAt, by, retentionDays)}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            The conversation, transcript, notes and images are no longer kept. Summaries, requirements and
            prompts made from them stay on the project.
          </Text>
        </div>
      </Group>
    </Card>
  );
}
