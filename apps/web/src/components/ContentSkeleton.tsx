import { SimpleGrid, Skeleton } from "@mantine/core";

/**
 * Grey shapes where content is loading, in the layout it will take (cards in a grid, or one block),
 * instead of a spinner in an empty area.
 */
export function ContentSkeleton({
  label,
  count = 3,
  height = 140,
  cols = { base: 1, sm: 2, lg: 3 },
}: {
  label: string;
  count?: number;
  height?: number;
  cols?: number | Record<string, number>;
}) {
  return (
    <SimpleGrid cols={cols} spacing="lg" aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={height} radius="lg" />
      ))}
    </SimpleGrid>
  );
}
