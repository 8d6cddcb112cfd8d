import { Box, Container, Group, Skeleton, Stack } from "@mantine/core";

/**
 * A page still loading: the shapes of a header and content instead of a blank screen with a spinner,
 * so a slow network shows where things will be.
 */
export function PageLoader({ label = "Loading..." }: { label?: string }) {
  return (
    <Box mih="100vh" aria-busy="true" aria-label={label} role="status">
      <Box py="sm" style={{ borderBottom: "1px solid var(--parley-border)" }}>
        <Container size="xl">
          <Group justify="space-between">
            <Skeleton h={32} w={120} />
            <Skeleton h={28} w={28} circle />
          </Group>
        </Container>
      </Box>
      <Container size="xl" py="xl">
        <Stack gap="md">
          <Skeleton h={32} w="40%" />
          <Skeleton h={16} w="70%" />
          <Skeleton h={120} mt="md" />
          <Skeleton h={120} />
        </Stack>
      </Container>
    </Box>
  );
}
