import { Box, Card, Container, Group, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { AppHeader } from "./AppHeader";

/** A whole page that says one thing: a record that is missing, or one that failed to load. */
export function NoticePage({
  title,
  text,
  signOutLabel,
  children,
}: {
  title: string;
  text: string;
  signOutLabel?: string;
  /** The ways on: back, try again. */
  children: ReactNode;
}) {
  return (
    <Box mih="100vh" bg="gray.0">
      <AppHeader {...(signOutLabel ? { signOutLabel } : {})} />
      <Container size="sm" py={80}>
        <Card withBorder radius="lg" p="xl" ta="center">
          <Title order={2}>{title}</Title>
          <Text c="dimmed" mt="sm">
            {text}
          </Text>
          <Group justify="center" mt="lg">
            {children}
          </Group>
        </Card>
      </Container>
    </Box>
  );
}
