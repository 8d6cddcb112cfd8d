import { Card, Group, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A titled card of a page: its heading, with any actions to the right of it, then the content. */
export function SectionCard({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" p="lg">
      {actions ? (
        <Group justify="space-between" mb="sm">
          <Title order={4}>{title}</Title>
          {actions}
        </Group>
      ) : (
        <Title order={4} mb="sm">
          {title}
        </Title>
      )}
      {children}
    </Card>
  );
}
