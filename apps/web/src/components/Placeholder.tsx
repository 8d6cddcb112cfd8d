import { Container, Text, Title } from "@mantine/core";

/** A route whose screen is not built yet. */
export function Placeholder({ title }: { title: string }) {
  return (
    <Container size="sm" py="xl">
      <Title order={2}>{title}</Title>
      <Text c="dimmed" mt="sm">
        This page is coming soon.
      </Text>
    </Container>
  );
}
