import { Box, Container, Group } from "@mantine/core";
import type { ReactNode } from "react";

/** The bar at the top of a page (app, admin, public): its left group, then its right one. */
export function HeaderBar({
  size = "xl",
  wrap = "wrap",
  children,
}: {
  size?: "lg" | "xl";
  /** "nowrap" keeps both groups on one line on a phone. */
  wrap?: "wrap" | "nowrap";
  children: ReactNode;
}) {
  return (
    <Box
      component="header"
      bg="var(--parley-surface)"
      style={{ borderBottom: "1px solid var(--parley-border)" }}
    >
      <Container size={size} py="sm">
        <Group justify="space-between" wrap={wrap}>
          {children}
        </Group>
      </Container>
    </Box>
  );
}
