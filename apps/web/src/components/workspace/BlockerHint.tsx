import { Text } from "@mantine/core";
import type { ReactNode } from "react";

/** Why an action cannot run yet, under its button (which names it in aria-describedby). */
export function BlockerHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Text id={id} size="xs" c="dimmed" ta={{ base: "left", sm: "right" }} mt={-8} data-testid={id}>
      {children}
    </Text>
  );
}
