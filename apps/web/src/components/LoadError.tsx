import { Alert, Button, Text } from "@mantine/core";

/** A query that failed to load: what could not be loaded, and a way to try again. */
export function LoadError({
  title,
  message,
  query,
}: {
  title: string;
  message: string;
  query: { isFetching: boolean; refetch: () => unknown };
}) {
  return (
    <Alert color="red" variant="light" title={title}>
      <Text size="sm">{message}</Text>
      <Button
        mt="xs"
        size="xs"
        color="red"
        variant="light"
        loading={query.isFetching}
        onClick={() => query.refetch()}
      >
        Try again
      </Button>
    </Alert>
  );
}
