import { Group, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown } from "@tabler/icons-react";
import type { ReactNode } from "react";

/**
 * The header of a card folded under one line: its title, what it holds in a few words while folded,
 * and a chevron; the whole line opens and closes the part it controls.
 */
export function FoldedCardHeader({
  opened,
  onToggle,
  controls,
  title,
  summary,
  icon,
}: {
  opened: boolean;
  onToggle: () => void;
  /** The id of the part it opens. */
  controls: string;
  title: string;
  summary: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <UnstyledButton
      onClick={onToggle}
      aria-expanded={opened}
      aria-controls={controls}
      px="lg"
      py="sm"
      w="100%"
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {icon}
          <Text fw={600} size="sm">
            {title}
          </Text>
          {!opened && (
            <Text size="sm" c="dimmed" truncate>
              {summary}
            </Text>
          )}
        </Group>
        <IconChevronDown
          size={16}
          aria-hidden
          style={{ transform: opened ? "rotate(180deg)" : undefined, transition: "transform 150ms" }}
        />
      </Group>
    </UnstyledButton>
  );
}
