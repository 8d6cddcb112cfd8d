import { Group, Text } from "@mantine/core";

/** One labelled value of a profile (the account page and the admin's user page). */
export function ProfileFieldRow({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" style={{ wordBreak: "break-all" }}>
        {value}
      </Text>
    </Group>
  );
}
