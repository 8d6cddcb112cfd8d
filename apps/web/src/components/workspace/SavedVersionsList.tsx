import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { formatDateTime } from "../../lib/dates";

export interface SavedVersion {
  id: number;
  title: string;
  createdAt: string;
  isActive: boolean;
}

/**
 * A tab's saved versions, newest first as the server sends them: title, Active badge, date, and the
 * buttons the tab offers (Load, and View where the tab has a viewer). Summary and Prompt share it.
 */
export function SavedVersionsList<T extends SavedVersion>({
  versions,
  onLoad,
  onView,
  emptyText,
  disableActiveLoad = false,
}: {
  versions: T[];
  onLoad: (version: T) => void;
  onView?: (version: T) => void;
  emptyText: string;
  /** Loading the active version does nothing: say so by disabling its Load. */
  disableActiveLoad?: boolean;
}) {
  if (!versions.length)
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  return (
    <Stack gap="xs">
      {versions.map((version) => (
        <Card key={version.id} withBorder radius="md" p="sm" data-saved-version={version.id}>
          <Group justify="space-between" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Group gap="xs" wrap="nowrap">
                <Text fw={500} truncate>
                  {version.title}
                </Text>
                {version.isActive && (
                  <Badge size="sm" color="green">
                    Active
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {formatDateTime(version.createdAt)}
              </Text>
            </div>
            <Group gap="xs" wrap="nowrap">
              {onView && (
                <Button size="xs" variant="default" onClick={() => onView(version)}>
                  View
                </Button>
              )}
              <Button
                size="xs"
                variant="light"
                disabled={disableActiveLoad && version.isActive}
                onClick={() => onLoad(version)}
              >
                Load
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
