import { Box } from "@mantine/core";
import type { ReactNode } from "react";
import { AppHeader } from "./AppHeader";

/** A signed-in page: the header, an optional banner under it, and the page's `<main>` (the skip link's target). */
export function PageShell({
  children,
  signOutLabel,
  banner,
}: {
  children: ReactNode;
  signOutLabel?: string;
  banner?: ReactNode;
}) {
  return (
    <Box mih="100vh" bg="var(--parley-page-bg)">
      <AppHeader {...(signOutLabel ? { signOutLabel } : {})} />
      {banner}
      <Main>{children}</Main>
    </Box>
  );
}

/** The page's main landmark; focusable so the skip link can move focus into it. */
export function Main({ children }: { children: ReactNode }) {
  return (
    <Box component="main" id="main-content" tabIndex={-1}>
      {children}
    </Box>
  );
}
